// Assembly of the slab's stiffness (Eq. 11) into MATMPIAIJ and its solution on a prescribed/free partition.
#include "tribo/slab/slab_system.hpp"

#include "tribo/core/log_stage.hpp"
#include "tribo/slab/node_interpolant.hpp"
#include "tribo/slab/stiffness_row.hpp"

#include <algorithm>
#include <cmath>
#include <petscksp.h>

namespace tribo {

namespace {

struct SlabLogStages {
  PetscLogStage assembly = -1, solve = -1;
};

const SlabLogStages &logStages() {
  static SlabLogStages stages;
  if (stages.assembly < 0) {
    TRIBO_PETSC_CALL(PetscLogStageRegister("Slab assembly", &stages.assembly));
    TRIBO_PETSC_CALL(PetscLogStageRegister("Slab solve", &stages.solve));
  }
  return stages;
}

/// The two components of a sequential vector of (u, w) pairs (2 dofs per node, interleaved).
void deinterleave(Vec v, std::vector<double> &first, std::vector<double> &second) {
  PetscInt n = 0;
  TRIBO_PETSC_CALL(VecGetLocalSize(v, &n));
  const PetscScalar *a = nullptr;
  TRIBO_PETSC_CALL(VecGetArrayRead(v, &a));
  first.resize(static_cast<std::size_t>(n / 2));
  second.resize(static_cast<std::size_t>(n / 2));
  for (PetscInt i = 0; i < n / 2; ++i) {
    first[static_cast<std::size_t>(i)] = a[2 * i];
    second[static_cast<std::size_t>(i)] = a[2 * i + 1];
  }
  TRIBO_PETSC_CALL(VecRestoreArrayRead(v, &a));
}

} // namespace

SurfaceCondition SurfaceCondition::free(std::int64_t n) {
  SurfaceCondition c;
  c.u_kind.assign(n, DofKind::force);
  c.w_kind.assign(n, DofKind::force);
  c.u_value.assign(n, 0.0);
  c.w_value.assign(n, 0.0);
  return c;
}

SlabSystem::SlabSystem(MPI_Comm comm, const BinaryHierarchy &grid, const ElasticConstants &elastic,
                       const SlabSupport &support, const SlabSolverOptions &options)
    : comm_(comm), grid_(grid), elastic_(elastic), support_(support), options_(options) {
  elastic_.validate();
  int rank = 0, size = 1;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm_, &rank));
  TRIBO_MPI_CALL(MPI_Comm_size(comm_, &size));
  owned_columns_ = grid_.ownedColumns(rank, size);
  owned_nodes_ = grid_.ownedNodes(rank, size);
  const std::int64_t n_local = owned_nodes_[1] - owned_nodes_[0];
  kind_.assign(2 * n_local, DofKind::force);
  value_.assign(2 * n_local, 0.0);
  {
    LogStageScope stage(logStages().assembly);
    assemble();
  }
  applySupport(support);

  TRIBO_PETSC_CALL(MatCreateVecs(K_, d_.out(), f_.out()));
  TRIBO_PETSC_CALL(VecDuplicate(d_, rhs_.out()));
  TRIBO_PETSC_CALL(VecDuplicate(d_, work_.out()));

  // Identity rows of the prescribed dofs scaled like the stiffness, to keep the operator well conditioned:
  // the power of two just above the largest |K_ii|. A maximum is exact in any order, so the scale is the
  // same on any number of ranks and wherever the vector lies; a sum is not: OpenBLAS's AVX-512 dasum (the
  // NORM_1 of one rank) peels to a 64-byte boundary, so the mean |K_ii| moved in its last bit with the heap's
  // layout and, through the slab's solves, F by 1e-11 W after 2000 events at n_x = 8193 (docs/performance.md,
  // "A one-rank run that depended on the heap"). A power of two also keeps b = diag v exact.
  TRIBO_PETSC_CALL(MatGetDiagonal(K_, work_));
  PetscReal diag_max = 0;
  TRIBO_PETSC_CALL(VecNorm(work_, NORM_INFINITY, &diag_max));
  int exponent = 0;
  std::frexp(diag_max, &exponent);
  diag_ = std::ldexp(1.0, exponent);

  // Gather of the surface: the surface node of column k is global node columnOffset(k).
  const std::int64_t nx = grid_.surfaceNodeCount();
  std::vector<PetscInt> idx(2 * nx);
  for (std::int64_t k = 0; k < nx; ++k) {
    idx[2 * k] = static_cast<PetscInt>(2 * grid_.columnOffset(k));
    idx[2 * k + 1] = idx[2 * k] + 1;
  }
  OwnedIS from;
  TRIBO_PETSC_CALL(ISCreateGeneral(PETSC_COMM_SELF, static_cast<PetscInt>(2 * nx), idx.data(),
                                   PETSC_COPY_VALUES, from.out()));
  TRIBO_PETSC_CALL(VecCreateSeq(PETSC_COMM_SELF, static_cast<PetscInt>(2 * nx), surface_local_.out()));
  TRIBO_PETSC_CALL(VecScatterCreate(d_, from, surface_local_, nullptr, surface_scatter_.out()));

  // Solver: direct MUMPS LU for small systems, GMRES + BoomerAMG for large; the command line wins.
  TRIBO_PETSC_CALL(KSPCreate(comm_, ksp_.out()));
  PC pc;
  TRIBO_PETSC_CALL(KSPGetPC(ksp_, &pc));
  if (2 * grid_.nodeCount() <= options_.direct_max_dofs) {
    TRIBO_PETSC_CALL(KSPSetType(ksp_, KSPPREONLY));
    TRIBO_PETSC_CALL(PCSetType(pc, PCLU));
    TRIBO_PETSC_CALL(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  } else {
    // K is not symmetric (each face flux is interpolated from the owning node's stencil): GMRES.
    TRIBO_PETSC_CALL(KSPSetType(ksp_, KSPGMRES));
    TRIBO_PETSC_CALL(KSPGMRESSetRestart(ksp_, 200));
    TRIBO_PETSC_CALL(PCSetType(pc, PCHYPRE));
    TRIBO_PETSC_CALL(PCHYPRESetType(pc, "boomeramg"));
    TRIBO_PETSC_CALL(KSPSetTolerances(ksp_, options_.rtol, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
    TRIBO_PETSC_CALL(KSPSetInitialGuessNonzero(ksp_, PETSC_TRUE));
  }
  if (!options_.prefix.empty()) TRIBO_PETSC_CALL(KSPSetOptionsPrefix(ksp_, options_.prefix.c_str()));
  TRIBO_PETSC_CALL(KSPSetFromOptions(ksp_));
}

void SlabSystem::assemble() {
  const std::int64_t n0 = owned_nodes_[0], n1 = owned_nodes_[1], n_local = n1 - n0;
  const std::int64_t n_global = grid_.nodeCount();

  // Exact preallocation: each node's two dof rows couple to both dofs of its interpolation nodes.
  std::vector<PetscInt> d_nnz(2 * n_local), o_nnz(2 * n_local);
  for (std::int64_t k = owned_columns_[0]; k < owned_columns_[1]; ++k)
    for (int r = 0; r < grid_.columnHeight(k); ++r) {
      const NodeRef n{r, k / grid_.stride(r)};
      const NodeInterpolant phi(grid_, n);
      PetscInt diag = 0, off = 0;
      for (int a = 0; a < phi.nodeCount(); ++a) {
        const std::int64_t g = grid_.globalIndex(phi.node(a));
        (g >= n0 && g < n1 ? diag : off) += 2;
      }
      const std::int64_t local = grid_.globalIndex(n) - n0;
      d_nnz[2 * local] = d_nnz[2 * local + 1] = diag;
      o_nnz[2 * local] = o_nnz[2 * local + 1] = off;
    }

  TRIBO_PETSC_CALL(MatCreate(comm_, K_.out()));
  TRIBO_PETSC_CALL(MatSetSizes(K_, static_cast<PetscInt>(2 * n_local), static_cast<PetscInt>(2 * n_local),
                               static_cast<PetscInt>(2 * n_global), static_cast<PetscInt>(2 * n_global)));
  TRIBO_PETSC_CALL(MatSetType(K_, MATMPIAIJ));
  TRIBO_PETSC_CALL(MatSetBlockSize(K_, 2));
  TRIBO_PETSC_CALL(MatMPIAIJSetPreallocation(K_, 0, d_nnz.data(), 0, o_nnz.data()));
  TRIBO_PETSC_CALL(MatSetOption(K_, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_TRUE));

  // Owned rows only, one node at a time: linear in the number of nodes.
  std::array<PetscInt, 2> rows{};
  std::array<PetscInt, 18> cols{};
  std::array<PetscScalar, 36> vals{};
  for (std::int64_t k = owned_columns_[0]; k < owned_columns_[1]; ++k)
    for (int r = 0; r < grid_.columnHeight(k); ++r) {
      const NodeRef n{r, k / grid_.stride(r)};
      const StiffnessRow row = stiffnessRow(grid_, elastic_, n);
      rows[0] = globalDof(n, Component::u);
      rows[1] = rows[0] + 1;
      const int m = 2 * row.count;
      for (int a = 0; a < row.count; ++a) {
        cols[2 * a] = globalDof(row.nodes[a], Component::u);
        cols[2 * a + 1] = cols[2 * a] + 1;
        const auto &B = row.blocks[a]; // {Ku, Cuw, Cwu, Kw}
        vals[2 * a] = B[0];
        vals[2 * a + 1] = B[1];
        vals[m + 2 * a] = B[2];
        vals[m + 2 * a + 1] = B[3];
      }
      TRIBO_PETSC_CALL(MatSetValues(K_, 2, rows.data(), m, cols.data(), vals.data(), INSERT_VALUES));
    }
  TRIBO_PETSC_CALL(MatAssemblyBegin(K_, MAT_FINAL_ASSEMBLY));
  TRIBO_PETSC_CALL(MatAssemblyEnd(K_, MAT_FINAL_ASSEMBLY));
}

void SlabSystem::applySupport(const SlabSupport &support) {
  const int bottom = grid_.bottomRow();
  const double W = support.load_per_depth;
  const std::int64_t n_bottom = grid_.nodesInRow(bottom);
  for (std::int64_t i = 0; i < n_bottom; ++i) {
    const NodeRef n{bottom, i};
    if (support.bottom == BottomSupport::fixed_vertical) {
      setCondition(n, Component::w, DofKind::displacement, 0.0);
    } else {
      // Uniform traction W / L_x acting upward (-z) on the node's share of the bottom face.
      const double width = grid_.controlVolume(n).width();
      setCondition(n, Component::w, DofKind::force, -W / grid_.lengthX() * width);
    }
    const bool restrained = support.restraint == LateralRestraint::bottom_row ||
                            (support.restraint == LateralRestraint::bottom_center && 2 * i == n_bottom - 1);
    setCondition(n, Component::u, restrained ? DofKind::displacement : DofKind::force, 0.0);
  }
}

void SlabSystem::setCondition(const NodeRef &n, Component c, DofKind kind, double value) {
  const std::int64_t g = grid_.globalIndex(n);
  if (g < owned_nodes_[0] || g >= owned_nodes_[1]) return;
  const PetscInt l = localDof(n, c);
  if (kind_[l] != kind) partition_changed_ = true;
  kind_[l] = kind;
  value_[l] = value;
}

void SlabSystem::setSurface(const SurfaceCondition &s) {
  const std::int64_t nx = grid_.surfaceNodeCount();
  if (static_cast<std::int64_t>(s.u_kind.size()) != nx || static_cast<std::int64_t>(s.w_kind.size()) != nx ||
      static_cast<std::int64_t>(s.u_value.size()) != nx || static_cast<std::int64_t>(s.w_value.size()) != nx)
    throw SolverError("SlabSystem::setSurface: the condition must list all n_x surface nodes");
  // Only the owned columns matter here: the surface node of column k is row 0, index k.
  for (std::int64_t k = owned_columns_[0]; k < owned_columns_[1]; ++k) {
    setCondition({0, k}, Component::u, s.u_kind[k], s.u_value[k]);
    setCondition({0, k}, Component::w, s.w_kind[k], s.w_value[k]);
  }
}

void SlabSystem::buildOperator() {
  // A = K with the prescribed rows and columns replaced by diag * identity; the right-hand side below
  // moves K_FP d_P to the free rows, so A d = rhs is K_FF d_F = f_F - K_FP d_P with d_P = rhs_P / diag.
  std::vector<PetscInt> prescribed;
  for (std::size_t l = 0; l < kind_.size(); ++l)
    if (kind_[l] == DofKind::displacement)
      prescribed.push_back(static_cast<PetscInt>(2 * owned_nodes_[0] + l));
  if (!A_)
    TRIBO_PETSC_CALL(MatDuplicate(K_, MAT_COPY_VALUES, A_.out()));
  else
    TRIBO_PETSC_CALL(MatCopy(K_, A_, SAME_NONZERO_PATTERN));
  TRIBO_PETSC_CALL(MatSetOption(A_, MAT_KEEP_NONZERO_PATTERN, PETSC_TRUE));
  TRIBO_PETSC_CALL(MatZeroRowsColumns(A_, static_cast<PetscInt>(prescribed.size()), prescribed.data(), diag_,
                                      nullptr, nullptr));
  TRIBO_PETSC_CALL(KSPSetOperators(ksp_, A_, A_));
  ++operator_builds_;
}

// The operator of the current partition, rebuilt (collectively) if a dof changed kind on any rank.
bool SlabSystem::prepareOperator() {
  int changed = partition_changed_ ? 1 : 0;
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_LOR, comm_));
  if (changed) buildOperator();
  partition_changed_ = false;
  return changed != 0;
}

