// The slab condensed onto a zone of surface dofs: unit solves of the distributed slab give S_Z and T_OZ;
// each provisional equilibrium is then dense linear algebra on the zone (LAPACK via PETSc).
#include "tribo/contact/condensed_surface_solver.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <petscblaslapack.h>
#include <petscsys.h>
#include <petsctime.h>

namespace tribo {

namespace {

struct CondensedLogStages {
  PetscLogStage condensation = -1, solve = -1, contact_set = -1;
};

const CondensedLogStages &logStages() {
  static CondensedLogStages stages;
  if (stages.condensation < 0) {
    TRIBO_PETSC_CALL(PetscLogStageRegister("Condensation", &stages.condensation));
    TRIBO_PETSC_CALL(PetscLogStageRegister("Condensed solve", &stages.solve));
    TRIBO_PETSC_CALL(PetscLogStageRegister("Condensed set", &stages.contact_set));
  }
  return stages;
}

/// A log stage (for -log_view) and a wall-clock accumulator (for the benchmark's breakdown).
class StageScope {
public:
  StageScope(PetscLogStage s, double &seconds) : seconds_(seconds) {
    TRIBO_PETSC_CALL(PetscLogStagePush(s));
    PetscTime(&t0_);
  }
  ~StageScope() {
    PetscLogDouble t1;
    PetscTime(&t1);
    seconds_ += t1 - t0_;
    PetscLogStagePop();
  }

private:
  double &seconds_;
  PetscLogDouble t0_ = 0;
};

PetscBLASInt blasInt(std::size_t n) {
  PetscBLASInt b = 0;
  TRIBO_PETSC_CALL(PetscBLASIntCast(static_cast<PetscInt>(n), &b));
  return b;
}

} // namespace

CondensedSurfaceSolver::CondensedSurfaceSolver(SlabSystem &slab, double x_first, double x_last,
                                               int margin_nodes)
    : slab_(slab), margin_(std::max(margin_nodes, 0)) {
  const auto &grid = slab.grid();
  nx_ = grid.surfaceNodeCount();
  for (std::int64_t k = 0; k < nx_; ++k) {
    const NodeRef n{0, k};
    x_.push_back(grid.x(n));
    width_.push_back(grid.controlVolume(n).width());
  }
  in_contact_.assign(nx_, 0);
  held_laterally_.assign(nx_, 0);
  std::int64_t first = nx_, last = -1;
  for (std::int64_t k = 0; k < nx_; ++k)
    if (x_[k] >= x_first && x_[k] <= x_last) first = std::min(first, k), last = std::max(last, k);
  if (last < first) { // the interval falls between two nodes: take the nearest one
    const double mid = 0.5 * (x_first + x_last);
    first = last =
        std::clamp<std::int64_t>(static_cast<std::int64_t>(mid / grid.spacingX(0) + 0.5), 0, nx_ - 1);
  }
  condense(first - margin_, last + margin_);
  // The tableau keeps every zone dof held until the first contact set.
}

std::size_t CondensedSurfaceSolver::bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes) {
  // The condensed columns [S_Z; T_OZ] and the tableau, each 2 n_x rows by 2m columns.
  return sizeof(double) *
         (2 * static_cast<std::size_t>(2 * surface_nodes) * static_cast<std::size_t>(2 * zone_nodes) +
          static_cast<std::size_t>(4 * surface_nodes));
}

std::size_t CondensedSurfaceSolver::bytes() const {
  return sizeof(double) * (base_.size() + tableau_.size() + column_.size() + row_.size() + y_.size());
}

