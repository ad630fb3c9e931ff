// The slab's surface compliance in HODLR form built from slab solves alone (issue 20, goals 2 and 3):
// at the resolutions where the dense operators do not fit (n_x = 16 385: 4.6 GB per dense operator;
// 65 537: 73 GB), what the compressed one takes to build, store, factor and apply.
//   bench_surface_compliance -levels 14 [-leaf 32] [-tol 1e-12] [-rank r (default 2 rows + 4)]
//                            [-oversampling 10] [-checks 4]
// One rank, the Fig. 6 slab on its platen, every top node in the range (n_x nodes, 2 n_x dofs), the top
// free of traction. Prints the slab solves the peeling took (both directions), the build's wall and CPU
// time, the storage against dense, the ranks per level, the relative error of C f against a direct slab
// solve for `checks` random force vectors (the independent check: no dense matrix is formed), then the
// HODLR factorisation, a solve and a column (CPU times); then the contact block C_HH of a contact set like
// the Fig. 6 normal contact's (its principal submatrix, factored), and the process's peak memory.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/process_clock.hpp"
#include "tribo/hmatrix/hodlr_solver.hpp"
#include "tribo/slab/surface_compliance.hpp"

#include <cmath>
#include <petsctime.h>
#include <random>
#include <vector>

using namespace tribo;

namespace {

double wall() {
  PetscLogDouble t = 0;
  PetscTime(&t);
  return t;
}

} // namespace

