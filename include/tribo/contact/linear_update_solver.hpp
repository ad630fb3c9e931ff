// The strategy shared by the surface solvers whose unit responses are cheap (docs/model.md §16): the
// contact's state follows a pin step, a slip or a contact-set change by linearity, from a few unit
// responses, with a full solve now and then.
#pragma once

#include "tribo/contact/surface_solver.hpp"

#include <array>

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

  /// Node k's two unit responses (R_u, R_w) in the partition where its dofs are held; R_u is unused
  /// (and may be empty) where the contact does not hold k laterally.
  using NodeResponses = std::array<SurfaceState, 2>;
  /// v + a R_u + b R_w with v's displacement at node k set to (u_k, w_k): v follows node k joining the
  /// held set (r in the new partition).
  static void holdNode(SurfaceState &v, const NodeResponses &r, int k, bool lateral, double u_k, double w_k);
  /// v + a R_u + b R_w with v's reaction at node k zeroed: v follows node k leaving the held set (r in
  /// the old partition).
  static void freeNode(SurfaceState &v, const NodeResponses &r, int k, bool lateral);

protected:
  void changeContactSetByLinearity(ProvisionalEquilibrium &e, EventType type, int k);
  /// After changeContactSetByLinearity moved the kept responses (state, U, T) across the change of
  /// node k with its responses r: a path that keeps more responses may make them follow too.
  virtual void followedContactSetChange(EventType /*type*/, int /*k*/, const NodeResponses & /*r*/,
                                        bool /*lateral*/) {}
  /// The contact-set changes since a full solve (a checkpoint keeps it).
  long long set_changes_since_solve_ = 0;

private:
  SurfaceState slip_u_, slip_w_; // work of slip
};

} // namespace tribo
