// The slab condensed onto a zone of surface dofs: unit solves of the distributed slab give S_Z and T_OZ;
// each provisional equilibrium is then dense linear algebra on the zone (LAPACK via PETSc).
#include "tribo/contact/condensed_surface_solver.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>
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
  // The zone is condensed at the first contact set, in its partition.
  setZone(first - margin_, last + margin_);
}

std::size_t CondensedSurfaceSolver::bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes, int ranks) {
  // The condensed columns [S_Z; T_OZ] and the tableau, each 2 n_x rows by 2m columns, distributed by
  // rows; the gathered outputs and the work vectors on every rank.
  const auto rows = static_cast<std::size_t>(2 * surface_nodes),
             cols = static_cast<std::size_t>(2 * zone_nodes);
  return sizeof(double) * (2 * rows * cols + static_cast<std::size_t>(ranks) * (3 * rows + cols));
}

std::size_t CondensedSurfaceSolver::bytes() const {
  return sizeof(double) * (base_.size() + tableau_.size() + column_.size() + row_.size() + work_.size() +
                           y_local_.size() + y_.size());
}

void CondensedSurfaceSolver::setZone(std::int64_t first, std::int64_t last) {
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
  // This rank's block of rows (zone dofs first, then the outside ones): a contiguous, balanced split.
  const MPI_Comm comm = slab_.comm();
  MPI_Comm_rank(comm, &rank_);
  MPI_Comm_size(comm, &ranks_);
  row_begins_.resize(ranks_ + 1);
  row_counts_.resize(ranks_);
  for (int r = 0; r <= ranks_; ++r)
    row_begins_[r] = static_cast<int>(rows_ * static_cast<std::size_t>(r) / static_cast<std::size_t>(ranks_));
  for (int r = 0; r < ranks_; ++r)
    row_counts_[r] = row_begins_[r + 1] - row_begins_[r];
  row_begin_ = static_cast<std::size_t>(row_begins_[rank_]);
  local_rows_ = static_cast<std::size_t>(row_counts_[rank_]);
  base_.clear();
  tableau_.clear();
  y_local_.assign(local_rows_, 0.0);
  y_.assign(rows_, 0.0);
  column_.assign(dz_, 0.0);
  row_.assign(2 * dz_, 0.0);
  work_.assign(2 * local_rows_, 0.0);
}

// The tableau of the partition held_, directly: column j is the surface response to a unit input at
// zone dof j (a displacement if held, an external force if free), every other input zero and the surface
// outside the zone free of traction; its zone rows are the outputs (force if held, displacement if
// free), then the outside displacements. The partition is the same for all 2m columns, so the slab
// factors its operator once and solves the columns in blocks (MUMPS with many right-hand sides); the
// surface rows of each block are gathered to every rank. This is [S_Z; T_OZ] after a principal pivot on
// every free zone dof, without the O(n_x m) pass per pivot.
void CondensedSurfaceSolver::condense() {
  StageScope stage(logStages().condensation, condensation_seconds_);
  const MPI_Comm comm = slab_.comm();
  base_.assign(local_rows_ * dz_, 0.0);
  SurfaceCondition condition = SurfaceCondition::free(nx_);
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    const std::int64_t k = zone_first_ + i;
    condition.u_kind[k] = held_[2 * i] ? DofKind::displacement : DofKind::force;
    condition.w_kind[k] = held_[2 * i + 1] ? DofKind::displacement : DofKind::force;
  }
  slab_.setSurface(condition);

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
    // Row i of a column: the force (held) or displacement (free) of zone dof i (i < 2m), else a
    // displacement of an outside dof.
    for (std::size_t c = 0; c < cols; ++c) {
      const double *col = &gathered[c * 4 * nx_];
      double *target = &base_[(j0 + c) * local_rows_];
      for (std::size_t l = 0; l < local_rows_; ++l) {
        const std::size_t i = row_begin_ + l;
        target[l] = i < dz_ ? col[(held_[i] ? 2 * nx_ : 0) + 2 * zone_first_ + i]
                            : col[2 * outside_[(i - dz_) / 2] + (i - dz_) % 2];
      }
    }
  }
  base_held_ = held_;
  condensation_solves_ += static_cast<long long>(dz_);
  ++condensations_;
  refresh();
}

