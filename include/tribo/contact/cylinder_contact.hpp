// Frictionless normal contact of the rigid cylinder (the pin) on the slab: the Hertz validation case.
#pragma once

#include "tribo/contact/pin_on_slab.hpp"

#include <mpi.h>
#include <vector>

namespace tribo {

struct CylinderContactResult {
  std::vector<double> x, p; ///< surface nodes [m] and their pressure f_z / width [Pa] (0 off contact)
  int contact_nodes = 0;
  double load_per_depth = 0;   ///< W / L_y [N/m]
  double hertz_half_width = 0; ///< a_H = sqrt(4 W R / (pi E*)), the half-space value [m]
  double hertz_peak = 0;       ///< p_H = 2 W / (pi a_H) [Pa]
  double peak_pressure = 0;    ///< max p [Pa]
  /// 2 sqrt(sum f_z s^2 / sum f_z), s from the pin's axis: a_H for Hertz's p ~ sqrt(a^2 - s^2), and a
  /// half-width defined for any pressure, computed from the nodal forces alone [m].
  double moment_half_width = 0;
  double interference = 0; ///< the pin's approach [m]
};

/// The pin pressed without friction (`setup.contact.frictionless` is forced) under W: constraints I and
/// III only. Same contact algorithm and surface solvers as the sliding study.
CylinderContactResult solveCylinderContact(MPI_Comm comm, PinOnSlabSetup setup);

} // namespace tribo
