// The rigid flat punch on the slab (paper §3.1, Fig. 5): frictionless indentation against Johnson's shape.
#pragma once

#include "tribo/slab/elastic_constants.hpp"
#include "tribo/slab/slab_system.hpp"

#include <mpi.h>
#include <vector>

namespace tribo {

struct FlatPunchProblem {
  int levels = 7;            ///< N: n_x = 2^N + 1 surface nodes
  double length_x = 1e-3;    ///< L_x [m]
  double aspect_ratio = 1.0; ///< L_z / L_x
  ElasticConstants elastic{10e9, 1.0 / 3.0};
  double center = 0.5e-3;        ///< x of the punch's axis from the slab's left edge [m]
  double half_width = 0.0625e-3; ///< a [m]
  double indentation = 1e-6;     ///< uniform downward displacement of the contact nodes [m]
  double error_window = 0.9;     ///< the RMS error is taken over |x - center| <= error_window * a
};

struct FlatPunchResult {
  SurfaceState surface;
  std::vector<double> p,
      tau; ///< surface tractions [Pa]: p = f_z / width (positive in compression), tau = f_x / width
  int contact_nodes = 0;
  double total_force = 0; ///< P = sum f_z over the contact, per unit depth [N/m]
  double p0 = 0;          ///< Johnson's p0 fitted by total force: P = pi a p0
  double rms_error = 0;   ///< RMS of (p - p_J) / p_J over the window
  double max_error = 0;   ///< max |p - p_J| / p_J over the window
  int compared_nodes = 0;
  /// The shape alone: p0 fitted by least squares of p / sqrt-shape over the window, then the RMS of the
  /// relative error. Free of the edge force that dominates the total-force normalisation.
  double p0_shape_fit = 0;
  double shape_rms_error = 0;
  double lateral_reaction = 0; ///< sum f_x over the surface [N/m] (zero for an exact, frictionless balance)
};

/// Johnson's rigid flat punch on a half-space: p(s) = p0 / sqrt(1 - (s/a)^2) for |s| < a.
double johnsonFlatPunchPressure(double p0, double a, double s);

/// Contact nodes (|x - center| <= a) get w = indentation and f_x = 0 (frictionless); the rest of the
/// surface is free; the bottom row is held at w = 0 and free to slide, with u = 0 at its middle node
/// (LateralRestraint::bottom_center). Throws InputError for a punch not inside [0, L_x].
FlatPunchResult solveFlatPunch(MPI_Comm comm, const FlatPunchProblem &problem,
                               const SlabSolverOptions &options = {});

} // namespace tribo
