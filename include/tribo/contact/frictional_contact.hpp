// Frictional contact of the rigid pin on the slab: normal equilibrium under the load W, then
// event-driven quasistatic sliding (paper §2.1.1 and §3.2.1; rules derived in docs/model.md).
#pragma once

#include "tribo/contact/curved_pin.hpp"
#include "tribo/contact/slip_event.hpp"
#include "tribo/contact/surface_solver.hpp"

#include <vector>

namespace tribo {

struct ContactParameters {
  double mu_i = 0.5;                     // intrinsic friction coefficient (constraint II)
  bool frictionless = false;             // no shear at all (Hertz validation): constraint II drops out
  double residual_shear_fraction = 0.0;  // shear left at a node after it slips, in units of mu_i p
  double min_increment = 0.0;            // lower bound of a triggering pin displacement [m]
  double load_per_depth = 0.0;           // W / L_y [N/m]: the contact force the interference is set to
  double normal_stiffness = 0.0;         // turns a penetration into a force-equivalent [N/m^2]
  long long max_state_changes = 1000000; // per event, before the avalanche is declared runaway
};

class FrictionalContact {
public:
  /// The pin's lowest point starts above `pin_center` [m from the slab's left edge].
  FrictionalContact(SurfaceSolver &slab, CurvedPin pin, double pin_center, ContactParameters params);

  /// Normal contact under the load: from a first guess of the contact set, provisional equilibria
  /// until constraints I-III hold, with every contact node stuck where it touched (pitfall 6: slips
  /// may already happen here). Returns the number of state changes.
  long long establishNormalContact(double first_guess_half_width);

  /// The smallest pin displacement that triggers a slip, release or new contact, then the avalanche
  /// of provisional equilibria it sets off.
  SlipEvent advance();

  double delta() const { return delta_; }
  /// How far the pin's lowest point sits below the undeformed surface [m]: set so that the contact
  /// carries W (the slab rests on a rigid platen; paper §2.1.1, "iterated ... until the contact force
  /// equals W").
  double interference() const { return interference_; }
  /// Sum of the contact shear forces [N/m]: the friction force per unit depth.
  double frictionForce() const;
  /// dF/d(delta) with every contact node stuck, at the current state [N/m per m] (Eq. 15).
  double lateralStiffness();
  const SurfaceState &state() const { return state_; }
  const std::vector<char> &inContact() const { return in_contact_; }
  int contactCount() const;
  /// Largest violation of constraints I-III, as a force per unit depth relative to W/L_y (0 = none).
  double worstViolation() const;

private:
  struct Violation {
    EventType type;
    int node = -1;
    double force = 0; // how much it is violated, as a force [N/m]
  };
  /// A response of the surface at constant total contact force: the solve for the given prescribed
  /// values, minus the unit-interference response that restores the load; `interference_rate` is how
  /// much the interference moved per unit of the prescription.
  struct Response {
    SurfaceState surface;
    double interference_rate = 0;
  };
  double pinCenter() const { return pin_center0_ + delta_; }
  double gap(int k) const;
  double contactForce(const SurfaceState &s) const;
  const SurfaceState &unitInterference();
  void solve();
  Response atConstantLoad(const std::vector<double> &u, const std::vector<double> &w);
  Response pinTranslationResponse();
  void applyChange(EventType type, int node);
  void setUnitLoad();
  void slipNode(int k);
  double slipDistance(int k, double dfx, double dfz) const;
  void slipByLinearity(int k);
  Violation mostOffending() const;
  long long relaxToEquilibrium(long long budget);
  void checkEdges() const;
  void updateContactSet();
  void pushContactSet();
  bool changeContactSetByLinearity(EventType type, int node);

  SurfaceSolver &slab_;
  CurvedPin pin_;
  double pin_center0_;
  ContactParameters params_;
  const std::vector<double> &x_;
  double delta_ = 0;
  double interference_ = 0;
  SurfaceState unit_interference_;
  double unit_load_ = 0; // its contact force
  bool unit_interference_stale_ = true;
  // The condensed path (SurfaceSolver::updatesByLinearity): the state moves by linearity between
  // contact-set changes; the raw pin-translation response is kept with the unit one and both, with the
  // state, follow each contact-set change by linearity; a full solve every resync_set_changes changes.
  bool linear_updates_ = false;
  SurfaceState translation_raw_;
  bool translation_stale_ = true;
  long long set_changes_since_solve_ = 0;
  SurfaceState column_u_, column_w_; // node unit responses R_u, R_w of a slip (kept storage)
  static constexpr long long resync_set_changes = 100;
  std::vector<char> in_contact_;
  std::size_t contact_first_ = 0, contact_end_ = 0; // the contact nodes lie in [first, end)
  std::vector<double> xi_; // where each contact node sits on the pin, measured from its centre [m]
  SurfaceState state_;
  double force_tol_ = 0, gap_tol_ = 0;
};

} // namespace tribo
