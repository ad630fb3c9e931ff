// The slab condensed onto a zone of surface dofs: unit solves of the distributed slab give S_Z and T_OZ;
// each provisional equilibrium is then dense linear algebra on the zone (LAPACK via PETSc).
#include "tribo/contact/condensed_surface_solver.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/io/state_archive.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <numeric>
#include <petscblaslapack.h>
#include <petscsys.h>

namespace tribo {

namespace {

struct CondensedLogStages {
  PetscLogStage solve = -1, contact_set = -1; // the condensation's: src/contact/condensation.cpp
};

const CondensedLogStages &logStages() {
  static CondensedLogStages stages;
  if (stages.solve < 0) {
    stages.solve = logStage("Condensed solve");
    stages.contact_set = logStage("Condensed set");
  }
  return stages;
}

PetscBLASInt blasInt(std::size_t n) {
  PetscBLASInt b = 0;
  TRIBO_PETSC_CALL(PetscBLASIntCast(static_cast<PetscInt>(n), &b));
  return b;
}

} // namespace

CondensedSurfaceSolver::CondensedSurfaceSolver(SlabSystem &slab, double x_first, double x_last,
                                               int margin_nodes, TableauPlacement placement)
    : slab_(slab), comm_(slab.comm()), margin_(std::max(margin_nodes, 0)), placement_(placement) {
  TRIBO_MPI_CALL(MPI_Comm_rank(comm_, &rank_));
  TRIBO_MPI_CALL(MPI_Comm_size(comm_, &ranks_));
  // Each rank condenses its share of the columns on a serial slab: on one rank the slab itself.
  if (ranks_ > 1)
    serial_slab_ = std::make_unique<SlabSystem>(PETSC_COMM_SELF, slab.grid(), slab.elastic(), slab.support(),
                                                slab.options());
  const auto &grid = slab.grid();
  nx_ = grid.surfaceNodeCount();
  topRowGeometry(grid, x_, width_);
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
  // On more than one rank each rank's nodes are those whose rows it holds: it reads in a slip only the
  // rows it computes itself.
  if (ranks_ > 1) {
    std::vector<std::size_t> node_begins(row_begins_.begin(), row_begins_.end());
    for (std::size_t &b : node_begins)
      b /= 2; // row blocks hold whole nodes (pivot_block_rows is even)
    share_ = std::make_unique<StateShare>(comm_, std::move(node_begins));
  }
}

std::size_t CondensedSurfaceSolver::bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes, int ranks) {
  // The condensed columns [S_Z; T_OZ] and the tableau, each 2 n_x rows by 2m columns, distributed by
  // rows; the gathered outputs and the work vectors on every rank.
  const auto rows = static_cast<std::size_t>(2 * surface_nodes),
             cols = static_cast<std::size_t>(2 * zone_nodes);
  return sizeof(double) * (2 * rows * cols + static_cast<std::size_t>(ranks) * (3 * rows + cols));
}

std::size_t CondensedSurfaceSolver::bytes() const {
  return sizeof(double) * (base_.size() + work_.size() + pending_rows_.size() + pending_rows_next_.size()) +
         tableau_->bytes();
}

void CondensedSurfaceSolver::setZone(std::int64_t first, std::int64_t last) {
  first = std::max<std::int64_t>(first, 0);
  last = std::min<std::int64_t>(last, nx_ - 1);
  zone_first_ = first;
  zone_nodes_ = last - first + 1;
  dz_ = static_cast<std::size_t>(2 * zone_nodes_);
  rows_ = static_cast<std::size_t>(2 * nx_);
  // This rank's block of rows (the surface dofs in node order): a contiguous split, balanced to within a
  // block of pivot_block_rows, on block boundaries. It does not depend on the zone, so the ranks' nodes
  // (StateShare) are those of their rows whatever the zone.
  row_begins_.resize(ranks_ + 1);
  row_counts_.resize(ranks_);
  const std::size_t blocks = (rows_ + pivot_block_rows - 1) / pivot_block_rows;
  for (int r = 0; r <= ranks_; ++r)
    row_begins_[r] = static_cast<int>(std::min(
        rows_, blocks * static_cast<std::size_t>(r) / static_cast<std::size_t>(ranks_) * pivot_block_rows));
  for (int r = 0; r < ranks_; ++r)
    row_counts_[r] = row_begins_[r + 1] - row_begins_[r];
  row_begin_ = static_cast<std::size_t>(row_begins_[rank_]);
  local_rows_ = static_cast<std::size_t>(row_counts_[rank_]);
  std::vector<double>().swap(base_); // before the tableau's room is taken
  base_held_.clear();                // condense() again: a rank without rows has an empty base_ always
  if (tableau_) tableau_->release();
  tableau_.reset();
  tableau_ = TableauStorage::make(comm_, placement_, rows_, dz_);
  tableau_->allocate(rows_, dz_, row_begins_);
  work_.assign(2 * local_rows_, 0.0);
}