// Column j of S_Z and T_OZ: the surface response to a unit displacement of zone dof j, every other zone
// dof held at zero and the surface outside the zone free of traction. The partition is the same for all
// 2m columns, so the slab factors its operator once and solves the columns in blocks (MUMPS with many
// right-hand sides); the surface rows of each block are gathered to every rank.
void CondensedSurfaceSolver::condense(std::int64_t first, std::int64_t last) {
  StageScope stage(logStages().condensation, condensation_seconds_);
  first = std::max<std::int64_t>(first, 0);
  last = std::min<std::int64_t>(last, nx_ - 1);
  zone_first_ = first;
  zone_nodes_ = last - first + 1;
  dz_ = static_cast<std::size_t>(2 * zone_nodes_);
  outside_.clear();
  for (std::int64_t k = 0; k < nx_; ++k)
    if (k < first || k > last) outside_.push_back(k);
  doo_ = 2 * outside_.size();
  rows_ = dz_ + doo_;
  base_.assign(rows_ * dz_, 0.0);
  y_.assign(rows_, 0.0);
  column_.assign(rows_, 0.0);
  row_.assign(dz_, 0.0);

  SurfaceCondition condition = SurfaceCondition::free(nx_);
  for (std::int64_t k = first; k <= last; ++k)
    condition.u_kind[k] = condition.w_kind[k] = DofKind::displacement;
  slab_.setSurface(condition);

  const MPI_Comm comm = slab_.comm();
  const auto owned = slab_.ownedNodes();
  const PetscInt first_row = static_cast<PetscInt>(2 * owned[0]);
  const PetscInt local_rows = static_cast<PetscInt>(2 * (owned[1] - owned[0]));
  const PetscInt global_rows = static_cast<PetscInt>(2 * slab_.grid().nodeCount());
  // Blocks of at most ~16M doubles per dense matrix (four are alive at once: values, rhs, d, K d).
  const std::size_t block =
      std::clamp<std::size_t>((std::size_t{16} << 20) / static_cast<std::size_t>(global_rows), 1, dz_);
  std::vector<PetscInt> surface_row(2 * nx_); // local row of each surface dof, -1 if not owned
  for (std::int64_t k = 0; k < nx_; ++k)
    for (int c = 0; c < 2; ++c) {
      const PetscInt g = slab_.globalDof({0, k}, static_cast<Component>(c));
      surface_row[2 * k + c] = g >= first_row && g < first_row + local_rows ? g - first_row : -1;
    }
  std::vector<double> gathered;
  for (std::size_t j0 = 0; j0 < dz_; j0 += block) {
    const std::size_t cols = std::min(block, dz_ - j0);
    OwnedMat values;
    TRIBO_PETSC_CALL(MatCreateDense(comm, local_rows, PETSC_DECIDE, global_rows, static_cast<PetscInt>(cols),
                                    nullptr, values.out()));
    PetscInt lda = 0;
    PetscScalar *a = nullptr;
    TRIBO_PETSC_CALL(MatDenseGetLDA(values, &lda));
    TRIBO_PETSC_CALL(MatDenseGetArray(values, &a));
    for (std::size_t c = 0; c < cols; ++c) {
      for (PetscInt l = 0; l < local_rows; ++l)
        a[c * lda + l] = 0.0;
      const PetscInt row = surface_row[2 * zone_first_ + j0 + c];
      if (row >= 0) a[c * lda + row] = 1.0;
    }
    TRIBO_PETSC_CALL(MatDenseRestoreArray(values, &a));
    TRIBO_PETSC_CALL(MatAssemblyBegin(values, MAT_FINAL_ASSEMBLY));
    TRIBO_PETSC_CALL(MatAssemblyEnd(values, MAT_FINAL_ASSEMBLY));
    OwnedMat d = slab_.solvePrescribed(values), f;
    TRIBO_PETSC_CALL(MatMatMult(slab_.stiffness(), d, MAT_INITIAL_MATRIX, PETSC_DEFAULT, f.out()));

    // Every surface dof is owned by one rank: a sum over ranks gathers the block exactly.
    gathered.assign(4 * nx_ * cols, 0.0); // per column: 2 n_x displacements, then 2 n_x forces
    const PetscScalar *dv = nullptr, *fv = nullptr;
    PetscInt lda_d = 0, lda_f = 0;
    TRIBO_PETSC_CALL(MatDenseGetLDA(d, &lda_d));
    TRIBO_PETSC_CALL(MatDenseGetLDA(f, &lda_f));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(d, &dv));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(f, &fv));
    for (std::size_t c = 0; c < cols; ++c)
      for (std::size_t i = 0; i < surface_row.size(); ++i)
        if (surface_row[i] >= 0) {
          gathered[c * 4 * nx_ + i] = dv[c * lda_d + surface_row[i]];
          gathered[c * 4 * nx_ + 2 * nx_ + i] = fv[c * lda_f + surface_row[i]];
        }
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(d, &dv));
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(f, &fv));
    MPI_Allreduce(MPI_IN_PLACE, gathered.data(), static_cast<int>(gathered.size()), MPI_DOUBLE, MPI_SUM,
                  comm);
    for (std::size_t c = 0; c < cols; ++c) {
      const double *col = &gathered[c * 4 * nx_];
      double *target = &base_[(j0 + c) * rows_];
      for (std::size_t i = 0; i < dz_; ++i)
        target[i] = col[2 * nx_ + 2 * zone_first_ + i];
      for (std::size_t o = 0; o < outside_.size(); ++o) {
        target[dz_ + 2 * o] = col[2 * outside_[o]];
        target[dz_ + 2 * o + 1] = col[2 * outside_[o] + 1];
      }
    }
  }
  condensation_solves_ += static_cast<long long>(dz_);
  ++condensations_;
  // The tableau starts as [S_Z; T_OZ] itself: every zone dof held.
  tableau_ = base_;
  tableau_held_.assign(dz_, 1);
  pivots_since_refresh_ = 0;
}

