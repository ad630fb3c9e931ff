// The slab's surface compliance in HODLR form from slab solves alone (src/slab/surface_compliance.cpp)
// against the dense compliance of the same slab, column by column from unit forces; and the adjoint
// slab solve (SlabSystem::solveTransposed) against the transpose of the forward one.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/slab/surface_compliance.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using namespace tribo;

namespace {

/// The dense compliance of the top nodes [first, first + nodes), column major: column j the displacements
/// of the range under a unit force at its dof j (the whole top free, forward or adjoint solves).
std::vector<double> denseCompliance(SlabSystem &slab, std::int64_t first, std::int64_t nodes, bool adjoint) {
  const std::int64_t n = 2 * nodes;
  slab.setSurface(SurfaceCondition::free(slab.grid().surfaceNodeCount()));
  const auto rows = static_cast<PetscInt>(2 * slab.grid().nodeCount());
  OwnedMat b;
  TRIBO_PETSC_CALL(
      MatCreateDense(PETSC_COMM_SELF, rows, PETSC_DECIDE, rows, static_cast<PetscInt>(n), nullptr, b.out()));
  PetscScalar *a = nullptr;
  PetscInt lda = 0;
  TRIBO_PETSC_CALL(MatDenseGetLDA(b, &lda));
  TRIBO_PETSC_CALL(MatDenseGetArray(b, &a));
  std::fill(a, a + lda * n, 0.0);
  auto row = [&](std::int64_t i) {
    return slab.globalDof({0, first + i / 2}, static_cast<Component>(i % 2));
  };
  for (std::int64_t j = 0; j < n; ++j)
    a[j * lda + row(j)] = 1.0;
  TRIBO_PETSC_CALL(MatDenseRestoreArray(b, &a));
  TRIBO_PETSC_CALL(MatAssemblyBegin(b, MAT_FINAL_ASSEMBLY));
  TRIBO_PETSC_CALL(MatAssemblyEnd(b, MAT_FINAL_ASSEMBLY));
  const OwnedMat d = adjoint ? slab.solveTransposed(b) : slab.solvePrescribed(b);
  const PetscScalar *v = nullptr;
  PetscInt ldd = 0;
  TRIBO_PETSC_CALL(MatDenseGetLDA(d, &ldd));
  TRIBO_PETSC_CALL(MatDenseGetArrayRead(d, &v));
  std::vector<double> c(static_cast<std::size_t>(n * n));
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < n; ++i)
      c[j * n + i] = v[j * ldd + row(i)];
  TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(d, &v));
  return c;
}

double maxAbs(const std::vector<double> &a) {
  double m = 0;
  for (double v : a)
    m = std::max(m, std::abs(v));
  return m;
}

PinOnSlabSetup withLevels(int levels) {
  PinOnSlabSetup s;
  s.slab.levels = levels;
  return s;
}

/// The Fig. 6 slab at `levels`, on its platen, on this rank alone.
struct Slab {
  explicit Slab(int levels)
      : setup(withLevels(levels)), grid(setup.slab.grid()),
        slab(std::make_unique<SlabSystem>(PETSC_COMM_SELF, grid, setup.slab.elastic, setup.support,
                                          SlabSolverOptions{})) {}
  PinOnSlabSetup setup;
  BinaryHierarchy grid;
  std::unique_ptr<SlabSystem> slab;
};

} // namespace

TEST(SurfaceCompliance, AdjointSolveIsTheTranspose) {
  Slab s(6); // n_x = 65
  const std::int64_t nodes = 65;
  const std::vector<double> c = denseCompliance(*s.slab, 0, nodes, false);
  const std::vector<double> ct = denseCompliance(*s.slab, 0, nodes, true);
  const std::int64_t n = 2 * nodes;
  double err = 0, asym = 0;
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < n; ++i) {
      err = std::max(err, std::abs(ct[j * n + i] - c[i * n + j]));
      asym = std::max(asym, std::abs(c[j * n + i] - c[i * n + j]));
    }
  EXPECT_LE(err, 1e-12 * maxAbs(c));
  // The stencils are not symmetric, so neither is C: the adjoint is a test of the transposed solve.
  EXPECT_GT(asym, 1e-6 * maxAbs(c));
}

TEST(SurfaceCompliance, PeeledFromSlabSolvesEqualsDense) {
  const int levels = 7; // n_x = 129, 8 rows below the surface
  Slab s(levels);
  for (const auto &[first, nodes] : {std::pair<std::int64_t, std::int64_t>{0, 129}, {20, 72}}) {
    SCOPED_TRACE("nodes [" + std::to_string(first) + ", " + std::to_string(first + nodes) + ")");
    SurfaceComplianceOptions o;
    o.rank_bound = 2 * (levels + 1) + 4;
    o.hodlr.leaf_nodes = 8;
    o.hodlr.tolerance = 1e-12;
    long long columns = 0;
    const HodlrMatrix h = compressSurfaceCompliance(*s.slab, first, nodes, o, &columns);
    const std::vector<double> c = denseCompliance(*s.slab, first, nodes, false);
    const std::vector<double> hc = h.toDense();
    double err = 0;
    for (std::size_t i = 0; i < c.size(); ++i)
      err = std::max(err, std::abs(hc[i] - c[i]));
    EXPECT_LE(err, 1e-10 * maxAbs(c));
    for (const HodlrLevelRanks &l : h.levelRanks())
      EXPECT_LE(l.max_rank, o.rank_bound);
    EXPECT_GT(columns, 0);
    std::printf(
        "C on %lld nodes: %lld slab solves, max error %.2e of max |C|, %zu bytes against %lld dense\n",
        static_cast<long long>(nodes), columns, err / maxAbs(c), h.bytes(),
        static_cast<long long>(8 * c.size()));
  }
}

TEST(SurfaceCompliance, TooSmallARankBoundIsASolverError) {
  Slab s(6);
  SurfaceComplianceOptions o;
  o.rank_bound = 2;
  o.oversampling = 4;
  o.hodlr.leaf_nodes = 8;
  EXPECT_THROW(compressSurfaceCompliance(*s.slab, 0, 65, o), SolverError);
}
