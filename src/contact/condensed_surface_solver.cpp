// The slab condensed onto a zone of surface dofs: unit solves of the distributed slab give S_Z and T_OZ;
// each provisional equilibrium is then dense linear algebra on the zone (LAPACK via PETSc).
#include "tribo/contact/condensed_surface_solver.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <petscsys.h>

namespace tribo {

namespace {

struct CondensedLogStages {
  PetscLogStage condensation = -1, solve = -1;
};

const CondensedLogStages &logStages() {
  static CondensedLogStages stages;
  if (stages.condensation < 0) {
    TRIBO_PETSC_CALL(PetscLogStageRegister("Condensation", &stages.condensation));
    TRIBO_PETSC_CALL(PetscLogStageRegister("Condensed solve", &stages.solve));
  }
  return stages;
}

class StageScope {
public:
  explicit StageScope(PetscLogStage s) { TRIBO_PETSC_CALL(PetscLogStagePush(s)); }
  ~StageScope() { PetscLogStagePop(); }
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
  factorFree();
}

std::size_t CondensedSurfaceSolver::bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes) {
  const auto dz = static_cast<std::size_t>(2 * zone_nodes),
             doo = static_cast<std::size_t>(2 * (surface_nodes - zone_nodes));
  // S_Z and T_OZ; the factorisation of S_FF is at most as large as S_Z (frictionless), usually the margin
  // only.
  return sizeof(double) * (dz * dz + doo * dz + 3 * (dz + doo));
}

std::size_t CondensedSurfaceSolver::bytes() const {
  return sizeof(double) *
             (S_.size() + T_.size() + lu_.size() + y_zone_.size() + y_out_.size() + d_free_.size()) +
         sizeof(PetscBLASInt) * (free_.size() + pivots_.size());
}

// Column j of S_Z and T_OZ: the surface response to a unit displacement of zone dof j, every other zone
// dof held at zero and the surface outside the zone free of traction. The partition is the same for all
// 2m solves, so the slab system factors its operator once and each column is a forward/back solve.
void CondensedSurfaceSolver::condense(std::int64_t first, std::int64_t last) {
  StageScope stage(logStages().condensation);
  first = std::max<std::int64_t>(first, 0);
  last = std::min<std::int64_t>(last, nx_ - 1);
  zone_first_ = first;
  zone_nodes_ = last - first + 1;
  dz_ = static_cast<std::size_t>(2 * zone_nodes_);
  outside_.clear();
  for (std::int64_t k = 0; k < nx_; ++k)
    if (k < first || k > last) outside_.push_back(k);
  doo_ = 2 * outside_.size();
  S_.assign(dz_ * dz_, 0.0);
  T_.assign(doo_ * dz_, 0.0);
  y_zone_.assign(dz_, 0.0);
  y_out_.assign(doo_, 0.0);

  SurfaceCondition condition = SurfaceCondition::free(nx_);
  for (std::int64_t k = first; k <= last; ++k)
    condition.u_kind[k] = condition.w_kind[k] = DofKind::displacement;
  for (std::size_t j = 0; j < dz_; ++j) {
    const std::int64_t node = zone_first_ + static_cast<std::int64_t>(j / 2);
    std::vector<double> &value = j % 2 == 0 ? condition.u_value : condition.w_value;
    value[node] = 1.0;
    slab_.setSurface(condition);
    slab_.solve();
    value[node] = 0.0;
    const SurfaceState s = slab_.surface();
    for (std::int64_t i = 0; i < zone_nodes_; ++i) {
      S(2 * i, j) = s.fx[zone_first_ + i];
      S(2 * i + 1, j) = s.fz[zone_first_ + i];
    }
    for (std::size_t o = 0; o < outside_.size(); ++o) {
      T(2 * o, j) = s.u[outside_[o]];
      T(2 * o + 1, j) = s.w[outside_[o]];
    }
  }
  condensation_solves_ += static_cast<long long>(dz_);
  ++condensations_;
}

// The free zone dofs for the current contact set and the LU factors of S_FF. |F| is the margin (and, if
// the contact is frictionless, the contact nodes' u): small, so a fresh getrf per contact set is cheaper
// than keeping an updated factorisation of a matrix this size.
void CondensedSurfaceSolver::factorFree() {
  std::vector<char> held(dz_, 0);
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    held[2 * i] = held_laterally_[zone_first_ + i];
    held[2 * i + 1] = in_contact_[zone_first_ + i];
  }
  held_ = std::move(held);
  free_.clear();
  for (std::size_t j = 0; j < dz_; ++j)
    if (!held_[j]) free_.push_back(static_cast<PetscBLASInt>(j));
  const std::size_t nf = free_.size();
  lu_.resize(nf * nf);
  pivots_.resize(nf);
  d_free_.resize(nf);
  for (std::size_t b = 0; b < nf; ++b)
    for (std::size_t a = 0; a < nf; ++a)
      lu_[b * nf + a] = S(free_[a], free_[b]);
  if (nf == 0) return;
  const PetscBLASInt n = blasInt(nf);
  PetscBLASInt info = 0;
  LAPACKgetrf_(&n, &n, lu_.data(), &n, pivots_.data(), &info);
  if (info != 0)
    throw SolverError(
        fmt::format("condensed surface: the free zone block is singular (getrf info {})", info));
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
  if (last >= 0 && (first < zone_first_ || last >= zone_first_ + zone_nodes_))
    condense(std::min(first, zone_first_) - margin_, std::max(last, zone_first_ + zone_nodes_ - 1) + margin_);
  factorFree();
}

