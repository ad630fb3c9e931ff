// The parameters of the pin's frictional contact: constraint II's mu_i, the load and the event loop's bounds.
#pragma once

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

} // namespace tribo