void SlabSystem::solve() {
  LogStageScope stage(logStages().solve);
  prepareOperator();

  // work = d_P (zero elsewhere); rhs = f - K work on free dofs, diag * d_P on prescribed ones.
  PetscScalar *w = nullptr;
  TRIBO_PETSC_CALL(VecGetArray(work_, &w));
  for (std::size_t l = 0; l < kind_.size(); ++l)
    w[l] = kind_[l] == DofKind::displacement ? value_[l] : 0.0;
  TRIBO_PETSC_CALL(VecRestoreArray(work_, &w));
  TRIBO_PETSC_CALL(MatMult(K_, work_, rhs_));
  PetscScalar *b = nullptr;
  TRIBO_PETSC_CALL(VecGetArray(rhs_, &b));
  for (std::size_t l = 0; l < kind_.size(); ++l)
    b[l] = kind_[l] == DofKind::displacement ? diag_ * value_[l] : value_[l] - b[l];
  TRIBO_PETSC_CALL(VecRestoreArray(rhs_, &b));

  TRIBO_PETSC_CALL(KSPSolve(ksp_, rhs_, d_));
  KSPConvergedReason reason;
  TRIBO_PETSC_CALL(KSPGetConvergedReason(ksp_, &reason));
  TRIBO_PETSC_CALL(KSPGetIterationNumber(ksp_, &last_iterations_));
  if (reason < 0)
    throw SolverError("slab solve did not converge: " + std::string(KSPConvergedReasons[reason]) + " after " +
                      std::to_string(last_iterations_) + " iterations");
  // External forces, reactions included (Eq. 11).
  TRIBO_PETSC_CALL(MatMult(K_, d_, f_));
}

