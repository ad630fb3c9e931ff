// How far the condensed surface operator compresses, and what its HODLR form costs to use (issue 20,
// goals 2 and 3): the zone stiffness S_Z (f_Z = S_Z d_Z, docs/model.md §16) and the zone compliance
// C_Z = S_Z^{-1}, each as a tribo::HodlrMatrix (src/hmatrix/: the node range halved recursively, leaves
// of `leaf` nodes dense, every off-diagonal block cut at tol ||A||_2), their storage against dense, and
// for S_Z the HODLR factorisation, solve and column extraction against LAPACK's dense LU and a dense
// column read. A design measurement: no solver uses the compressed form.
//   bench_compression -levels 10 [-leaf 32] [-tol 1e-12] [-coarsenings c (the graded hierarchy)]
//                     [-rhs 8] [-columns 256] [-peel_rank r (0: skip) [-oversampling 10]] [-inverse 0 (skip
//                     C_Z)]
// One rank. Prints, per level of the tree, the largest and mean rank of its off-diagonal blocks, the
// storage of both matrices against dense and the relative error of a matvec (random vector), then the
// timings (CPU seconds of this process; OpenBLAS serial) and the HODLR solve's error against dgetrs.
// With -peel_rank r, S_Z is also built from products alone (HodlrMatrix::fromProducts, rank bound r; the
// dense S_Z as the black box): the number of columns applied (each would be a slab solve) and the
// difference of a matvec from the fromDense form.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/petsc_handles.hpp"
#include "tribo/core/process_clock.hpp"
#include "tribo/hmatrix/dense_blas.hpp"
#include "tribo/hmatrix/hodlr.hpp"
#include "tribo/hmatrix/hodlr_solver.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace tribo;

namespace {

std::vector<double> randomVectors(std::int64_t n, int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> x(static_cast<std::size_t>(n * count));
  for (double &v : x)
    v = uniform(rng);
  return x;
}

double relativeDistance(const std::vector<double> &a, const std::vector<double> &b) {
  double err = 0, ref = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    err += (a[i] - b[i]) * (a[i] - b[i]), ref += b[i] * b[i];
  return std::sqrt(err / ref);
}

/// The HODLR form of the dense n x n matrix a: ranks per level, storage and a matvec's error.
HodlrMatrix compressAndReport(const char *name, const std::vector<double> &a, std::int64_t n,
                              const HodlrOptions &options) {
  const double t0 = processCpuSeconds();
  HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, options);
  const double build_s = processCpuSeconds() - t0;
  const std::vector<double> x = randomVectors(n, 1, 7);
  std::vector<double> y(x.size()), y_dense(x.size());
  h.multiply(x.data(), y.data());
  dense::gemv('N', n, n, 1.0, a.data(), n, x.data(), 1, 0.0, y_dense.data());
  const std::vector<HodlrLevelRanks> levels = h.levelRanks();
  for (std::size_t l = 0; l < levels.size(); ++l)
    PetscPrintf(PETSC_COMM_SELF, "  %s level %zu: %d blocks of ~%d dofs, rank max %d, mean %.1f\n", name, l,
                levels[l].blocks, static_cast<int>(n >> (l + 1)), levels[l].max_rank, levels[l].mean_rank);
  const double dense_bytes = 8.0 * static_cast<double>(n) * static_cast<double>(n);
  PetscPrintf(PETSC_COMM_SELF,
              "%s: %d x %d, ||A||_2 %.3e; HODLR at tol %.0e: %.2f MB against %.2f MB dense (%.1f%%), matvec "
              "relative error %.2e; built in %.3f s CPU\n",
              name, static_cast<int>(n), static_cast<int>(n), h.norm2Estimate(), options.tolerance,
              h.bytes() / 1048576.0, dense_bytes / 1048576.0, 100 * h.bytes() / dense_bytes,
              relativeDistance(y, y_dense), build_s);
  return h;
}

} // namespace