// The tableau starts again from the condensed one, in the partition it was condensed in.
void CondensedSurfaceSolver::refresh() {
  tableau_->assignLocal(base_);
  tableau_held_ = base_held_;
  pending_.clear();
  pending_work_ = 0;
  pivots_since_refresh_ = 0;
}

// The rows not known yet come from the storage, in one collective.
void CondensedSurfaceSolver::gatherRows(const std::vector<std::size_t> &dofs,
                                        const std::vector<std::size_t> &known,
                                        const std::vector<double> &known_rows,
                                        std::vector<double> &rows) const {
  const std::size_t k = dofs.size(), k_known = known.size();
  // Where each row comes from: known row q (>= 0), or gathered row s (-(s + 1)).
  std::vector<std::ptrdiff_t> from(k);
  std::vector<std::size_t> missing;
  for (std::size_t r = 0; r < k; ++r) {
    const auto it = std::lower_bound(known.begin(), known.end(), dofs[r]);
    if (it != known.end() && *it == dofs[r]) {
      from[r] = it - known.begin();
    } else {
      from[r] = -static_cast<std::ptrdiff_t>(missing.size()) - 1;
      missing.push_back(dofs[r]);
    }
  }
  std::vector<double> packed; // row-major: missing row s at [s * 2m, (s + 1) * 2m)
  if (!missing.empty()) {
    for (std::size_t &j : missing)
      j = row(j);
    tableau_->rows(missing, packed);
  }
  // Column by column, as both sides are stored (a pass over k rows per contact-set change: row by row
  // it took 4% of the normal contact at n_x = 8193, on every rank).
  rows.resize(k * dz_);
  for (std::size_t j = 0; j < dz_; ++j) {
    const double *in = known_rows.data() + j * k_known;
    double *out = rows.data() + j * k;
    for (std::size_t r = 0; r < k; ++r)
      out[r] = from[r] >= 0 ? in[from[r]] : packed[static_cast<std::size_t>(-from[r] - 1) * dz_ + j];
  }
}

// LU factors of S M S, M = A_PP (k x k, column-major) from the gathered rows of P, S = diag(|M_pp|^-1/2).
// The scaling matters: M mixes stiffness (dofs held in the tableau, ~E*), compliance (free, ~1/E*) and
// dimensionless entries between the two, 22 orders of magnitude apart; S M S has a unit diagonal.
void CondensedSurfaceSolver::factorPivotBlock(const std::vector<std::size_t> &dofs,
                                              const std::vector<double> &rows, PivotBlock &block) const {
  const std::size_t k = dofs.size();
  block.lu.resize(k * k);
  block.perm.resize(k);
  block.scale.resize(k);
  for (std::size_t r = 0; r < k; ++r) {
    const double d = std::abs(rows[dofs[r] * k + r]);
    if (!(d > 0) || !std::isfinite(d))
      throw SolverError(fmt::format("condensed surface: zero pivot at zone dof {}", dofs[r]));
    block.scale[r] = 1.0 / std::sqrt(d);
  }
  std::vector<double> &lu = block.lu;
  for (std::size_t s = 0; s < k; ++s)
    for (std::size_t r = 0; r < k; ++r)
      lu[s * k + r] = block.scale[r] * rows[dofs[s] * k + r] * block.scale[s];
  const PetscBLASInt n = blasInt(k);
  PetscBLASInt info = 0;
  LAPACKgetrf_(&n, &n, lu.data(), &n, block.perm.data(), &info);
  if (info != 0)
    throw SolverError(fmt::format("condensed surface: singular pivot block of {} dofs (LAPACK getrf info {})",
                                  k, static_cast<int>(info)));
}

