// The strategy shared by the surface solvers whose unit responses are cheap (docs/model.md §16): the
// contact's state follows a pin step, a slip or a contact-set change by linearity, from a few unit
// responses, with a full solve now and then.
#pragma once

#include "tribo/contact/surface_solver.hpp"

namespace tribo {

/// The condensed and the compressed paths: a response to a unit displacement of one held dof costs far
/// less than a full solve, so the kept responses (the state, the unit interference U, the raw pin
/// translation) follow every change by linearity instead of being solved again.
class LinearUpdateSolver : public SurfaceSolver {
public:
  const ConstantLoadResponse &pinTranslation(ProvisionalEquilibrium &e) override;
  void followPinStep(ProvisionalEquilibrium &e, double step, const ConstantLoadResponse &d) override;
  /// From node k's two unit responses as unitResponse gives them (a path may fuse this; the condensed
  /// one does).
  void slip(ProvisionalEquilibrium &e, int k) override;
  void changeContactSet(ProvisionalEquilibrium &e, EventType type, int k) override;
  /// Contact-set changes by linearity between two full solves (bounds the round-off they accumulate).
  static constexpr long long resync_set_changes = 100;

protected:
  void changeContactSetByLinearity(ProvisionalEquilibrium &e, EventType type, int k);
  /// The contact-set changes since a full solve (a checkpoint keeps it).
  long long set_changes_since_solve_ = 0;

private:
  SurfaceState slip_u_, slip_w_; // work of slip
};

} // namespace tribo
