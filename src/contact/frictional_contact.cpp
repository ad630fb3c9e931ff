// Frictional contact of the pin: constraints I-III, provisional equilibria, event-driven sliding.
#include "tribo/contact/frictional_contact.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace tribo {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double tie_tolerance = 1e-9;
} // namespace

FrictionalContact::FrictionalContact(SurfaceSolver &slab, CurvedPin pin, double pin_center,
                                     ContactParameters params)
    : slab_(slab), pin_(pin), pin_center0_(pin_center), params_(params), x_(slab.surfaceX()),
      linear_updates_(slab.updatesByLinearity()), in_contact_(x_.size(), 0), xi_(x_.size(), 0.0) {
  if (params_.load_per_depth <= 0 || params_.normal_stiffness <= 0)
    throw InputError("FrictionalContact: load and normal stiffness must be positive");
  // Tolerances on one scale (pitfall 5): forces relative to W/L_y, gaps through the stiffness.
  force_tol_ = 1e-11 * params_.load_per_depth;
  gap_tol_ = force_tol_ / params_.normal_stiffness;
}

// Constraint III for a free node: the slab surface, at the node's deformed position, stays below the
// pin, whose lowest point is `interference` below the undeformed surface (w is downward).
double FrictionalContact::gap(int k) const {
  return pin_.height(x_[k] + state_.u[k] - pinCenter()) - interference_ + state_.w[k];
}

double FrictionalContact::contactForce(const SurfaceState &s) const {
  double total = 0;
  for (std::size_t k = contact_first_; k < contact_end_; ++k)
    if (in_contact_[k]) total += s.fz[k];
  return total;
}

namespace {
/// a + c b, every field but the geometry.
SurfaceState combine(SurfaceState a, double c, const SurfaceState &b) {
  for (std::size_t k = 0; k < a.u.size(); ++k) {
    a.u[k] += c * b.u[k];
    a.w[k] += c * b.w[k];
    a.fx[k] += c * b.fx[k];
    a.fz[k] += c * b.fz[k];
  }
  return a;
}
} // namespace

// The response to pressing the pin one metre deeper, every contact node stuck: it depends only on the
// contact set, so it is solved once per set.
const SurfaceState &FrictionalContact::unitInterference() {
  if (unit_interference_stale_) {
    const std::size_t n = x_.size();
    std::vector<double> u(n, 0.0), w(n, 0.0);
    for (std::size_t k = 0; k < n; ++k)
      if (in_contact_[k]) w[k] = 1.0;
    unit_interference_ = slab_.solve(u, w);
    unit_interference_stale_ = false;
    setUnitLoad();
  }
  return unit_interference_;
}

void FrictionalContact::setUnitLoad() {
  unit_load_ = contactForce(unit_interference_);
  if (!(unit_load_ > 0)) throw SolverError("the contact set carries no load under a unit interference");
}

// Equilibrium of the current state: a contact node sticks to the pin point xi_k (it moves with the pin,
// at the pin's height there); the interference is the one at which the contact carries W. The response
// is linear in the interference, so one more solve per contact set makes the load exact.
void FrictionalContact::solve() {
  const std::size_t n = x_.size();
  std::vector<double> u(n, 0.0), w(n, 0.0);
  for (std::size_t k = 0; k < n; ++k)
    if (in_contact_[k]) {
      u[k] = pinCenter() + xi_[k] - x_[k];
      w[k] = -pin_.height(xi_[k]);
    }
  const SurfaceState at_zero = slab_.solve(u, w);
  const SurfaceState &unit = unitInterference();
  interference_ = (params_.load_per_depth - contactForce(at_zero)) / unit_load_;
  state_ = combine(at_zero, interference_, unit);
}

FrictionalContact::Response FrictionalContact::atConstantLoad(const std::vector<double> &u,
                                                              const std::vector<double> &w) {
  Response r{slab_.solve(u, w), 0.0};
  const SurfaceState &unit = unitInterference();
  r.interference_rate = -contactForce(r.surface) / unit_load_;
  r.surface = combine(std::move(r.surface), r.interference_rate, unit);
  return r;
}