// The pivots of the pending dofs are deferred (docs/model.md §16, "deferred pivots"): the tableau stays
// in its partition and a solve eliminates the pending dofs through their k x k block (a Woodbury-type
// correction, k more columns per solve). They are applied as one block pivot when their number passes
// max_pending_dofs, or when the columns they added to the solves would have paid for that pass.
//
// The principal pivot on the set P: their inputs and outputs trade places (held: displacement in, force
// out; free: force in, displacement out). With y = A x, R the other dofs and the outside rows, and
// M = A_PP:
//   A_PP <- M^-1,  A_RP <- A_RP M^-1,  A_PR <- -M^-1 A_PR,  A_RR <- A_RR - A_RP M^-1 A_PR,
// a rank-|P| update of the 2 n_x x 2m tableau in one pass (two GEMMs), instead of a new elimination of
// the free zone dofs. M is a principal block of the tableau; pivoting on it equals pivoting on its nodes
// one at a time, each a block of stiffness (held -> free) or compliance (free -> held) of the stable
// slab, so it is nonsingular. The rows A_P: and the factors of M are those setContactSet gathered.
void CondensedSurfaceSolver::flushPending() {
  if (pending_.empty()) return;
  const std::vector<std::size_t> &dofs = pending_;
  const std::vector<double> &rows = pending_rows_;
  const std::size_t k = dofs.size(), lr = local_rows_, ld = tableau_->ld();
  tableau_->fence(); // every rank has read the rows it is about to change (a column read in place)
  double *A = tableau_->local(0);
  std::vector<double> Minv = pending_block_.lu; // M^-1 = S (S M S)^-1 S
  {
    const PetscBLASInt n = blasInt(k), lwork = blasInt(k * k);
    std::vector<double> lwork_space(static_cast<std::size_t>(lwork));
    std::vector<PetscBLASInt> perm = pending_block_.perm;
    PetscBLASInt info = 0;
    LAPACKgetri_(&n, Minv.data(), &n, perm.data(), lwork_space.data(), &lwork, &info);
    if (info != 0) throw SolverError("condensed surface: pivot block inversion failed");
    const std::vector<double> &scale = pending_block_.scale;
    for (std::size_t c = 0; c < k; ++c)
      for (std::size_t r = 0; r < k; ++r)
        Minv[c * k + r] *= scale[r] * scale[c];
  }
  const double one = 1.0, zero = 0.0, minus_one = -1.0;
  const PetscBLASInt kk = blasInt(k), n = blasInt(dz_);
  // T = M^-1 A_P: (k x 2m), the new rows P (negated), on every rank.
  std::vector<double> T(k * dz_);
  BLASgemm_("N", "N", &kk, &n, &kk, &one, Minv.data(), &kk, rows.data(), &kk, &zero, T.data(), &kk);
  if (lr > 0) {
    // W = A_:P M^-1 (this rank's rows), then A -= W A_P; the columns P become W.
    const PetscBLASInt ldw = blasInt(lr), lda = blasInt(ld);
    std::vector<double> AP(lr * k);
    for (std::size_t s = 0; s < k; ++s)
      std::copy(A + dofs[s] * ld, A + dofs[s] * ld + lr, AP.begin() + static_cast<std::ptrdiff_t>(s * lr));
    work_.resize(lr * k);
    for (std::size_t b = 0; b < lr; b += pivot_block_rows) { // the same GEMMs on any number of ranks
      const PetscBLASInt m = blasInt(std::min(pivot_block_rows, lr - b));
      BLASgemm_("N", "N", &m, &kk, &kk, &one, AP.data() + b, &ldw, Minv.data(), &kk, &zero, work_.data() + b,
                &ldw);
      BLASgemm_("N", "N", &m, &n, &kk, &minus_one, work_.data() + b, &ldw, rows.data(), &kk, &one, A + b,
                &lda);
    }
    for (std::size_t s = 0; s < k; ++s)
      std::copy(work_.begin() + static_cast<std::ptrdiff_t>(s * lr),
                work_.begin() + static_cast<std::ptrdiff_t>((s + 1) * lr), A + dofs[s] * ld);
  }
  for (std::size_t r = 0; r < k; ++r) {
    const std::size_t p = row(dofs[r]);
    if (p < row_begin_ || p >= row_begin_ + lr) continue;
    for (std::size_t j = 0; j < dz_; ++j)
      A[j * ld + (p - row_begin_)] = -T[j * k + r];
    for (std::size_t s = 0; s < k; ++s)
      A[dofs[s] * ld + (p - row_begin_)] = Minv[s * k + r];
  }
  tableau_->fence(); // every rank sees the new rows
  for (std::size_t p : dofs)
    tableau_held_[p] = !tableau_held_[p];
  pivots_since_refresh_ += k;
  pivots_ += static_cast<long long>(k);
  pending_.clear();
  pending_work_ = 0;
}

