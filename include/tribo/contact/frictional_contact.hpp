// Frictional contact of the rigid pin on the slab: normal equilibrium under the load W, then
// event-driven quasistatic sliding (paper §2.1.1 and §3.2.1; rules derived in docs/model.md).
#pragma once

#include "tribo/contact/contact_parameters.hpp"
#include "tribo/contact/most_offending.hpp"
#include "tribo/contact/normal_contact_guess.hpp"
#include "tribo/contact/pin_shape.hpp"
#include "tribo/contact/provisional_equilibrium.hpp"
#include "tribo/contact/slip_event.hpp"
#include "tribo/contact/state_share.hpp"
#include "tribo/contact/surface_solver.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace tribo {

/// One algorithm for every surface solver: it decides what changes (the next event, the most offending
/// node of an avalanche) and the surface solver, its strategy, moves the provisional equilibrium.
class FrictionalContact {
public:
  /// The pin's lowest point starts above `pin_center` [m from the slab's left edge].
  FrictionalContact(SurfaceSolver &slab, std::shared_ptr<const PinShape> pin, double pin_center,
                    ContactParameters params);

  /// Where a normal contact is while it settles: state changes so far, nodes in contact now.
  using NormalContactProgress = std::function<void(long long state_changes, int contact_nodes)>;

  /// Normal contact under the load: from a first guess of the contact set and of where its nodes sit
  /// on the pin, provisional equilibria until constraints I-III hold, with every contact node stuck
  /// (pitfall 6: slips may already happen here). Returns the number of state changes. `progress` (may
  /// be empty) is called every `report_seconds` while it settles (at n_x = 65 537 from half Hertz's
  /// width that takes hours); only these calls depend on the clock.
  long long establishNormalContact(const NormalContactGuess &guess,
                                   const NormalContactProgress &progress = {}, double report_seconds = 60.0);
  /// The contact set and where each of its nodes sits on the pin: the first guess of a finer grid's
  /// normal contact (refineGuess).
  NormalContactGuess contactPoints() const { return {eq_.in_contact, eq_.xi}; }

  /// The smallest pin displacement that triggers a slip, release or new contact, then the avalanche
  /// of provisional equilibria it sets off.
  SlipEvent advance();

  double delta() const { return eq_.delta; }
  /// How far the pin's lowest point sits below the undeformed surface [m]: set so that the contact
  /// carries W (the slab rests on a rigid platen; paper §2.1.1, "iterated ... until the contact force
  /// equals W").
  double interference() const { return eq_.interference; }
  /// Sum of the contact shear forces [N/m]: the friction force per unit depth.
  double frictionForce() const;
  /// dF/d(delta) with every contact node stuck, at the current state [N/m per m] (Eq. 15).
  double lateralStiffness();
  const SurfaceState &state() const { return eq_.state; }
  const std::vector<char> &inContact() const { return eq_.in_contact; }
  int contactCount() const;
  /// The contact's patches: maximal runs of neighbouring top nodes in contact.
  int contactPatches() const;
  /// The real contact length: the sum of the contact nodes' surface widths (their control volumes' top
  /// faces, which tile the surface) [m].
  double contactLength() const;
  /// A checkpoint of the contact and its surface solver between two events (collective; see
  /// SurfaceSolver::saveState); restore puts both back bit for bit.
  void saveState(const StateWriter &out) const;
  void restoreState(const StateReader &in);
  /// Largest violation of constraints I-III, as a force per unit depth relative to W/L_y (0 = none).
  /// Collective where the ranks share the state out (SurfaceSolver::stateShare).
  double worstViolation() const;

private:
  void applyChange(EventType type, int node);
  /// Every rank's share of the state to every rank, after slips that moved only this rank's share.
  void completeState();
  /// The most offending node; where the ranks share the state out, `at` (if given) receives its state
  /// from the rank that holds it.
  Violation mostOffending(StateShare::NodeState *at = nullptr) const;
  Trigger nextTrigger(const ConstantLoadResponse &response) const;
  long long relaxToEquilibrium(long long budget, const NormalContactProgress &progress = {},
                               double report_seconds = 0.0);
  void checkEdges() const;

  SurfaceSolver &slab_;
  const StateShare *share_;    // the slab's (nullptr: every rank moves and scans every node)
  bool state_partial_ = false; // slips since the state was last complete on every rank
  ContactParameters params_;
  ProvisionalEquilibrium eq_;
  const std::vector<double> &x_;
  double force_tol_ = 0, gap_tol_ = 0;
};

} // namespace tribo