// The tableau starts again from the condensed one, in the partition it was condensed in.
void CondensedSurfaceSolver::refresh() {
  tableau_ = base_;
  tableau_held_ = base_held_;
  pivots_since_refresh_ = 0;
}

// Principal pivot on a set P of zone dofs (one node's: one or two): their inputs and outputs trade
// places (held: displacement in, force out; free: force in, displacement out). With y = A x, R the other
// dofs and the outside rows, and M = A_PP:
//   A_PP <- M^-1,  A_RP <- A_RP M^-1,  A_PR <- -M^-1 A_PR,  A_RR <- A_RR - A_RP M^-1 A_PR,
// a rank-|P| update of the 2 n_x x 2m tableau, O(n_x m) per node that joins or leaves the contact, in
// one pass over the tableau (a node's two dofs together), instead of a new elimination of the free zone
// dofs. M is a diagonal block of stiffness (held -> free) or compliance (free -> held) of the current
// partition, nonsingular for the stable slab.
void CondensedSurfaceSolver::pivot(const std::array<std::size_t, 2> &dofs, std::size_t k) {
  double *A = tableau_.data();
  const std::size_t lr = local_rows_;
  // Rows P (zone rows), from the ranks that hold them, column-major k x 2m.
  for (std::size_t r = 0; r < k; ++r) {
    const std::size_t p = dofs[r];
    const int owner =
        static_cast<int>(std::upper_bound(row_begins_.begin(), row_begins_.end(), static_cast<int>(p)) -
                         row_begins_.begin()) -
        1;
    if (rank_ == owner)
      for (std::size_t j = 0; j < dz_; ++j)
        row_[j * k + r] = A[j * lr + (p - row_begin_)];
    if (ranks_ > 1) {
      for (std::size_t j = 0; j < dz_; ++j)
        column_[j] = row_[j * k + r]; // contiguous for the broadcast
      MPI_Bcast(column_.data(), static_cast<int>(dz_), MPI_DOUBLE, owner, slab_.comm());
      for (std::size_t j = 0; j < dz_; ++j)
        row_[j * k + r] = column_[j];
    }
  }
  // M^-1 (k = 1 or 2).
  double Minv[4] = {0, 0, 0, 0}; // column-major k x k
  if (k == 1) {
    const double m = row_[dofs[0]];
    if (!(std::abs(m) > 0) || !std::isfinite(m))
      throw SolverError(fmt::format("condensed surface: zero pivot at zone dof {}", dofs[0]));
    Minv[0] = 1.0 / m;
  } else {
    const double m00 = row_[dofs[0] * 2], m10 = row_[dofs[0] * 2 + 1];
    const double m01 = row_[dofs[1] * 2], m11 = row_[dofs[1] * 2 + 1];
    const double det = m00 * m11 - m01 * m10;
    if (!(std::abs(det) > 0) || !std::isfinite(det))
      throw SolverError(
          fmt::format("condensed surface: singular pivot at zone dofs {}, {}", dofs[0], dofs[1]));
    Minv[0] = m11 / det, Minv[1] = -m10 / det, Minv[2] = -m01 / det, Minv[3] = m00 / det;
  }
  // W = A_:P M^-1 (this rank's rows), then A -= W A_P: in one rank-k update.
  for (std::size_t s = 0; s < k; ++s)
    for (std::size_t l = 0; l < lr; ++l) {
      double v = 0;
      for (std::size_t r = 0; r < k; ++r)
        v += A[dofs[r] * lr + l] * Minv[s * k + r];
      work_[s * lr + l] = v;
    }
  if (lr > 0) {
    const PetscBLASInt m = blasInt(lr), n = blasInt(dz_), kk = blasInt(k), ldr = blasInt(k);
    const double alpha = -1.0, beta = 1.0;
    BLASgemm_("N", "N", &m, &n, &kk, &alpha, work_.data(), &m, row_.data(), &ldr, &beta, A, &m);
  }
  for (std::size_t s = 0; s < k; ++s)
    std::copy(work_.begin() + static_cast<std::ptrdiff_t>(s * lr),
              work_.begin() + static_cast<std::ptrdiff_t>((s + 1) * lr), A + dofs[s] * lr);
  for (std::size_t r = 0; r < k; ++r) {
    const std::size_t p = dofs[r];
    if (p < row_begin_ || p >= row_begin_ + lr) continue;
    for (std::size_t j = 0; j < dz_; ++j) {
      double v = 0;
      for (std::size_t q = 0; q < k; ++q)
        v += Minv[q * k + r] * row_[j * k + q];
      A[j * lr + (p - row_begin_)] = -v;
    }
    for (std::size_t s = 0; s < k; ++s)
      A[dofs[s] * lr + (p - row_begin_)] = Minv[s * k + r];
  }
  for (std::size_t r = 0; r < k; ++r)
    tableau_held_[dofs[r]] = !tableau_held_[dofs[r]];
  pivots_since_refresh_ += k;
  pivots_ += static_cast<long long>(k);
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
  const bool grow = last >= 0 && (first < zone_first_ || last >= zone_first_ + zone_nodes_);
  if (grow) {
    // The margin doubles at every growth, so a contact that keeps spreading costs O(log) condensations.
    margin_ = std::max(1, 2 * margin_);
    setZone(std::min(first, zone_first_) - margin_, std::max(last, zone_first_ + zone_nodes_ - 1) + margin_);
  }
  held_.assign(dz_, 0);
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    held_[2 * i] = held_laterally_[zone_first_ + i];
    held_[2 * i + 1] = in_contact_[zone_first_ + i];
  }
  if (base_.empty()) { // the first contact set, or a grown zone
    condense();
    return;
  }
  StageScope stage(logStages().contact_set, contact_set_seconds_);
  std::size_t changes = 0, from_base = 0;
  for (std::size_t j = 0; j < dz_; ++j) {
    changes += held_[j] != tableau_held_[j];
    from_base += held_[j] != base_held_[j];
  }
  // Round-off accumulates over many pivots: past a budget (refresh_pivots, or the zone's 2m dofs if
  // more), start again from the condensed tableau when the contact set is still close to the one it was
  // condensed for, else condense again in this one (2m blocked solves, which cost less than 2m pivots).
  const std::size_t budget = std::max(refresh_pivots, dz_);
  if (pivots_since_refresh_ + changes > budget) {
    if (2 * from_base > budget) {
      condense();
      return;
    }
    refresh();
  }
  // One pivot per node, on whichever of its two dofs change.
  for (std::size_t i = 0; i < dz_; i += 2) {
    std::array<std::size_t, 2> dofs{};
    std::size_t k = 0;
    for (std::size_t j = i; j < i + 2; ++j)
      if (held_[j] != tableau_held_[j]) dofs[k++] = j;
    if (k > 0) pivot(dofs, k);
  }
}