int main(int argc, char **argv) {
  PetscSession petsc(&argc, &argv,
                     "bench_surface_compliance: the HODLR surface compliance from slab solves\n");
  try {
    PetscInt levels = 12, leaf = 32, rank = -1, oversampling = 10, checks = 4;
    PetscReal tol = 1e-12;
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-levels", &levels, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-leaf", &leaf, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-rank", &rank, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-oversampling", &oversampling, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-checks", &checks, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetReal(nullptr, nullptr, "-tol", &tol, nullptr));
    PinOnSlabSetup s;
    s.slab.levels = static_cast<int>(levels);
    const BinaryHierarchy grid = s.slab.grid();
    SlabSystem slab(PETSC_COMM_SELF, grid, s.slab.elastic, s.support, SlabSolverOptions{});
    const std::int64_t nx = grid.surfaceNodeCount(), n = 2 * nx;
    SurfaceComplianceOptions o;
    o.rank_bound = rank > 0 ? static_cast<int>(rank) : 2 * grid.rowCount() + 4;
    o.oversampling = static_cast<int>(oversampling);
    o.hodlr.leaf_nodes = static_cast<int>(leaf);
    o.hodlr.tolerance = tol;
    PetscPrintf(PETSC_COMM_SELF,
                "n_x %lld, %d rows, %lld slab nodes; rank bound %d, oversampling %d, tol %.0e\n",
                static_cast<long long>(nx), grid.rowCount(), static_cast<long long>(grid.nodeCount()),
                o.rank_bound, o.oversampling, tol);
    double w0 = wall(), c0 = processCpuSeconds();
    long long solves = 0;
    const HodlrMatrix c = compressSurfaceCompliance(slab, 0, nx, o, &solves);
    PetscPrintf(
        PETSC_COMM_SELF,
        "built from %lld slab solves (%.2f per dof) in %.1f s wall, %.1f s CPU; %.1f MB against %.1f MB "
        "dense\n",
        solves, static_cast<double>(solves) / static_cast<double>(n), wall() - w0, processCpuSeconds() - c0,
        c.bytes() / 1048576.0, 8.0 * static_cast<double>(n) * static_cast<double>(n) / 1048576.0);
    const std::vector<HodlrLevelRanks> ranks = c.levelRanks();
    for (std::size_t l = 0; l < ranks.size(); ++l)
      PetscPrintf(PETSC_COMM_SELF, "  level %zu: %d blocks, rank max %d, mean %.1f\n", l, ranks[l].blocks,
                  ranks[l].max_rank, ranks[l].mean_rank);

    // The check against the slab itself: C f from the factors against one blocked solve of the forces.
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    const auto rows = static_cast<PetscInt>(2 * grid.nodeCount());
    std::vector<double> f(static_cast<std::size_t>(n * checks)), y(f.size());
    for (double &v : f)
      v = uniform(rng);
    c.multiply(static_cast<int>(checks), f.data(), n, y.data(), n);
    OwnedMat b;
    TRIBO_PETSC_CALL(MatCreateDense(PETSC_COMM_SELF, rows, PETSC_DECIDE, rows, checks, nullptr, b.out()));
    PetscScalar *a = nullptr;
    PetscInt lda = 0;
    TRIBO_PETSC_CALL(MatDenseGetLDA(b, &lda));
    TRIBO_PETSC_CALL(MatDenseGetArray(b, &a));
    for (PetscInt j = 0; j < checks; ++j) {
      std::fill(a + j * lda, a + j * lda + rows, 0.0);
      for (std::int64_t i = 0; i < n; ++i)
        a[j * lda + slab.globalDof({0, i / 2}, static_cast<Component>(i % 2))] = f[j * n + i];
    }
    TRIBO_PETSC_CALL(MatDenseRestoreArray(b, &a));
    TRIBO_PETSC_CALL(MatAssemblyBegin(b, MAT_FINAL_ASSEMBLY));
    TRIBO_PETSC_CALL(MatAssemblyEnd(b, MAT_FINAL_ASSEMBLY));
    const OwnedMat d = slab.solvePrescribed(b);
    const PetscScalar *dv = nullptr;
    PetscInt ldd = 0;
    TRIBO_PETSC_CALL(MatDenseGetLDA(d, &ldd));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(d, &dv));
    double worst = 0;
    for (PetscInt j = 0; j < checks; ++j) {
      double err = 0, ref = 0;
      for (std::int64_t i = 0; i < n; ++i) {
        const double r = dv[j * ldd + slab.globalDof({0, i / 2}, static_cast<Component>(i % 2))];
        err += (y[j * n + i] - r) * (y[j * n + i] - r), ref += r * r;
      }
      worst = std::max(worst, std::sqrt(err / ref));
    }
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(d, &dv));
    PetscPrintf(PETSC_COMM_SELF,
                "C f against a slab solve, %d random force vectors: relative error at most %.2e\n",
                static_cast<int>(checks), worst);

    c0 = processCpuSeconds();
    const HodlrFactorisation factors(c);
    const double factor_s = processCpuSeconds() - c0;
    std::vector<double> x(static_cast<std::size_t>(n));
    c0 = processCpuSeconds();
    factors.solve(y.data(), x.data());
    const double solve_s = processCpuSeconds() - c0;
    double err = 0, ref = 0;
    for (std::int64_t i = 0; i < n; ++i)
      err += (x[i] - f[i]) * (x[i] - f[i]), ref += f[i] * f[i];
    std::vector<double> column(static_cast<std::size_t>(n));
    constexpr int column_count = 64;
    c0 = processCpuSeconds();
    for (int k = 0; k < column_count; ++k)
      c.column((static_cast<std::int64_t>(k) * 7919) % n, column.data());
    const double column_s = (processCpuSeconds() - c0) / column_count;
    PetscPrintf(
        PETSC_COMM_SELF,
        "HODLR factorisation %.3f s (%.1f MB), solve %.3e s (C^-1 C f against f: %.2e), column %.3e s\n",
        factor_s, factors.bytes() / 1048576.0, solve_s, std::sqrt(err / ref), column_s);

    // The contact block of a contact set like the Fig. 6 normal contact's (the middle 54 % of the top
    // nodes, both dofs held): C_HH, the principal submatrix, factored as a contact path would refactor it.
    std::vector<char> held(static_cast<std::size_t>(n), 0);
    for (std::int64_t i = 0; i < n; ++i)
      held[i] = std::abs(static_cast<double>(i / 2) - 0.5 * static_cast<double>(nx - 1)) <= 0.27 * nx;
    c0 = processCpuSeconds();
    const HodlrMatrix chh = c.principal(held);
    const double principal_s = processCpuSeconds() - c0;
    c0 = processCpuSeconds();
    const HodlrFactorisation chh_factors(chh);
    const double chh_factor_s = processCpuSeconds() - c0;
    std::vector<double> xh(static_cast<std::size_t>(chh.size()), 1.0);
    c0 = processCpuSeconds();
    chh_factors.solve(xh.data(), xh.data());
    PetscPrintf(PETSC_COMM_SELF,
                "contact block C_HH (%lld held dofs): extracted in %.3f s, factored in %.3f s, solve %.3e s; "
                "peak memory %.0f MB\n",
                static_cast<long long>(chh.size()), principal_s, chh_factor_s, processCpuSeconds() - c0,
                peakResidentMegabytes());
  } catch (const std::exception &e) {
    PetscPrintf(PETSC_COMM_WORLD, "bench_surface_compliance: %s\n", e.what());
    return 2;
  }
  return 0;
}