// The response to a unit pin displacement with every contact node stuck: all contact u's move by one,
// heights unchanged, the load kept. Linear in delta until the next event (paper §2.1.1).
FrictionalContact::Response FrictionalContact::pinTranslationResponse() {
  // It depends only on the contact set; the reference path solves it again (bit for bit the same), the
  // condensed path, where a dense prescription is its most expensive solve, keeps the raw response and
  // updates it with the contact set (changeContactSetByLinearity).
  if (!linear_updates_ || translation_stale_) {
    const std::size_t n = x_.size();
    std::vector<double> u(n, 0.0), w(n, 0.0);
    for (std::size_t k = 0; k < n; ++k)
      if (in_contact_[k]) u[k] = 1.0;
    if (!linear_updates_) return atConstantLoad(u, w);
    translation_raw_ = slab_.solve(u, w);
    translation_stale_ = false;
  }
  Response r{translation_raw_, 0.0};
  const SurfaceState &unit = unitInterference();
  r.interference_rate = -contactForce(r.surface) / unit_load_;
  r.surface = combine(std::move(r.surface), r.interference_rate, unit);
  return r;
}

double FrictionalContact::frictionForce() const {
  double f = 0;
  for (std::size_t k = contact_first_; k < contact_end_; ++k)
    if (in_contact_[k]) f += state_.fx[k];
  return f;
}

int FrictionalContact::contactCount() const {
  return static_cast<int>(std::count(in_contact_.begin(), in_contact_.end(), 1));
}

double FrictionalContact::lateralStiffness() {
  const SurfaceState d = pinTranslationResponse().surface;
  double k = 0;
  for (std::size_t i = 0; i < x_.size(); ++i)
    if (in_contact_[i]) k += d.fx[i];
  return k;
}

FrictionalContact::Violation FrictionalContact::mostOffending() const {
  Violation worst{EventType::slip, -1, 0.0};
  const double mu = params_.mu_i;
  for (std::size_t k = 0; k < x_.size(); ++k) {
    Violation v{EventType::slip, static_cast<int>(k), 0.0};
    if (in_contact_[k]) {
      if (state_.fz[k] < -force_tol_)
        v = {EventType::release, v.node, -state_.fz[k]}; // I
      else if (!params_.frictionless && std::abs(state_.fx[k]) > mu * state_.fz[k] + force_tol_)
        v = {EventType::slip, v.node, std::abs(state_.fx[k]) - mu * state_.fz[k]}; // II
    } else if (!pin_.clearlyAbove(x_[k] + state_.u[k] - pinCenter(), interference_ - state_.w[k])) {
      const double g = gap(static_cast<int>(k));
      if (g < -gap_tol_) v = {EventType::contact, v.node, -g * params_.normal_stiffness}; // III
    }
    // Ties (mirror-symmetric nodes, say) go to the lower index whatever the round-off, so the sequence
    // of states is the same on any number of ranks and under any scaling of the problem. (Most nodes
    // violate nothing: testing that first keeps the scan free of a chain through `worst`.)
    if (v.force > 0 && v.force > worst.force * (1 + tie_tolerance)) worst = v;
  }
  return worst;
}

double FrictionalContact::worstViolation() const {
  return mostOffending().force / params_.load_per_depth;
}

// A slipping node moves along the pin (tangent direction (1, -h'(xi)) in (u, w)) until its shear is
// the residual fraction of mu_i p, every other node held: one solve gives its own stiffness in that
// direction, then the slip is exact because the response is linear.
void FrictionalContact::slipNode(int k) {
  const std::size_t n = x_.size();
  std::vector<double> u(n, 0.0), w(n, 0.0);
  u[k] = 1.0;
  w[k] = -pin_.slope(xi_[k]);
  const SurfaceState column = atConstantLoad(u, w).surface;
  xi_[k] += slipDistance(k, column.fx[k], column.fz[k]);
}

// How far node k slides along the pin (in xi) for its shear to drop to the residual fraction of mu_i p,
// given its force rates (dfx, dfz) per unit xi along the pin.
double FrictionalContact::slipDistance(int k, double dfx, double dfz) const {
  const double sigma = state_.fx[k] >= 0 ? 1.0 : -1.0;
  const double r = params_.residual_shear_fraction * params_.mu_i * sigma;
  const double denom = dfx - r * dfz;
  if (!(std::abs(denom) > 0)) throw SolverError(fmt::format("slip of node {}: zero tangential stiffness", k));
  return (r * state_.fz[k] - state_.fx[k]) / denom;
}