OwnedMat SlabSystem::solvePrescribed(Mat values) {
  LogStageScope stage(logStages().solve);
  if (prepareOperator()) TRIBO_PETSC_CALL(KSPSetUp(ksp_));

  // As in solve(), column by column: rhs = diag * d_P on prescribed rows, f_F - K_FP d_P on free rows.
  OwnedMat prescribed, rhs, d;
  TRIBO_PETSC_CALL(MatDuplicate(values, MAT_COPY_VALUES, prescribed.out()));
  PetscInt local_rows = 0, cols = 0, lda = 0;
  TRIBO_PETSC_CALL(MatGetLocalSize(prescribed, &local_rows, nullptr));
  TRIBO_PETSC_CALL(MatGetSize(prescribed, nullptr, &cols));
  PetscScalar *a = nullptr;
  TRIBO_PETSC_CALL(MatDenseGetLDA(prescribed, &lda));
  TRIBO_PETSC_CALL(MatDenseGetArray(prescribed, &a));
  for (PetscInt j = 0; j < cols; ++j)
    for (PetscInt l = 0; l < local_rows; ++l)
      if (kind_[l] != DofKind::displacement) a[j * lda + l] = 0.0;
  TRIBO_PETSC_CALL(MatDenseRestoreArray(prescribed, &a));
  TRIBO_PETSC_CALL(MatMatMult(K_, prescribed, MAT_INITIAL_MATRIX, PETSC_DEFAULT, rhs.out()));
  const PetscScalar *v = nullptr;
  PetscInt lda_v = 0, lda_r = 0;
  TRIBO_PETSC_CALL(MatDenseGetLDA(values, &lda_v));
  TRIBO_PETSC_CALL(MatDenseGetLDA(rhs, &lda_r));
  TRIBO_PETSC_CALL(MatDenseGetArrayRead(values, &v));
  TRIBO_PETSC_CALL(MatDenseGetArray(rhs, &a));
  for (PetscInt j = 0; j < cols; ++j)
    for (PetscInt l = 0; l < local_rows; ++l)
      a[j * lda_r + l] =
          kind_[l] == DofKind::displacement ? diag_ * v[j * lda_v + l] : v[j * lda_v + l] - a[j * lda_r + l];
  TRIBO_PETSC_CALL(MatDenseRestoreArray(rhs, &a));
  TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(values, &v));
  TRIBO_PETSC_CALL(MatDuplicate(rhs, MAT_DO_NOT_COPY_VALUES, d.out()));
  TRIBO_PETSC_CALL(KSPMatSolve(ksp_, rhs, d));
  KSPConvergedReason reason;
  TRIBO_PETSC_CALL(KSPGetConvergedReason(ksp_, &reason));
  if (reason < 0)
    throw SolverError("blocked slab solve did not converge: " + std::string(KSPConvergedReasons[reason]));
  return d;
}

