// The slab seen from its top row, as the contact algorithm needs it: a set of top nodes held by the
// pin (both displacements prescribed), the rest free of traction, and the forces that result.
#pragma once

#include "tribo/contact/slip_event.hpp"
#include "tribo/slab/slab_system.hpp"

#include <vector>

namespace tribo {

class ProvisionalEquilibrium;
class StateShare;
class StateReader;
class StateWriter;

/// A response of the surface at constant total contact force: the solve for some prescription minus
/// the unit-interference response that restores the load; `interference_rate` is how much the
/// interference moves per unit of the prescription.
struct ConstantLoadResponse {
  SurfaceState surface;
  double interference_rate = 0;
};

// SurfaceState (slab/slab_system.hpp): top-row u [m, +x], w [m, downward into the slab] and the
// external forces per unit depth [N/m] applied BY the pin TO the slab: fz > 0 presses into the slab,
// fx > 0 drags it in +x.

/// The top row's undeformed x [m] and control-volume widths [m], as every surface solver reports them.
inline void topRowGeometry(const BinaryHierarchy &grid, std::vector<double> &x, std::vector<double> &width) {
  for (std::int64_t k = 0; k < grid.surfaceNodeCount(); ++k) {
    const NodeRef n{0, k};
    x.push_back(grid.x(n));
    width.push_back(grid.controlVolume(n).width());
  }
}

class SurfaceSolver {
public:
  virtual ~SurfaceSolver() = default;
  /// Undeformed x of the top-row nodes [m], from the slab's left edge.
  virtual const std::vector<double> &surfaceX() const = 0;
  /// Width of each top node's control volume [m] (pressure = force / width).
  virtual const std::vector<double> &surfaceWidth() const = 0;
  /// Which top nodes the pin holds: w prescribed where `in_contact`, u prescribed where `held_laterally`
  /// (a subset; elsewhere u is free of traction). Changes the operator (a new factorisation on the
  /// reference path).
  virtual void setContactSet(const std::vector<char> &in_contact,
                             const std::vector<char> &held_laterally) = 0;
  /// Equilibrium with u, w prescribed at the held dofs of the contact nodes (ignored elsewhere); the
  /// rest of the surface is free of traction and the slab's bottom rests on its rigid platen.
  virtual SurfaceState solve(const std::vector<double> &u, const std::vector<double> &w) = 0;
  /// The response to a unit displacement of node k's held dof c, every other prescription zero, into
  /// `out` (u, w, fx, fz; x and width are left as they are). A full solve unless the path can do better
  /// (the condensed path reads one column of its tableau, into storage that `out` already has).
  virtual void unitResponse(int k, Component c, SurfaceState &out) {
    std::vector<double> u(surfaceX().size(), 0.0), w(u.size(), 0.0);
    (c == Component::u ? u : w)[static_cast<std::size_t>(k)] = 1.0;
    SurfaceState s = solve(u, w);
    out.u = std::move(s.u), out.w = std::move(s.w), out.fx = std::move(s.fx), out.fz = std::move(s.fz);
  }
  /// Solves done so far (for the event log and benchmarks).
  virtual long long solveCount() const = 0;
  /// Where the ranks share out the slips' pass over the state and the search (state_share.hpp): then
  /// slip() moves only this rank's nodes (and the slipping node's u, w). nullptr: every rank moves all.
  virtual const StateShare *stateShare() const { return nullptr; }

  /// A checkpoint (issue 18): everything that carries over from one state change to the next, complete
  /// on rank 0 of the slab's communicator (collective; changes nothing). restoreState, on every rank
  /// with the whole saved state, puts the solver back where it was, bit for bit.
  virtual void saveState(const StateWriter &out) const = 0;
  virtual void restoreState(const StateReader &in) = 0;

  // The strategy (docs/model.md §16): how the contact's provisional equilibrium follows what
  // FrictionalContact changes. The reference path solves the whole prescription again after every
  // change (one KSP solve costs the same whatever the right-hand side); the condensed path, where a solve
  // costs in proportion to the nonzero prescribed values, moves the state by linearity (old state plus
  // increment times a unit response) and refreshes it with a full solve now and then.

  /// D: the response to a unit pin displacement with every contact node stuck, at constant load (§12);
  /// valid until the next change of e (the condensed path keeps it with the contact set).
  virtual const ConstantLoadResponse &pinTranslation(ProvisionalEquilibrium &e) = 0;
  /// The pin has moved by `step` (already in e.delta) along d = pinTranslation(e), taken when e was last
  /// in equilibrium: e follows.
  virtual void followPinStep(ProvisionalEquilibrium &e, double step, const ConstantLoadResponse &d) = 0;
  /// Node k (in contact) slides along the pin until its shear is the residual fraction of mu_i p, every
  /// other node held; e follows (this rank's nodes only, where stateShare() says so).
  virtual void slip(ProvisionalEquilibrium &e, int k) = 0;
  /// Node k leaves the contact (release: its pressure would turn negative) or joins it where it now is
  /// (contact: it would penetrate the pin); e follows.
  virtual void changeContactSet(ProvisionalEquilibrium &e, EventType type, int k) = 0;
};

} // namespace tribo