// The condensed path's slip (docs/model.md §16): node k's two unit columns R_u, R_w, each with the
// interference that keeps the load, give both its stiffness along the pin (R_u - h'(xi) R_w, as in
// slipNode) and the response to the move it then makes, u by xi' - xi and w along the exact circle (not
// its tangent); the state follows by linearity.
void FrictionalContact::slipByLinearity(int k) {
  const SurfaceState &unit = unitInterference();
  slab_.unitResponse(k, Component::u, column_u_);
  slab_.unitResponse(k, Component::w, column_w_);
  const SurfaceState &ru = column_u_, &rw = column_w_;
  const double rate_u = -contactForce(ru) / unit_load_, rate_w = -contactForce(rw) / unit_load_;
  const double t = -pin_.slope(xi_[k]);
  const double dfx = ru.fx[k] + t * rw.fx[k] + (rate_u + t * rate_w) * unit.fx[k];
  const double dfz = ru.fz[k] + t * rw.fz[k] + (rate_u + t * rate_w) * unit.fz[k];
  const double xi_old = xi_[k];
  xi_[k] += slipDistance(k, dfx, dfz);
  const double du = xi_[k] - xi_old, dw = pin_.height(xi_old) - pin_.height(xi_[k]);
  const double c = du * rate_u + dw * rate_w;
  // The hot loop of an avalanche: field by field, on pointers the compiler may take as unaliased, so
  // that it vectorises.
  auto update = [n = x_.size(), du, dw, c](double *__restrict s, const double *__restrict a,
                                           const double *__restrict b, const double *__restrict e) {
    for (std::size_t i = 0; i < n; ++i)
      s[i] += du * a[i] + dw * b[i] + c * e[i];
  };
  update(state_.u.data(), ru.u.data(), rw.u.data(), unit.u.data());
  update(state_.w.data(), ru.w.data(), rw.w.data(), unit.w.data());
  update(state_.fx.data(), ru.fx.data(), rw.fx.data(), unit.fx.data());
  update(state_.fz.data(), ru.fz.data(), rw.fz.data(), unit.fz.data());
  interference_ += c;
}

void FrictionalContact::applyChange(EventType type, int k) {
  switch (type) {
  case EventType::slip:
    if (linear_updates_) {
      slipByLinearity(k);
      return;
    }
    slipNode(k);
    break;
  case EventType::release:
    if (linear_updates_ && changeContactSetByLinearity(EventType::release, k)) return;
    in_contact_[k] = 0;
    updateContactSet();
    break;
  case EventType::contact:
    if (linear_updates_ && changeContactSetByLinearity(EventType::contact, k)) return;
    // The node touches where it now is, and sticks there.
    xi_[k] = x_[k] + state_.u[k] - pinCenter();
    in_contact_[k] = 1;
    updateContactSet();
    break;
  }
  solve();
}