// The adjoint solve, A^T X = B, with the factors of A's LU (MUMPS solves with the transpose of its factors):
// for B zero on the prescribed dofs, rows(X) on the force dofs are those of K_FF^{-T} B_F, which products
// with the transposed surface compliance need (src/slab/surface_compliance.cpp).
OwnedMat SlabSystem::solveTransposed(Mat rhs) {
  LogStageScope stage(logStages().solve);
  prepareOperator();
  TRIBO_PETSC_CALL(KSPSetUp(ksp_)); // factors the operator if no solve has since it was built
  PC pc = nullptr;
  TRIBO_PETSC_CALL(KSPGetPC(ksp_, &pc));
  PetscBool lu = PETSC_FALSE;
  TRIBO_PETSC_CALL(PetscObjectTypeCompare(reinterpret_cast<PetscObject>(pc), PCLU, &lu));
  if (!lu)
    throw SolverError("the transposed slab solve needs the direct solver (PCLU), not an iterative one: "
                      "set the slab's -pc_type lu");
  Mat factors = nullptr;
  TRIBO_PETSC_CALL(PCFactorGetMatrix(pc, &factors));
  OwnedMat x;
  TRIBO_PETSC_CALL(MatDuplicate(rhs, MAT_DO_NOT_COPY_VALUES, x.out()));
  TRIBO_PETSC_CALL(MatMatSolveTranspose(factors, rhs, x));
  return x;
}