void CondensedSurfaceSolver::maskHeld() {
  held_mask_.resize(dz_);
  for (std::size_t j = 0; j < dz_; ++j)
    held_mask_[j] = held_[j] ? ~std::uint64_t{0} : 0;
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
  maskHeld();
  if (base_held_.empty()) { // the first contact set, or a grown zone
    condense();
    return;
  }
  TimedStage stage(logStages().contact_set, contact_set_seconds_);
  // The dofs whose role differs from the tableau's partition: the pending pivots (a dof that changes back
  // leaves the set; the pivot is an involution).
  auto collectPending = [&] {
    pending_.clear();
    for (std::size_t j = 0; j < dz_; ++j)
      if (held_[j] != tableau_held_[j]) pending_.push_back(j);
  };
  // Rows of the dofs pending so far are still those of the tableau (any change to it clears pending_).
  std::vector<std::size_t> known = pending_;
  collectPending();
  // Round-off accumulates over many pivots: past a budget (refresh_pivots, or the zone's 2m dofs if
  // more), start again from the condensed tableau when the contact set is still close to the one it was
  // condensed for, else condense again in this one (2m blocked solves, which cost less than 2m pivots).
  const std::size_t budget = std::max(refresh_pivots, dz_);
  if (pivots_since_refresh_ + pending_.size() > budget) {
    const auto from_base =
        static_cast<std::size_t>(std::inner_product(held_.begin(), held_.end(), base_held_.begin(),
                                                    std::size_t{0}, std::plus<>(), std::not_equal_to<>()));
    if (2 * from_base > budget) {
      condense();
      return;
    }
    refresh();
    known.clear();
    collectPending();
  }
  gatherRows(pending_, known, pending_rows_, pending_rows_next_);
  pending_rows_.swap(pending_rows_next_);
  if (!pending_.empty()) factorPivotBlock(pending_, pending_rows_, pending_block_);
  if (pending_.size() > max_pending_dofs) flushPending();
}

// The inputs of the current partition: prescribed displacements of the held dofs (free ones carry no
// force). Only the nonzero ones count, so a unit response (a slip) costs two columns of 2 n_x entries and
// a dense prescription all of C.
SurfaceState CondensedSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  if (held_.size() != dz_) throw SolverError("CondensedSurfaceSolver::solve: no contact set given yet");
  inputs_.clear();
  for (std::size_t j = 0; j < dz_; ++j) {
    if (!held_[j]) continue;
    const std::int64_t k = zone_first_ + static_cast<std::int64_t>(j / 2);
    const double v = j % 2 == 0 ? u[k] : w[k];
    if (v != 0.0) inputs_.push_back({j, v});
  }
  SurfaceState s;
  s.x = x_;
  s.width = width_;
  solveInputs(inputs_, s);
  return s;
}