// The condensed path's contact-set change without a dense solve (docs/model.md §16). Node k's dofs that
// change role (w, and u where the contact holds it laterally) have unit-displacement responses R in the
// partition where they are held: after the change for a new contact, before it for a release. Every
// kept response V (the state, the unit interference U, the pin translation T) becomes the one of the new
// partition by adding a combination of R: for a contact, the one that sets k's new prescription; for a
// release, the one that zeroes k's reaction (then V is a solution with k free of traction). The load is
// restored with U. Returns false (the caller solves in full) every resync_set_changes changes, which
// bounds the round-off the updates accumulate.
bool FrictionalContact::changeContactSetByLinearity(EventType type, int k) {
  if (++set_changes_since_solve_ > resync_set_changes) {
    set_changes_since_solve_ = 0;
    return false;
  }
  const bool lateral = !params_.frictionless;
  unitInterference(); // U of the current set, if not kept already
  auto columns = [&] {
    std::array<SurfaceState, 2> r{};
    slab_.unitResponse(k, Component::w, r[1]);
    if (lateral) slab_.unitResponse(k, Component::u, r[0]);
    return r;
  };
  // V + a R_u + b R_w with V's displacement at k set to (u_k, w_k), or its reaction at k zeroed.
  auto setDisplacement = [&](SurfaceState &v, const std::array<SurfaceState, 2> &r, double u_k, double w_k) {
    const double b = w_k - v.w[k], a = lateral ? u_k - v.u[k] : 0.0;
    if (lateral) v = combine(std::move(v), a, r[0]);
    v = combine(std::move(v), b, r[1]);
  };
  auto freeReaction = [&](SurfaceState &v, const std::array<SurfaceState, 2> &r) {
    double a = 0, b = 0;
    if (lateral) { // [R_u.fx R_w.fx; R_u.fz R_w.fz] (a, b) = -(fx, fz)
      const double det = r[0].fx[k] * r[1].fz[k] - r[1].fx[k] * r[0].fz[k];
      a = (-v.fx[k] * r[1].fz[k] + v.fz[k] * r[1].fx[k]) / det;
      b = (-v.fz[k] * r[0].fx[k] + v.fx[k] * r[0].fz[k]) / det;
      v = combine(std::move(v), a, r[0]);
    } else {
      b = -v.fz[k] / r[1].fz[k];
    }
    v = combine(std::move(v), b, r[1]);
  };
  if (type == EventType::contact) {
    // The node touches where it now is and sticks there: its u is kept, its w set on the pin.
    xi_[k] = x_[k] + state_.u[k] - pinCenter();
    const double w_on_pin = interference_ - pin_.height(xi_[k]);
    in_contact_[k] = 1;
    pushContactSet();
    const auto r = columns();
    setDisplacement(state_, r, state_.u[k], w_on_pin);
    setDisplacement(unit_interference_, r, 0.0, 1.0);
    if (!translation_stale_) setDisplacement(translation_raw_, r, 1.0, 0.0);
  } else {
    const auto r = columns();
    in_contact_[k] = 0;
    pushContactSet();
    freeReaction(state_, r);
    freeReaction(unit_interference_, r);
    if (!translation_stale_) freeReaction(translation_raw_, r);
  }
  setUnitLoad();
  const double c = (params_.load_per_depth - contactForce(state_)) / unit_load_;
  state_ = combine(std::move(state_), c, unit_interference_);
  interference_ += c;
  return true;
}

void FrictionalContact::updateContactSet() {
  unit_interference_stale_ = true;
  translation_stale_ = true;
  pushContactSet();
}

void FrictionalContact::pushContactSet() {
  const auto first = std::find(in_contact_.begin(), in_contact_.end(), 1);
  contact_first_ = static_cast<std::size_t>(first - in_contact_.begin());
  contact_end_ = first == in_contact_.end()
                     ? contact_first_
                     : in_contact_.size() - static_cast<std::size_t>(
                                                std::find(in_contact_.rbegin(), in_contact_.rend(), 1) -
                                                in_contact_.rbegin());
  slab_.setContactSet(in_contact_,
                       params_.frictionless ? std::vector<char>(in_contact_.size(), 0) : in_contact_);
}

void FrictionalContact::checkEdges() const {
  if (in_contact_.front() || in_contact_.back())
    throw SolverError(
        "the contact reaches the slab edge: the load (contact.load) is too large for this slab, "
        "or the pin radius too large; lower the load or widen the slab");
  if (contactCount() < 3)
    throw SolverError(
        fmt::format("only {} node(s) in contact: the load (contact.load) is too small to resolve "
                    "the contact on this grid; raise the load or slab.levels",
                    contactCount()));
}

long long FrictionalContact::relaxToEquilibrium(long long budget) {
  long long changes = 0;
  std::array<Violation, 6> last{}; // the last changes, for the error message of a runaway
  for (Violation v = mostOffending(); v.node >= 0; v = mostOffending()) {
    if (++changes > budget) {
      std::string recent;
      for (std::size_t i = 0; i < last.size(); ++i) {
        const Violation &r = last[(static_cast<std::size_t>(changes) + i) % last.size()];
        recent += fmt::format(" {} of node {} ({:.3e} W/L_y);", eventTypeName(r.type), r.node,
                              r.force / params_.load_per_depth);
      }
      throw SolverError(fmt::format(
          "avalanche did not settle after {} state changes (contact.max_state_changes); the last:{} "
          "at fine grids a cluster of neighbouring nodes slipping in turn can take millions of changes to "
          "settle: raise contact.max_state_changes if these violations are small and falling",
          budget, recent));
    }
    last[static_cast<std::size_t>(changes) % last.size()] = v;
    applyChange(v.type, v.node);
    if (in_contact_.front() || in_contact_.back()) checkEdges();
  }
  return changes;
}