SurfaceState SlabSystem::surface() const {
  const std::int64_t nx = grid_.surfaceNodeCount();
  SurfaceState s;
  s.x.resize(nx);
  s.width.resize(nx);
  for (std::int64_t k = 0; k < nx; ++k) {
    s.x[k] = grid_.x({0, k});
    s.width[k] = grid_.controlVolume({0, k}).width();
  }
  auto gather = [&](Vec v, std::vector<double> &first, std::vector<double> &second) {
    TRIBO_PETSC_CALL(VecScatterBegin(surface_scatter_, v, surface_local_, INSERT_VALUES, SCATTER_FORWARD));
    TRIBO_PETSC_CALL(VecScatterEnd(surface_scatter_, v, surface_local_, INSERT_VALUES, SCATTER_FORWARD));
    deinterleave(surface_local_, first, second);
  };
  gather(d_, s.u, s.w);
  gather(f_, s.fx, s.fz);
  return s;
}

SlabFields SlabSystem::gatherFields() const {
  int rank = 0;
  if (MPI_Comm_rank(comm_, &rank) != MPI_SUCCESS)
    throw SolverError("SlabSystem::gatherFields: MPI_Comm_rank failed");
  SlabFields out;
  auto gather = [&](Vec v, std::vector<double> &first, std::vector<double> &second) {
    OwnedScatter to_zero;
    OwnedVec on_zero; // the whole vector on rank 0, length 0 elsewhere
    TRIBO_PETSC_CALL(VecScatterCreateToZero(v, to_zero.out(), on_zero.out()));
    TRIBO_PETSC_CALL(VecScatterBegin(to_zero, v, on_zero, INSERT_VALUES, SCATTER_FORWARD));
    TRIBO_PETSC_CALL(VecScatterEnd(to_zero, v, on_zero, INSERT_VALUES, SCATTER_FORWARD));
    if (rank == 0) deinterleave(on_zero, first, second);
  };
  gather(d_, out.u, out.w);
  gather(f_, out.fx, out.fz);
  return out;
}