void CondensedSurfaceSolver::unitResponse(int k, Component c, SurfaceState &out) {
  if (held_.size() != dz_)
    throw SolverError("CondensedSurfaceSolver::unitResponse: no contact set given yet");
  inputs_.clear();
  const std::int64_t i = k - zone_first_;
  if (i >= 0 && i < zone_nodes_) {
    const std::size_t j = static_cast<std::size_t>(2 * i + static_cast<int>(c));
    if (held_[j]) inputs_.push_back({j, 1.0}); // a free dof ignores its prescription
  }
  solveInputs(inputs_, out);
}

void CondensedSurfaceSolver::unitInputs(int k, Component c, std::vector<Input> &inputs) const {
  if (held_.size() != dz_) throw SolverError("CondensedSurfaceSolver: no contact set given yet");
  inputs.clear();
  const std::int64_t i = k - zone_first_;
  if (i >= 0 && i < zone_nodes_) {
    const std::size_t j = static_cast<std::size_t>(2 * i + static_cast<int>(c));
    if (held_[j]) inputs.push_back({j, 1.0}); // a free dof ignores its prescription
  }
}

// Node k's two unit columns: each read in place where it can be, else both solved in one pass over their
// columns, the outputs gathered in one collective (or, where the ranks share the state out, not at all).
CondensedSurfaceSolver::UnitColumns CondensedSurfaceSolver::unitColumns(int k) {
  unitInputs(k, Component::u, inputs_);
  unitInputs(k, Component::w, inputs_w_);
  const std::size_t kp = pending_.size();
  // In place (no pivot pending and every row here), or where two solves in turn would apply the
  // pending pivots between them, they run in turn.
  if ((kp == 0 && tableau_->column(0)) ||
      (kp > 0 && pending_work_ + static_cast<double>(kp) >= static_cast<double>(dz_)))
    return {respond(inputs_, 0), respond(inputs_w_, 1), false};
  TimedStage stage(logStages().solve, solve_seconds_);
  const LocalSolve both[2] = {{&inputs_, &pending_in_, tableau_->outputRows(0)},
                              {&inputs_w_, &pending_in_w_, tableau_->outputRows(1)}};
  localResponses(both, 2);
  solves_ += 2;
  // Where the ranks share the state out, each reads only its own rows: nothing is gathered.
  if (share_) return {tableau_->ownOutput(0), tableau_->ownOutput(1), true};
  const auto out = tableau_->output(0, 2);
  return {out[0], out[1], false};
}

const double *CondensedSurfaceSolver::respond(const std::vector<Input> &inputs, int slot) {
  // Pending pivots cost k columns per solve; once they have cost a pass over the tableau, apply them.
  if (!pending_.empty() && pending_work_ >= static_cast<double>(dz_)) {
    TimedStage stage(logStages().contact_set, contact_set_seconds_);
    flushPending();
  }
  // A unit column with no pivot pending is read in place where every row is here (one rank, or the
  // rows shared on a node): a slip's case, nearly every solve of an avalanche. Computing nothing, it is
  // neither a log stage nor timed: at n_x = 129 their push, pop and clock reads were a seventh of the
  // events' instructions (docs/performance.md, "Goal 4 at Fig. 6"). Every rank takes the same branch.
  if (pending_.empty() && inputs.size() == 1 && inputs[0].value == 1.0 && tableau_held_[inputs[0].j])
    if (const double *column = tableau_->column(inputs[0].j)) {
      ++solves_;
      return column;
    }
  TimedStage stage(logStages().solve, solve_seconds_);
  localResponse(inputs, pending_in_, tableau_->outputRows(slot));
  ++solves_;
  return tableau_->output(slot, 1)[slot];
}

void CondensedSurfaceSolver::localResponse(const std::vector<Input> &inputs, std::vector<double> &xp,
                                           double *y) {
  const LocalSolve one{&inputs, &xp, y};
  localResponses(&one, 1);
}