int main(int argc, char **argv) {
  PetscSession petsc(&argc, &argv, "bench_compression: HODLR form of the condensed surface operator\n");
  try {
    PetscInt levels = 10, leaf = 32, coarsenings = -1, rhs = 8, columns = 256, peel_rank = 0,
             oversampling = 10;
    PetscBool inverse = PETSC_TRUE;
    PetscReal tol = 1e-12;
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-levels", &levels, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-leaf", &leaf, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetReal(nullptr, nullptr, "-tol", &tol, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-coarsenings", &coarsenings, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-rhs", &rhs, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-columns", &columns, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-peel_rank", &peel_rank, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-oversampling", &oversampling, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetBool(nullptr, nullptr, "-inverse", &inverse, nullptr));
    PinOnSlabSetup s;
    s.slab.levels = static_cast<int>(levels);
    if (coarsenings >= 0) s.slab.hierarchy = {HierarchyFamily::Kind::graded, static_cast<int>(coarsenings)};
    s.solver_path = SolverPath::condensed;
    PinOnSlab model(PETSC_COMM_SELF, s);
    model.establishNormalContact(); // the zone of the Fig. 6 case, condensed
    const CondensedSurfaceSolver &con = *model.condensed();
    const std::int64_t z0 = con.zoneFirst(), m = con.zoneNodes();
    const std::size_t nx = model.surface().surfaceX().size();
    // Every zone node held: each unit response is a column of [S_Z; T_OZ]; keep S_Z.
    const double t_form = processCpuSeconds();
    std::vector<char> held(nx, 0);
    std::fill(held.begin() + z0, held.begin() + z0 + m, 1);
    model.surface().setContactSet(held, held);
    const std::int64_t n = 2 * m;
    std::vector<double> S(static_cast<std::size_t>(n * n));
    SurfaceState out;
    for (std::int64_t k = 0; k < m; ++k)
      for (int c = 0; c < 2; ++c) {
        model.surface().unitResponse(static_cast<int>(z0 + k), c == 0 ? Component::u : Component::w, out);
        double *col = S.data() + (2 * k + c) * n;
        for (std::int64_t i = 0; i < m; ++i)
          col[2 * i] = out.fx[z0 + i], col[2 * i + 1] = out.fz[z0 + i];
      }
    PetscPrintf(PETSC_COMM_SELF,
                "n_x %zu, %d rows, zone %lld nodes (%d dofs), leaves of %d nodes; S_Z formed in %.1f s CPU\n",
                nx, s.slab.grid().rowCount(), static_cast<long long>(m), static_cast<int>(n),
                static_cast<int>(leaf), processCpuSeconds() - t_form);
    HodlrOptions options;
    options.leaf_nodes = static_cast<int>(leaf);
    options.tolerance = tol;
    const HodlrMatrix hs = compressAndReport("S_Z", S, n, options);

    // S_Z: HODLR (Woodbury) against dense LU, rhs single right-hand sides each; columns against a read.
    double t0 = processCpuSeconds();
    const HodlrFactorisation f(hs);
    const double hodlr_factor_s = processCpuSeconds() - t0;
    std::vector<double> lu = S;
    std::vector<PetscBLASInt> piv;
    t0 = processCpuSeconds();
    dense::luFactor(n, lu.data(), piv, "bench_compression: S_Z");
    const double dense_factor_s = processCpuSeconds() - t0;
    const std::vector<double> b = randomVectors(n, static_cast<int>(rhs), 3);
    std::vector<double> x_hodlr(b.size()), x_dense = b;
    t0 = processCpuSeconds();
    for (PetscInt r = 0; r < rhs; ++r)
      f.solve(b.data() + r * n, x_hodlr.data() + r * n);
    const double hodlr_solve_s = (processCpuSeconds() - t0) / static_cast<double>(rhs);
    t0 = processCpuSeconds();
    for (PetscInt r = 0; r < rhs; ++r)
      dense::luSolve(n, lu.data(), piv, 1, x_dense.data() + r * n, n);
    const double dense_solve_s = (processCpuSeconds() - t0) / static_cast<double>(rhs);
    const std::int64_t ncol = std::min<std::int64_t>(columns, n),
                       stride = std::max<std::int64_t>(n / ncol, 1);
    std::vector<double> col(static_cast<std::size_t>(n));
    double checksum = 0;
    t0 = processCpuSeconds();
    for (std::int64_t q = 0; q < ncol; ++q) {
      hs.column(q * stride, col.data());
      checksum += col[static_cast<std::size_t>(q * stride)];
    }
    const double hodlr_column_s = (processCpuSeconds() - t0) / static_cast<double>(ncol);
    t0 = processCpuSeconds();
    for (std::int64_t q = 0; q < ncol; ++q) {
      const double *c = S.data() + q * stride * n;
      std::copy(c, c + n, col.begin());
      checksum -= col[static_cast<std::size_t>(q * stride)];
    }
    const double dense_column_s = (processCpuSeconds() - t0) / static_cast<double>(ncol);
    PetscPrintf(
        PETSC_COMM_SELF,
        "S_Z factorisation: HODLR %.4f s (%.2f MB of factors), dense LU %.4f s; solve per right-hand side "
        "(%d): HODLR %.3e s, dense %.3e s; HODLR solve against dense, relative %.2e\n",
        hodlr_factor_s, f.bytes() / 1048576.0, dense_factor_s, static_cast<int>(rhs), hodlr_solve_s,
        dense_solve_s, relativeDistance(x_hodlr, x_dense));
    PetscPrintf(PETSC_COMM_SELF, "S_Z column (%d): HODLR %.3e s, dense read %.3e s (checksum %.1e)\n",
                static_cast<int>(ncol), hodlr_column_s, dense_column_s, checksum);

    if (peel_rank > 0) { // S_Z from products alone
      long long applied = 0;
      double apply_s = 0;
      const HodlrBlockOperator apply = [&](bool transposed, int nrhs, const double *x, double *y) {
        const double a0 = processCpuSeconds();
        dense::gemm(transposed ? 'T' : 'N', 'N', n, nrhs, n, 1.0, S.data(), n, x, n, 0.0, y, n);
        apply_s += processCpuSeconds() - a0, applied += nrhs;
      };
      t0 = processCpuSeconds();
      const HodlrMatrix hp = HodlrMatrix::fromProducts(n, apply, static_cast<int>(peel_rank),
                                                       static_cast<int>(oversampling), options);
      const double peel_s = processCpuSeconds() - t0 - apply_s;
      const std::vector<double> x = randomVectors(n, 1, 5);
      std::vector<double> yp(x.size()), yd(x.size());
      hp.multiply(x.data(), yp.data());
      hs.multiply(x.data(), yd.data());
      const std::vector<HodlrLevelRanks> lp = hp.levelRanks();
      int worst = 0;
      for (const HodlrLevelRanks &l : lp)
        worst = std::max(worst, l.max_rank);
      PetscPrintf(
          PETSC_COMM_SELF,
          "S_Z from products (rank bound %d + %d): %lld columns applied (A and A^T; %d to form it "
          "densely), %.3f s CPU besides the products (%.3f s), largest rank %d, %.2f MB, matvec against "
          "fromDense's %.2e\n",
          static_cast<int>(peel_rank), static_cast<int>(oversampling), applied, static_cast<int>(n), peel_s,
          apply_s, worst, hp.bytes() / 1048576.0, relativeDistance(yp, yd));
    }

    // C_Z = S_Z^{-1}, from the dense LU.
    if (!inverse) return 0;
    PetscBLASInt bn = dense::blasInt(n), info = 0, lwork = bn * 64;
    std::vector<double> work(static_cast<std::size_t>(lwork));
    LAPACKgetri_(&bn, lu.data(), &bn, piv.data(), work.data(), &lwork, &info);
    if (info != 0) throw SolverError("bench_compression: dgetri failed");
    compressAndReport("C_Z", lu, n, options);
  } catch (const std::exception &e) {
    PetscPrintf(PETSC_COMM_WORLD, "bench_compression: %s\n", e.what());
    return 2;
  }
  return 0;
}