SurfaceState CondensedSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  StageScope stage(logStages().solve);
  const PetscBLASInt one = 1, n_zone = blasInt(dz_), n_out = blasInt(doo_);
  std::fill(y_zone_.begin(), y_zone_.end(), 0.0);
  std::fill(y_out_.begin(), y_out_.end(), 0.0);
  // y = [S_Z; T_OZ] restricted to the held columns, applied to the nonzero prescribed values only: a unit
  // response (a slip) costs two columns, a dense prescription all of C.
  std::vector<double> d_zone(dz_, 0.0);
  for (std::size_t j = 0; j < dz_; ++j) {
    if (!held_[j]) continue;
    const std::int64_t k = zone_first_ + static_cast<std::int64_t>(j / 2);
    const double v = j % 2 == 0 ? u[k] : w[k];
    d_zone[j] = v;
    if (v == 0.0) continue;
    BLASaxpy_(&n_zone, &v, &S_[j * dz_], &one, y_zone_.data(), &one);
    if (doo_ > 0) BLASaxpy_(&n_out, &v, &T_[j * doo_], &one, y_out_.data(), &one);
  }
  // d_F = -S_FF^{-1} S_FC d_C, then the free columns' share.
  const std::size_t nf = free_.size();
  if (nf > 0) {
    for (std::size_t a = 0; a < nf; ++a)
      d_free_[a] = -y_zone_[free_[a]];
    const PetscBLASInt n = blasInt(nf);
    PetscBLASInt info = 0;
    LAPACKgetrs_("N", &n, &one, lu_.data(), &n, pivots_.data(), d_free_.data(), &n, &info);
    if (info != 0) throw SolverError(fmt::format("condensed surface: getrs info {}", info));
    for (std::size_t a = 0; a < nf; ++a) {
      const std::size_t j = static_cast<std::size_t>(free_[a]);
      const double v = d_free_[a];
      d_zone[j] = v;
      if (v == 0.0) continue;
      BLASaxpy_(&n_zone, &v, &S_[j * dz_], &one, y_zone_.data(), &one);
      if (doo_ > 0) BLASaxpy_(&n_out, &v, &T_[j * doo_], &one, y_out_.data(), &one);
    }
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
    s.u[k] = d_zone[2 * i];
    s.w[k] = d_zone[2 * i + 1];
    // A free dof carries no external force (its residual is round-off of the S_FF solve).
    s.fx[k] = held_[2 * i] ? y_zone_[2 * i] : 0.0;
    s.fz[k] = held_[2 * i + 1] ? y_zone_[2 * i + 1] : 0.0;
  }
  for (std::size_t o = 0; o < outside_.size(); ++o) {
    s.u[outside_[o]] = y_out_[2 * o];
    s.w[outside_[o]] = y_out_[2 * o + 1];
  }
  return s;
}

} // namespace tribo
