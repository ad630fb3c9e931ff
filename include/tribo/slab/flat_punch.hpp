// The rigid flat punch on the slab (paper §3.1, Fig. 5): frictionless or bonded, pressed or pulled; the
// pressure shape against Johnson's, and the punch stiffness.
#pragma once

#include "tribo/slab/slab_geometry.hpp"
#include "tribo/slab/slab_system.hpp"

#include <mpi.h>
#include <vector>

namespace tribo {

/// How the punch holds the contact nodes (|x - center| <= a):
/// `frictionless` w = delta, no shear (Fig. 5); `bonded_normal` w = delta, u = 0; `bonded_tangential`
/// u = delta, w = 0 (the punch pulled sideways: Q / delta is a lateral stiffness like K of Eq. 15).
enum class PunchKind { frictionless, bonded_normal, bonded_tangential };

struct FlatPunchProblem {
  SlabGeometry slab; ///< levels, hierarchy, lengths, material
  /// Fig. 5: the bottom held at w = 0 and frictionless, u = 0 at its middle node only.
  SlabSupport support{BottomSupport::fixed_vertical, 0.0, LateralRestraint::bottom_center};
  PunchKind kind = PunchKind::frictionless;
  double center = 0.5e-3;        ///< x of the punch's axis from the slab's left edge [m]
  double half_width = 0.0625e-3; ///< a [m]
  double indentation = 1e-6;     ///< delta: the prescribed displacement of the contact nodes [m]
  double error_window = 0.9;     ///< the RMS error is taken over |x - center| <= error_window * a
  bool gather_fields = false;    ///< also return the whole slab's fields (FlatPunchResult::fields)
};

struct FlatPunchResult {
  SurfaceState surface;
  std::vector<double> p,
      tau; ///< surface tractions [Pa]: p = f_z / width (positive in compression), tau = f_x / width
  int contact_nodes = 0;
  double total_force = 0;   ///< P = sum f_z over the contact, per unit depth [N/m]
  double contact_shear = 0; ///< Q = sum f_x over the contact, per unit depth [N/m]
  /// P / delta (pressed) or Q / delta (bonded_tangential), per unit depth [N/m^2]
  double stiffness = 0;
  double p0 = 0;        ///< Johnson's p0 fitted by total force: P = pi a p0
  double rms_error = 0; ///< RMS of (p - p_J) / p_J over the window
  double max_error = 0; ///< max |p - p_J| / p_J over the window
  int compared_nodes = 0;
  /// The shape alone: p0 fitted by least squares of p / sqrt-shape over the window, then the RMS of the
  /// relative error. Free of the edge force that dominates the total-force normalisation.
  double p0_shape_fit = 0;
  double shape_rms_error = 0;
  double lateral_reaction = 0; ///< sum f_x over the surface [N/m] (zero for an exact, frictionless balance)
  /// Every node's u, w, f_x, f_z on rank 0 of the communicator, when FlatPunchProblem::gather_fields.
  SlabFields fields;
};

/// Johnson's rigid flat punch on a half-space: p(s) = p0 / sqrt(1 - (s/a)^2) for |s| < a.
double johnsonFlatPunchPressure(double p0, double a, double s);

/// Contact nodes (|x - center| <= a) held as `kind` says; the rest of the surface is free; the bottom as
/// `support` says. The Johnson comparison is made for the pressed kinds. Throws InputError for a punch not
/// inside [0, L_x].
FlatPunchResult solveFlatPunch(MPI_Comm comm, const FlatPunchProblem &problem,
                               const SlabSolverOptions &options = {});

} // namespace tribo