// Principal pivot on zone dof p: its input and output trade places (held: displacement in, force out;
// free: force in, displacement out). With y = A x and a = A_pp:
//   A_pp <- 1/a,  A_ip <- A_ip / a,  A_pj <- -A_pj / a,  A_ij <- A_ij - A_ip A_pj / a  (i, j != p),
// the outside rows (displacements, always free) transforming like any i != p. A rank-one update of the
// 2 n_x x 2m tableau: O(n_x m) per node that joins or leaves the contact, instead of a new elimination
// of the free zone dofs. The pivot is a diagonal stiffness (held -> free) or compliance (free -> held) of
// the current partition, positive for the stable slab.
void CondensedSurfaceSolver::pivot(std::size_t p) {
  double *A = tableau_.data();
  const double a = A[p * rows_ + p];
  if (!(std::abs(a) > 0) || !std::isfinite(a))
    throw SolverError(fmt::format("condensed surface: zero pivot at zone dof {}", p));
  std::copy(A + p * rows_, A + (p + 1) * rows_, column_.begin());
  for (std::size_t j = 0; j < dz_; ++j)
    row_[j] = A[j * rows_ + p];
  const PetscBLASInt m = blasInt(rows_), n = blasInt(dz_), one = 1;
  const double alpha = -1.0 / a, beta = 1.0;
  BLASgemm_("N", "N", &m, &n, &one, &alpha, column_.data(), &m, row_.data(), &one, &beta, A, &m);
  for (std::size_t i = 0; i < rows_; ++i)
    A[p * rows_ + i] = column_[i] / a;
  for (std::size_t j = 0; j < dz_; ++j)
    A[j * rows_ + p] = -row_[j] / a;
  A[p * rows_ + p] = 1.0 / a;
  tableau_held_[p] = !tableau_held_[p];
  ++pivots_since_refresh_;
  ++pivots_;
}