void CondensedSurfaceSolver::localResponses(const LocalSolve *solves, std::size_t count) {
  // Pending dofs P (roles swapped since the tableau's partition): with R the rest, the tableau's own
  // inputs at P solve M x_P = x'_P - A_PR x_R (x'_P: the current partition's inputs at P), and the
  // current outputs at P are those x_P.
  const std::size_t k = pending_.size();
  auto isPending = [&](std::size_t j) { return std::binary_search(pending_.begin(), pending_.end(), j); };
  for (std::size_t s = 0; s < count; ++s) {
    const std::vector<Input> &inputs = *solves[s].inputs;
    std::vector<double> &xp = *solves[s].xp;
    if (k == 0) continue;
    xp.assign(k, 0.0);
    for (std::size_t r = 0, q = 0; r < k; ++r) {
      while (q < inputs.size() && inputs[q].j < pending_[r])
        ++q;
      if (q < inputs.size() && inputs[q].j == pending_[r]) xp[r] = inputs[q].value;
    }
    for (const Input &in : inputs) {
      if (!tableau_held_[in.j] || isPending(in.j)) continue;
      for (std::size_t r = 0; r < k; ++r)
        xp[r] -= pending_rows_[in.j * k + r] * in.value;
    }
    // (S M S)(S^-1 x_P) = S b.
    const std::vector<double> &scale = pending_block_.scale;
    for (std::size_t r = 0; r < k; ++r)
      xp[r] *= scale[r];
    const PetscBLASInt n = blasInt(k), one_rhs = 1;
    PetscBLASInt info = 0;
    LAPACKgetrs_("N", &n, &one_rhs, pending_block_.lu.data(), &n, pending_block_.perm.data(), xp.data(), &n,
                 &info);
    for (std::size_t r = 0; r < k; ++r)
      xp[r] *= scale[r];
    pending_work_ += static_cast<double>(k);
  }
  // y = A x over this rank's rows, x the tableau's inputs (R as given, P as just solved for): the nonzero
  // terms of each solve in the order of the zone dofs.
  for (std::size_t s = 0; s < count; ++s) {
    const std::vector<Input> &inputs = *solves[s].inputs;
    const std::vector<double> &xp = *solves[s].xp;
    std::vector<Input> &terms = terms_[s];
    terms.clear();
    auto term = [&](std::size_t j, double v) {
      if (v != 0.0) terms.push_back({j, v});
    };
    std::size_t r = 0;
    for (const Input &in : inputs) {
      for (; r < k && pending_[r] < in.j; ++r)
        term(pending_[r], xp[r]);
      if (r < k && pending_[r] == in.j) {
        term(in.j, xp[r++]);
        continue;
      }
      if (tableau_held_[in.j]) term(in.j, in.value);
    }
    for (; r < k; ++r)
      term(pending_[r], xp[r]);
    std::fill(solves[s].y, solves[s].y + local_rows_, 0.0);
  }
  // One pass over the columns of both solves' terms, each column read once (a slip's two solves share
  // the pending columns: half the reads of two passes). A plain loop, not BLAS: every row by the same
  // arithmetic wherever the ranks' rows begin (a BLAS axpy may round its vector body, with fused
  // multiply-adds, and its tail differently), so that the outputs are the same to the last bit on 1 or P
  // ranks; each output adds its terms in the same order with or without the other.
  const std::size_t lr = local_rows_;
  auto axpy = [lr](const double *__restrict a, double v, double *__restrict t) {
    for (std::size_t l = 0; l < lr; ++l)
      t[l] += v * a[l];
  };
  auto axpy2 = [lr](const double *__restrict a, double v, double *__restrict t, double w,
                    double *__restrict u) {
    for (std::size_t l = 0; l < lr; ++l) {
      t[l] += v * a[l];
      u[l] += w * a[l];
    }
  };
  const std::vector<Input> &t0 = terms_[0], &t1 = terms_[count > 1 ? 1 : 0];
  const std::size_t n0 = t0.size(), n1 = count > 1 ? t1.size() : 0;
  for (std::size_t a = 0, b = 0; a < n0 || b < n1;) {
    if (b == n1 || (a < n0 && t0[a].j < t1[b].j)) {
      axpy(tableau_->local(t0[a].j), t0[a].value, solves[0].y), ++a;
    } else if (a == n0 || t1[b].j < t0[a].j) {
      axpy(tableau_->local(t1[b].j), t1[b].value, solves[1].y), ++b;
    } else {
      axpy2(tableau_->local(t0[a].j), t0[a].value, solves[0].y, t1[b].value, solves[1].y), ++a, ++b;
    }
  }
  // The current outputs at P are the x_P solved for (this rank's rows of them).
  for (std::size_t s = 0; s < count; ++s)
    for (std::size_t q = 0; q < k; ++q)
      if (const std::size_t p = row(pending_[q]); p >= row_begin_ && p < row_begin_ + local_rows_)
        solves[s].y[p - row_begin_] = (*solves[s].xp)[q];
}

