// Reading a nanoscale friction profile written by an earlier contact run (layout in docs/dynamics.md).
#pragma once

#include <string>
#include <vector>

namespace tribo {

/// The profile as the contact study stores it, dimensionless (Fig. 6 axes):
///   /cases/<id>/profile/delta_over_Lx   1-D float64, n >= 2, non-decreasing   delta_p / L_x
///   /cases/<id>/profile/F_over_W        1-D float64, n                        F / W
///   attributes of the group /cases/<id>/profile (float64 scalars):
///     K_Lx_over_W                 lateral surface stiffness K (Eq. 15) times L_x / W
///     steady_state_start_over_Lx  start of the periodic steady-state portion / L_x
///     steady_state_reached        1 or 0: the stationarity test (docs/model.md §14); absent in files
///                                 written before it (read as -1: untested)
///   attribute of /cases/<id>: steady_state_reason (string), when steady_state_reached = 0
struct DimensionlessProfile {
  std::vector<double> delta_over_Lx, F_over_W;
  double K_Lx_over_W = 0.0;
  double steady_state_start_over_Lx = 0.0;
  int steady_state_reached = -1; // 1 stationary, 0 not, -1 not tested
  std::string reason;            // steady_state_reason, when 0
};

/// Throws IoError if the file cannot be opened, InputError (naming file, case and object) if the
/// layout is wrong: a missing group, dataset or attribute, a dataset that is not 1-D, an attribute
/// that is not a number.
DimensionlessProfile readDimensionlessProfile(const std::string &file, const std::string &case_id);

} // namespace tribo