SlabFields SlabSystem::solveFields(const SurfaceCondition &s) {
  const std::vector<DofKind> kind = kind_;
  const std::vector<double> value = value_;
  OwnedVec d, f;
  TRIBO_PETSC_CALL(VecDuplicate(d_, d.out()));
  TRIBO_PETSC_CALL(VecDuplicate(f_, f.out()));
  TRIBO_PETSC_CALL(VecCopy(d_, d));
  TRIBO_PETSC_CALL(VecCopy(f_, f));
  setSurface(s);
  solve();
  SlabFields fields = gatherFields();
  // Back to the conditions of before: a partition that differed is rebuilt at the next solve.
  if (kind_ != kind) partition_changed_ = true;
  kind_ = kind;
  value_ = value;
  TRIBO_PETSC_CALL(VecCopy(d, d_));
  TRIBO_PETSC_CALL(VecCopy(f, f_));
  return fields;
}

OwnedMat SlabSystem::extractBlock(StiffnessBlock which) const {
  const int row_c = (which == StiffnessBlock::Ku || which == StiffnessBlock::Cuw) ? 0 : 1;
  const int col_c = (which == StiffnessBlock::Ku || which == StiffnessBlock::Cwu) ? 0 : 1;
  const PetscInt n_local = static_cast<PetscInt>(owned_nodes_[1] - owned_nodes_[0]);
  const PetscInt first = static_cast<PetscInt>(2 * owned_nodes_[0]);
  OwnedIS rows, cols;
  TRIBO_PETSC_CALL(ISCreateStride(comm_, n_local, first + row_c, 2, rows.out()));
  TRIBO_PETSC_CALL(ISCreateStride(comm_, n_local, first + col_c, 2, cols.out()));
  OwnedMat block;
  TRIBO_PETSC_CALL(MatCreateSubMatrix(K_, rows, cols, MAT_INITIAL_MATRIX, block.out()));
  return block;
}

} // namespace tribo