SurfaceState CondensedSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  if (held_.size() != dz_) throw SolverError("CondensedSurfaceSolver::solve: no contact set given yet");
  StageScope stage(logStages().solve, solve_seconds_);
  // y = tableau x, with x the prescribed displacements of the held dofs and zero forces on the free ones:
  // only the held columns with a nonzero value count, so a unit response (a slip) costs two columns of
  // 2 n_x entries and a dense prescription all of C. Each rank does its rows, then they are gathered.
  std::vector<double> &y = ranks_ > 1 ? y_local_ : y_;
  std::fill(y.begin(), y.end(), 0.0);
  if (local_rows_ > 0) {
    const PetscBLASInt one = 1, m = blasInt(local_rows_);
    for (std::size_t j = 0; j < dz_; ++j) {
      if (!held_[j]) continue;
      const std::int64_t k = zone_first_ + static_cast<std::int64_t>(j / 2);
      const double v = j % 2 == 0 ? u[k] : w[k];
      if (v != 0.0) BLASaxpy_(&m, &v, &tableau_[j * local_rows_], &one, y.data(), &one);
    }
  }
  if (ranks_ > 1)
    MPI_Allgatherv(y_local_.data(), row_counts_[rank_], MPI_DOUBLE, y_.data(), row_counts_.data(),
                   row_begins_.data(), MPI_DOUBLE, slab_.comm());
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