void CondensedSurfaceSolver::solveInputs(const std::vector<Input> &inputs, SurfaceState &out) {
  const double *out_y = respond(inputs, 0);

  // Held: the prescription in, the reaction out; free: no external force, the displacement out. Outside
  // the zone the displacements out. Node k's rows are 2k and 2k + 1.
  const auto n = static_cast<std::size_t>(nx_);
  out.u.resize(n);
  out.w.resize(n);
  out.fx.resize(n);
  out.fz.resize(n);
  double *__restrict u = out.u.data(), *__restrict w = out.w.data(), *__restrict fx = out.fx.data(),
                     *__restrict fz = out.fz.data();
  const double *__restrict y = out_y;
  const char *__restrict held = held_.data();
  const auto z0 = static_cast<std::size_t>(zone_first_), z1 = z0 + static_cast<std::size_t>(zone_nodes_);
  for (std::size_t i = 0; i < z1 - z0; ++i) {
    const double yu = y[2 * (z0 + i)], yw = y[2 * (z0 + i) + 1];
    u[z0 + i] = held[2 * i] ? 0.0 : yu;
    fx[z0 + i] = held[2 * i] ? yu : 0.0;
    w[z0 + i] = held[2 * i + 1] ? 0.0 : yw;
    fz[z0 + i] = held[2 * i + 1] ? yw : 0.0;
  }
  for (const Input &in : inputs)
    (in.j % 2 == 0 ? u : w)[z0 + in.j / 2] = in.value;
  auto outside = [&](std::size_t first, std::size_t last) {
    for (std::size_t k = first; k < last; ++k) {
      u[k] = y[2 * k];
      w[k] = y[2 * k + 1];
      fx[k] = 0.0;
      fz[k] = 0.0;
    }
  };
  outside(0, z0);
  outside(z1, n);
}

// A checkpoint keeps the tableaux's rows in the order of its first format: the zone's dofs, then the
// outside ones left of the zone and right of it. A column's rows [0, 2 z0 + 2m) are rotated (the zone's
// before those left of it); the rows right of the zone keep their place.
std::size_t CondensedSurfaceSolver::checkpointRow(std::size_t r) const {
  const auto left = static_cast<std::size_t>(2 * zone_first_);
  return r < left ? r + dz_ : r < left + dz_ ? r - left : r;
}

std::vector<double> CondensedSurfaceSolver::gatherBlock(std::vector<double> local) const {
  if (ranks_ == 1) { // every row here: rotated in place, column by column (no second copy of a tableau)
    const auto left = static_cast<std::ptrdiff_t>(2 * zone_first_);
    for (std::size_t j = 0; j < dz_; ++j) {
      const auto column = local.begin() + static_cast<std::ptrdiff_t>(j * rows_);
      std::rotate(column, column + left, column + left + static_cast<std::ptrdiff_t>(dz_));
    }
    return local;
  }
  std::vector<int> counts(ranks_), displs(ranks_);
  for (int r = 0; r < ranks_; ++r) {
    counts[r] = static_cast<int>(static_cast<std::size_t>(row_counts_[r]) * dz_);
    displs[r] = static_cast<int>(static_cast<std::size_t>(row_begins_[r]) * dz_);
  }
  std::vector<double> blocks(rank_ == 0 ? rows_ * dz_ : 0), global(blocks.size());
  TRIBO_MPI_CALL(MPI_Gatherv(local.data(), counts[rank_], MPI_DOUBLE, blocks.data(), counts.data(),
                             displs.data(), MPI_DOUBLE, 0, comm_));
  // Rank r's block is its rows x 2m, column-major: into the checkpoint's column-major order.
  for (int r = 0; r < ranks_ && rank_ == 0; ++r)
    for (std::size_t j = 0; j < dz_; ++j)
      for (int l = 0; l < row_counts_[r]; ++l)
        global[j * rows_ + checkpointRow(static_cast<std::size_t>(row_begins_[r] + l))] =
            blocks[static_cast<std::size_t>(displs[r]) + j * static_cast<std::size_t>(row_counts_[r]) +
                   static_cast<std::size_t>(l)];
  return global;
}