long long FrictionalContact::establishNormalContact(double first_guess_half_width) {
  delta_ = 0;
  std::fill(in_contact_.begin(), in_contact_.end(), 0);
  int nearest = 0;
  for (std::size_t k = 0; k < x_.size(); ++k) {
    if (std::abs(x_[k] - pin_center0_) <= first_guess_half_width) in_contact_[k] = 1;
    if (std::abs(x_[k] - pin_center0_) < std::abs(x_[nearest] - pin_center0_)) nearest = static_cast<int>(k);
  }
  in_contact_[nearest] = 1;
  for (std::size_t k = 0; k < x_.size(); ++k)
    xi_[k] = x_[k] - pin_center0_;
  updateContactSet();
  solve();
  const long long changes = relaxToEquilibrium(params_.max_state_changes);
  checkEdges();
  return changes;
}

SlipEvent FrictionalContact::advance() {
  // Everything is linear in the pin displacement until the next event: find the smallest one.
  const Response response = pinTranslationResponse();
  const SurfaceState &d = response.surface;
  const double dd = response.interference_rate;
  const double mu = params_.mu_i;
  double best = inf;
  EventType type = EventType::slip;
  int node = -1;
  auto consider = [&](double step, EventType t, int k) { // ties to the lower index, as above
    if (step > 0 && step < best * (1 - tie_tolerance)) best = step, type = t, node = k;
  };
  for (std::size_t i = 0; i < x_.size(); ++i) {
    const int k = static_cast<int>(i);
    if (in_contact_[i]) {
      const double fx = state_.fx[i], fz = state_.fz[i];
      for (double sigma : {1.0, -1.0}) { // fx + s dfx = sigma mu (fz + s dfz)
        if (params_.frictionless) break;
        const double rate = d.fx[i] - sigma * mu * d.fz[i];
        const double room = sigma * mu * fz - fx;
        if (sigma * rate > 0 && sigma * room >= 0) consider(room / rate, EventType::slip, k);
      }
      if (d.fz[i] < 0) consider(-fz / d.fz[i], EventType::release, k);
    } else {
      // Gap at the deformed position is convex in the step (pitfall 8): Newton from the left finds its
      // first root exactly, or shows it has none.
      auto g = [&](double s) {
        return pin_.height(x_[i] + state_.u[i] + s * d.u[i] - pinCenter() - s) - (interference_ + s * dd) +
               state_.w[i] + s * d.w[i];
      };
      auto dg = [&](double s) {
        return pin_.slope(x_[i] + state_.u[i] + s * d.u[i] - pinCenter() - s) * (d.u[i] - 1.0) - dd + d.w[i];
      };
      double s = 0;
      for (int it = 0; it < 60 && dg(s) < 0 && s < best; ++it) {
        const double next = s - g(s) / dg(s);
        if (std::abs(next - s) <= 1e-15 * std::max(next, params_.min_increment)) {
          s = next;
          break;
        }
        s = next;
      }
      if (std::abs(g(s)) <= gap_tol_ && s > 0) consider(s, EventType::contact, k);
    }
  }
  if (node < 0) throw SolverError("no further event: every contact node is stuck for any pin displacement");

  // The paper's lower bound on a triggering displacement (§3.2.1) keeps zero-length events finite.
  const double step = std::max(best, params_.min_increment);
  delta_ += step;
  if (linear_updates_) {
    // Linear in delta until the event (the search above relies on it): the state moves along d.
    state_ = combine(std::move(state_), step, d);
    interference_ += step * dd;
  } else {
    solve();
  }
  const double force_before = frictionForce();
  // The trigger sits exactly on its boundary (pitfall 1): change its state explicitly.
  bool still_applies = true;
  if (type == EventType::contact)
    still_applies = !in_contact_[node];
  else
    still_applies = in_contact_[node];
  long long changes = 0;
  if (still_applies) {
    applyChange(type, node);
    ++changes;
  }
  changes += relaxToEquilibrium(params_.max_state_changes);
  checkEdges();

  SlipEvent e{};
  e.type = type;
  e.node = node;
  e.delta = delta_;
  e.increment = step;
  e.state_changes = static_cast<int>(changes);
  e.friction_force = frictionForce();
  e.contact_nodes = contactCount();
  e.force_drop = force_before - e.friction_force;
  return e;
}

} // namespace tribo
