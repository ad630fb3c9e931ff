// Frictional contact of the pin: constraints I-III, provisional equilibria, event-driven sliding.
#include "tribo/contact/frictional_contact.hpp"

#include "tribo/contact/curved_pin.hpp"
#include "tribo/core/error.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/io/state_archive.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#include <limits>
#include <mpi.h>
#include <petsclog.h>
#include <utility>

namespace tribo {

namespace {

/// The phases of the profile run as PETSc log stages, so -log_view reads like the method section
/// (the slab's and the condensation's own stages nest inside them).
struct ContactLogStages {
  PetscLogStage normal_contact = -1, sliding = -1;
};

const ContactLogStages &logStages() {
  static ContactLogStages stages;
  if (stages.normal_contact < 0) {
    TRIBO_PETSC_CALL(PetscLogStageRegister("Normal contact", &stages.normal_contact));
    TRIBO_PETSC_CALL(PetscLogStageRegister("Sliding", &stages.sliding));
  }
  return stages;
}

} // namespace

FrictionalContact::FrictionalContact(SurfaceSolver &slab, std::shared_ptr<const PinShape> pin,
                                     double pin_center, ContactParameters params)
    : slab_(slab), share_(slab.stateShare()), params_(params), eq_(slab, std::move(pin), pin_center, params),
      x_(slab.surfaceX()) {
  if (params_.load_per_depth <= 0 || params_.normal_stiffness <= 0)
    throw InputError("FrictionalContact: load and normal stiffness must be positive");
  // Tolerances on one scale (pitfall 5): forces relative to W/L_y, gaps through the stiffness.
  force_tol_ = 1e-11 * params_.load_per_depth;
  gap_tol_ = force_tol_ / params_.normal_stiffness;
}

double FrictionalContact::frictionForce() const {
  double f = 0;
  for (std::size_t k = eq_.contactFirst(); k < eq_.contactEnd(); ++k)
    if (eq_.in_contact[k]) f += eq_.state.fx[k];
  return f;
}

int FrictionalContact::contactCount() const {
  return static_cast<int>(std::count(eq_.in_contact.begin(), eq_.in_contact.end(), 1));
}

int FrictionalContact::contactPatches() const {
  int patches = 0;
  for (std::size_t k = 0; k < eq_.in_contact.size(); ++k)
    if (eq_.in_contact[k] && (k == 0 || !eq_.in_contact[k - 1])) ++patches;
  return patches;
}

double FrictionalContact::contactLength() const {
  const std::vector<double> &width = slab_.surfaceWidth();
  double length = 0;
  for (std::size_t k = eq_.contactFirst(); k < eq_.contactEnd(); ++k)
    if (eq_.in_contact[k]) length += width[k];
  return length;
}

double FrictionalContact::lateralStiffness() {
  const SurfaceState &d = slab_.pinTranslation(eq_).surface;
  double k = 0;
  for (std::size_t i = 0; i < x_.size(); ++i)
    if (eq_.in_contact[i]) k += d.fx[i];
  return k;
}

// One pass over the surface (docs/model.md §13, §16 "The gap scan"). Nearly every node violates
// nothing, so for the circle, the usual pin, each block of eight nodes is first tested two nodes at a
// time (scan_pair.hpp) with the very comparisons of the node-by-node test: I and II where the node is in
// contact, "not clearly above the pin" (CurvedPin::clearlyAbove) where it is free. Only the nodes that
// pass that test go through the node-by-node test, in increasing order, so the result is the same
// (issue 20, goal 4: the scan took a fifth of the events' time at n_x = 129; docs/performance.md, "Goal 4
// at Fig. 6"). The circle's bound and height are inlined (a dynamic_cast to the final class CurvedPin);
// any other pin goes node by node through the virtual calls. Where the ranks share the state out
// (state_share.hpp), each scans its own nodes and the ranks agree on the winner; the rule for ties
// (most_offending.hpp) makes it the same node as one scan of every node.
Violation FrictionalContact::mostOffending(StateShare::NodeState *at) const {
  const double mu = params_.mu_i;
  const bool friction = !params_.frictionless;
  const SurfaceState &state = eq_.state;
  const double *x = x_.data(), *u = state.u.data(), *w = state.w.data(), *fx = state.fx.data(),
               *fz = state.fz.data();
  const double xc = eq_.pinCenter(), interference = eq_.interference, tol = force_tol_;
  MostOffending found;
  auto node = [&](const auto &pin, std::size_t k) {
    Violation v{EventType::slip, static_cast<int>(k), 0.0};
    if (eq_.in_contact[k]) {
      if (fz[k] < -tol)
        v = {EventType::release, v.node, -fz[k]}; // I
      else if (friction && std::abs(fx[k]) > mu * fz[k] + tol)
        v = {EventType::slip, v.node, std::abs(fx[k]) - mu * fz[k]}; // II
    } else if (const double xi = x[k] + u[k] - xc; !pin.clearlyAbove(xi, interference - w[k])) {
      // Constraint III: the slab surface at the node's deformed position stays below the pin (w downward).
      const double g = pin.height(xi) - interference + w[k];
      if (g < -gap_tol_) v = {EventType::contact, v.node, -g * params_.normal_stiffness}; // III
    }
    if (v.force > 0) found.add(v);
  };
  const std::size_t first = share_ ? share_->first() : 0, n = share_ ? share_->end() : x_.size();
  auto winner = [&] {
    if (!share_) return found.winner();
    StateShare::NodeState agreed;
    const Violation v = share_->agree(found, eq_.state, agreed);
    if (at) *at = agreed;
    return v;
  };
  const auto *circle = dynamic_cast<const CurvedPin *>(&eq_.pin());
  if (!circle) {
    for (std::size_t k = first; k < n; ++k)
      node(eq_.pin(), k);
    return winner();
  }
  namespace sp = scan_pair;
  const sp::Mask friction_mask = sp::broadcast(friction);
  const sp::Value mu_2 = sp::broadcast(mu), tol_2 = sp::broadcast(tol), xc_2 = sp::broadcast(xc),
                  interference_2 = sp::broadcast(interference);
  // Two nodes from k on, all ones where the node-by-node test must look (the same operations, in the same
  // order, as there).
  auto contactLanes = [&](std::size_t k) { // constraints I, II
    const sp::Value fz_k = sp::load(fz + k);
    return (fz_k < -tol_2) | (friction_mask & (sp::abs(sp::load(fx + k)) > mu_2 * fz_k + tol_2));
  };
  auto freeLanes = [&](std::size_t k) { // constraint III, unless the pin is clearly above
    return ~circle->clearlyAbove(sp::load(x + k) + sp::load(u + k) - xc_2, interference_2 - sp::load(w + k));
  };
  auto mixedLanes = [&](std::size_t k) {
    return sp::select(sp::flags(&eq_.in_contact[k]), contactLanes(k), freeLanes(k));
  };
  // The eight nodes from k0 on that the node-by-node test must see, as bits (most blocks have none).
  constexpr std::size_t block = 8;
  auto blockLanes = [&](auto lanes, std::size_t k0) {
    const sp::Mask m[4] = {lanes(k0), lanes(k0 + 2), lanes(k0 + 4), lanes(k0 + 6)};
    if (!sp::any((m[0] | m[1]) | (m[2] | m[3]))) return 0u;
    return sp::bits(m[0]) | sp::bits(m[1]) << 2 | sp::bits(m[2]) << 4 | sp::bits(m[3]) << 6;
  };
  constexpr std::uint64_t all_free = 0, all_in_contact = 0x0101010101010101; // a block's contact flags
  std::size_t k0 = first;
  for (; k0 + block <= n; k0 += block) {
    std::uint64_t in_contact = 0;
    std::memcpy(&in_contact, &eq_.in_contact[k0], block);
    unsigned look = in_contact == all_in_contact ? blockLanes(contactLanes, k0)
                    : in_contact == all_free     ? blockLanes(freeLanes, k0)
                                                 : blockLanes(mixedLanes, k0);
    for (; look != 0; look &= look - 1)
      node(*circle, k0 + static_cast<std::size_t>(__builtin_ctz(look)));
  }
  for (std::size_t k = k0; k < n; ++k)
    node(*circle, k);
  return winner();
}

void FrictionalContact::saveState(const StateWriter &out) const {
  eq_.saveState(out.sub("equilibrium"));
  slab_.saveState(out.sub("surface"));
}

void FrictionalContact::restoreState(const StateReader &in) {
  eq_.restoreState(in.sub("equilibrium"));
  slab_.restoreState(in.sub("surface"));
}

double FrictionalContact::worstViolation() const {
  return mostOffending().force / params_.load_per_depth;
}

// The trigger or the most offending node changes state; the surface solver moves the equilibrium.
// Where the ranks share the state out, a slip moves this rank's nodes only; anything else first
// completes the state on every rank.
void FrictionalContact::applyChange(EventType type, int k) {
  if (type == EventType::slip) {
    slab_.slip(eq_, k);
    state_partial_ = share_ != nullptr;
  } else {
    completeState();
    slab_.changeContactSet(eq_, type, k);
  }
}

void FrictionalContact::completeState() {
  if (!state_partial_) return;
  share_->complete(eq_.state);
  state_partial_ = false;
}

void FrictionalContact::checkEdges() const {
  if (eq_.in_contact.front() || eq_.in_contact.back())
    throw SolverError(
        "the contact reaches the slab edge: the load (contact.load) is too large for this slab, "
        "or the pin radius too large; lower the load or widen the slab");
  if (contactCount() < 3)
    throw SolverError(
        fmt::format("only {} node(s) in contact: the load (contact.load) is too small to resolve "
                    "the contact on this grid; raise the load or slab.levels",
                    contactCount()));
}

long long FrictionalContact::relaxToEquilibrium(long long budget, const NormalContactProgress &progress,
                                                double report_seconds) {
  long long changes = 0;
  double last_report = progress ? MPI_Wtime() : 0.0;
  std::array<Violation, 6> last{}; // the last changes, for the error message of a runaway
  StateShare::NodeState at;        // the winner's state, where the ranks share the state out
  for (Violation v = mostOffending(&at); v.node >= 0; v = mostOffending(&at)) {
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
    if (state_partial_) { // the slip reads the node's state, current on the rank that holds it
      const auto k = static_cast<std::size_t>(v.node);
      eq_.state.u[k] = at.u, eq_.state.w[k] = at.w, eq_.state.fx[k] = at.fx, eq_.state.fz[k] = at.fz;
    }
    applyChange(v.type, v.node);
    if (eq_.in_contact.front() || eq_.in_contact.back()) checkEdges();
    if (progress && MPI_Wtime() - last_report >= report_seconds) {
      last_report = MPI_Wtime();
      progress(changes, contactCount());
    }
  }
  completeState();
  return changes;
}

long long FrictionalContact::establishNormalContact(const NormalContactGuess &guess,
                                                    const NormalContactProgress &progress,
                                                    double report_seconds) {
  const LogStageScope stage(logStages().normal_contact);
  if (guess.in_contact.size() != x_.size() || guess.xi.size() != x_.size())
    throw SolverError(fmt::format("the normal contact's first guess has {} nodes, the surface {}",
                                  guess.in_contact.size(), x_.size()));
  eq_.delta = 0;
  eq_.in_contact = guess.in_contact;
  eq_.xi = guess.xi;
  eq_.contactSetChanged();
  eq_.solve();
  const long long changes = relaxToEquilibrium(params_.max_state_changes, progress, report_seconds);
  checkEdges();
  return changes;
}

// Everything is linear in the pin displacement until the next event (§12): the smallest step at which
// a contact node reaches the cone (II) or zero pressure (I), or a free node the pin (III).
// Where the ranks share the state out, each searches its own nodes and the ranks agree on the event
// (the tie rule of most_offending.hpp: the same event as one search of every node).
Trigger FrictionalContact::nextTrigger(const ConstantLoadResponse &response) const {
  const SurfaceState &d = response.surface, &state = eq_.state;
  const double dd = response.interference_rate;
  const double mu = params_.mu_i;
  const PinShape &pin = eq_.pin();
  const double xc = eq_.pinCenter(), interference = eq_.interference;
  FirstTrigger found;
  auto consider = [&](double step, EventType t, int k) {
    if (step > 0) found.add({t, k, step});
  };
  const std::size_t first = share_ ? share_->first() : 0, end = share_ ? share_->end() : x_.size();
  for (std::size_t i = first; i < end; ++i) { // the contact nodes first: their steps cost a division
    if (!eq_.in_contact[i]) continue;
    const int k = static_cast<int>(i);
    const double fx = state.fx[i], fz = state.fz[i];
    for (double sigma : {1.0, -1.0}) { // fx + s dfx = sigma mu (fz + s dfz)
      if (params_.frictionless) break;
      const double rate = d.fx[i] - sigma * mu * d.fz[i];
      const double room = sigma * mu * fz - fx;
      if (sigma * rate > 0 && sigma * room >= 0) consider(room / rate, EventType::slip, k);
    }
    if (d.fz[i] < 0) consider(-fz / d.fz[i], EventType::release, k);
  }
  for (std::size_t i = first; i < end; ++i) {
    if (eq_.in_contact[i]) continue;
    // The gap at the deformed position (pitfall 8): its first root, exactly, from the pin's shape.
    const GapAlongMotion g{x_[i], state.u[i], d.u[i], xc, interference, dd, state.w[i], d.w[i]};
    // The steps found so far bound the root: past the reach of the smallest (Smallest::reach), a node
    // cannot tie with it, let alone win. The winner's root is then found whatever the order or the split
    // of the search; with the contact nodes' steps known first, Newton stops after its first step at
    // most free nodes (issue 20, goal 6; docs/performance.md, "The event search in two passes").
    consider(pin.firstGapRoot(g, Smallest::reach(found.extreme()), gap_tol_, params_.min_increment),
             EventType::contact, static_cast<int>(i));
  }
  const Trigger best = share_ ? share_->agree(found) : found.winner();
  if (best.node < 0)
    throw SolverError("no further event: every contact node is stuck for any pin displacement");
  return best;
}

SlipEvent FrictionalContact::advance() {
  const LogStageScope stage(logStages().sliding);
  const ConstantLoadResponse &response = slab_.pinTranslation(eq_);
  const Trigger trigger = nextTrigger(response);
  const EventType type = trigger.type;
  const int node = trigger.node;
  // The paper's lower bound on a triggering displacement (§3.2.1) keeps zero-length events finite.
  const double step = std::max(trigger.step, params_.min_increment);
  eq_.delta += step;
  slab_.followPinStep(eq_, step, response);
  const double force_before = frictionForce();
  // The trigger sits exactly on its boundary (pitfall 1): change its state explicitly.
  const bool still_applies = type == EventType::contact ? !eq_.in_contact[node] : eq_.in_contact[node];
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
  e.delta = eq_.delta;
  e.increment = step;
  e.state_changes = static_cast<int>(changes);
  e.friction_force = frictionForce();
  e.contact_nodes = contactCount();
  e.contact_patches = contactPatches();
  e.contact_length = contactLength();
  e.force_drop = force_before - e.friction_force;
  return e;
}

} // namespace tribo