void CondensedSurfaceSolver::setContactSet(const std::vector<char> &in_contact,
                                           const std::vector<char> &held_laterally) {
  if (static_cast<std::int64_t>(in_contact.size()) != nx_ ||
      static_cast<std::int64_t>(held_laterally.size()) != nx_)
    throw SolverError("CondensedSurfaceSolver::setContactSet: the sets must list all n_x surface nodes");
  in_contact_ = in_contact;
  held_laterally_ = held_laterally;
  // A held node outside the zone: condense again on a zone grown around the contact, with the margin.
  std::int64_t first = nx_, last = -1;
  for (std::int64_t k = 0; k < nx_; ++k)
    if (in_contact_[k] || held_laterally_[k]) first = std::min(first, k), last = std::max(last, k);
  if (last >= 0 && (first < zone_first_ || last >= zone_first_ + zone_nodes_)) {
    // The margin doubles at every growth, so a contact that keeps spreading costs O(log) condensations.
    margin_ = std::max(1, 2 * margin_);
    condense(std::min(first, zone_first_) - margin_, std::max(last, zone_first_ + zone_nodes_ - 1) + margin_);
  }
  StageScope stage(logStages().contact_set, contact_set_seconds_);
  held_.assign(dz_, 0);
  std::size_t changes = 0, free_count = 0;
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    held_[2 * i] = held_laterally_[zone_first_ + i];
    held_[2 * i + 1] = in_contact_[zone_first_ + i];
  }
  for (std::size_t j = 0; j < dz_; ++j) {
    changes += held_[j] != tableau_held_[j];
    free_count += !held_[j];
  }
  // Round-off accumulates over many pivots: past a budget, start again from [S_Z; T_OZ] when that takes
  // fewer pivots than the budget itself.
  if (pivots_since_refresh_ + changes > refresh_pivots && free_count < refresh_pivots) {
    tableau_ = base_;
    tableau_held_.assign(dz_, 1);
    pivots_since_refresh_ = 0;
  }
  for (std::size_t j = 0; j < dz_; ++j)
    if (held_[j] != tableau_held_[j]) pivot(j);
}

SurfaceState CondensedSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  if (held_.size() != dz_) throw SolverError("CondensedSurfaceSolver::solve: no contact set given yet");
  StageScope stage(logStages().solve, solve_seconds_);
  // y = tableau x, with x the prescribed displacements of the held dofs and zero forces on the free ones:
  // only the held columns with a nonzero value count, so a unit response (a slip) costs two columns of
  // 2 n_x entries and a dense prescription all of C.
  const PetscBLASInt one = 1, m = blasInt(rows_);
  std::fill(y_.begin(), y_.end(), 0.0);
  for (std::size_t j = 0; j < dz_; ++j) {
    if (!held_[j]) continue;
    const std::int64_t k = zone_first_ + static_cast<std::int64_t>(j / 2);
    const double v = j % 2 == 0 ? u[k] : w[k];
    if (v != 0.0) BLASaxpy_(&m, &v, &tableau_[j * rows_], &one, y_.data(), &one);
  }
  ++solves_;

  SurfaceState s;
  s.x = x_;
  s.width = width_;
  s.u.assign(nx_, 0.0);
  s.w.assign(nx_, 0.0);
  s.fx.assign(nx_, 0.0);
  s.fz.assign(nx_, 0.0);
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    const std::int64_t k = zone_first_ + i;
    // Held: the prescription in, the reaction out; free: no external force, the displacement out.
    s.u[k] = held_[2 * i] ? u[k] : y_[2 * i];
    s.fx[k] = held_[2 * i] ? y_[2 * i] : 0.0;
    s.w[k] = held_[2 * i + 1] ? w[k] : y_[2 * i + 1];
    s.fz[k] = held_[2 * i + 1] ? y_[2 * i + 1] : 0.0;
  }
  for (std::size_t o = 0; o < outside_.size(); ++o) {
    s.u[outside_[o]] = y_[dz_ + 2 * o];
    s.w[outside_[o]] = y_[dz_ + 2 * o + 1];
  }
  return s;
}

} // namespace tribo
