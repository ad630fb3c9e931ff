// The surface compliance of the slab in HODLR form from blocked slab solves (randomized peeling).
#include "tribo/slab/surface_compliance.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <vector>

namespace tribo {

HodlrMatrix compressSurfaceCompliance(SlabSystem &slab, std::int64_t first, std::int64_t nodes,
                                      const SurfaceComplianceOptions &options, long long *columns) {
  int ranks = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(slab.comm(), &ranks));
  if (ranks != 1) throw SolverError("compressSurfaceCompliance: a slab on one rank (PETSC_COMM_SELF)");
  const BinaryHierarchy &grid = slab.grid();
  const std::int64_t nx = grid.surfaceNodeCount();
  if (first < 0 || nodes < 1 || first + nodes > nx)
    throw SolverError("compressSurfaceCompliance: the node range leaves the surface");
  slab.setSurface(SurfaceCondition::free(nx));
  const auto slab_rows = static_cast<PetscInt>(2 * grid.nodeCount());
  const std::int64_t n = 2 * nodes;
  std::vector<PetscInt> row(static_cast<std::size_t>(n)); // the slab's row of each dof of the range
  for (std::int64_t i = 0; i < nodes; ++i)
    for (int c = 0; c < 2; ++c)
      row[2 * i + c] = slab.globalDof({0, first + i}, static_cast<Component>(c));
  long long solved = 0;
  // Y = C X or C^T X: the columns of X as external forces on the range (zero elsewhere), one blocked
  // solve (or its adjoint), the range's displacements.
  const HodlrBlockOperator apply = [&](bool transposed, int nrhs, const double *x, double *y) {
    OwnedMat b;
    TRIBO_PETSC_CALL(
        MatCreateDense(PETSC_COMM_SELF, slab_rows, PETSC_DECIDE, slab_rows, nrhs, nullptr, b.out()));
    PetscInt lda = 0;
    PetscScalar *a = nullptr;
    TRIBO_PETSC_CALL(MatDenseGetLDA(b, &lda));
    TRIBO_PETSC_CALL(MatDenseGetArray(b, &a));
    for (int c = 0; c < nrhs; ++c) {
      std::fill(a + c * lda, a + c * lda + slab_rows, 0.0);
      for (std::int64_t i = 0; i < n; ++i)
        a[c * lda + row[i]] = x[c * n + i];
    }
    TRIBO_PETSC_CALL(MatDenseRestoreArray(b, &a));
    TRIBO_PETSC_CALL(MatAssemblyBegin(b, MAT_FINAL_ASSEMBLY));
    TRIBO_PETSC_CALL(MatAssemblyEnd(b, MAT_FINAL_ASSEMBLY));
    const OwnedMat d = transposed ? slab.solveTransposed(b) : slab.solvePrescribed(b);
    const PetscScalar *dv = nullptr;
    PetscInt ldd = 0;
    TRIBO_PETSC_CALL(MatDenseGetLDA(d, &ldd));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(d, &dv));
    for (int c = 0; c < nrhs; ++c)
      for (std::int64_t i = 0; i < n; ++i)
        y[c * n + i] = dv[c * ldd + row[i]];
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(d, &dv));
    solved += nrhs;
  };
  HodlrOptions hodlr = options.hodlr;
  hodlr.dofs_per_node = 2;
  HodlrMatrix c = HodlrMatrix::fromProducts(n, apply, options.rank_bound, options.oversampling, hodlr);
  if (columns) *columns = solved;
  return c;
}

} // namespace tribo