std::vector<double> CondensedSurfaceSolver::localRows(const std::vector<double> &global) const {
  if (global.size() != rows_ * dz_)
    throw IoError("the checkpoint's condensed tableau does not fit this zone (a different slab?)");
  std::vector<double> local(local_rows_ * dz_);
  for (std::size_t j = 0; j < dz_; ++j)
    for (std::size_t l = 0; l < local_rows_; ++l)
      local[j * local_rows_ + l] = global[j * rows_ + checkpointRow(row_begin_ + l)];
  return local;
}

// The zone, both tableaux (in global row order, so any number of ranks can resume), the partitions,
// the deferred pivots with their factors, and the counters that reach the output.
void CondensedSurfaceSolver::saveState(const StateWriter &out) const {
  out.putInteger("zone_first", zone_first_);
  out.putInteger("zone_nodes", zone_nodes_);
  out.putInteger("margin", margin_);
  out.put("base", gatherBlock(base_));
  out.put("tableau", gatherBlock(tableau_->localCopy()));
  out.putIntegers("base_held", base_held_);
  out.putIntegers("tableau_held", tableau_held_);
  out.putIntegers("in_contact", in_contact_);
  out.putIntegers("held_laterally", held_laterally_);
  out.putIntegers("held", held_);
  out.putIntegers("pending", pending_);
  out.put("pending_rows", pending_rows_);
  out.put("pending_lu", pending_block_.lu);
  out.put("pending_scale", pending_block_.scale);
  out.putIntegers("pending_perm", pending_block_.perm);
  out.put("pending_work", pending_work_);
  out.putInteger("work_columns", static_cast<long long>(local_rows_ > 0 ? work_.size() / local_rows_ : 2));
  out.putIntegers("counters", std::vector<long long>{solves_, condensation_solves_, pivots_,
                                                     static_cast<long long>(pivots_since_refresh_),
                                                     condensations_, set_changes_since_solve_});
}

void CondensedSurfaceSolver::restoreState(const StateReader &in) {
  const std::int64_t first = in.integer("zone_first");
  setZone(first, first + in.integer("zone_nodes") - 1);
  margin_ = static_cast<int>(in.integer("margin"));
  base_ = localRows(in.values("base"));
  tableau_->assignLocal(localRows(in.values("tableau")));
  base_held_ = in.integers<char>("base_held");
  tableau_held_ = in.integers<char>("tableau_held");
  in_contact_ = in.integers<char>("in_contact");
  held_laterally_ = in.integers<char>("held_laterally");
  held_ = in.integers<char>("held");
  maskHeld();
  pending_ = in.integers<std::size_t>("pending");
  pending_rows_ = in.values("pending_rows");
  pending_block_.lu = in.values("pending_lu");
  pending_block_.scale = in.values("pending_scale");
  pending_block_.perm = in.integers<PetscBLASInt>("pending_perm");
  pending_work_ = in.value("pending_work");
  work_.assign(local_rows_ * static_cast<std::size_t>(in.integer("work_columns")), 0.0);
  const auto c = in.integers<long long>("counters");
  if (c.size() != 6 || held_.size() != dz_ || in_contact_.size() != static_cast<std::size_t>(nx_))
    throw IoError("the checkpoint's condensed surface does not fit this slab (a different slab?)");
  solves_ = c[0], condensation_solves_ = c[1], pivots_ = c[2];
  pivots_since_refresh_ = static_cast<std::size_t>(c[3]);
  condensations_ = static_cast<int>(c[4]), set_changes_since_solve_ = c[5];
}

} // namespace tribo
