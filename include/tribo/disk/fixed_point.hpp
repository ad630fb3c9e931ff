// The autonomous equation d eps/dx = f(eps) (Eq. 6) and its attracting fixed point eps0.
#pragma once

#include "tribo/disk/contact_integral.hpp"

namespace tribo {

/// Right-hand side of Eq. 6, d eps/dx with x = -ln omega: f = eps - kappa F/T, where kappa is the
/// inertia factor of I = kappa m R^2 (kappa = 1/2 gives the paper's eps - F/(2T)).
double fixedPointRhs(const ForceTorque &ft, double eps, double inertia_factor = 0.5);

struct FixedPoint {
  /// The attractor of Eq. 6 that a disk moving with both v, omega > 0 reaches at the stop: the
  /// smallest root of f with f > 0 below and f < 0 above; 0 when f < 0 on the whole scanned range
  /// (sliding dies out relative to spinning), +inf when f > 0 throughout.
  double eps0 = 0.0;
  /// f'(eps0) (< 0: stable); for eps0 = 0 the linear coefficient lim f/eps, for inf lim f/eps.
  double slope = 0.0;
  bool interior = false; // eps0 in (0, inf)
  /// Residual f(eps0) and the width of the final bracket.
  double residual = 0.0, bracket = 0.0;
};

/// Locates eps0 by scanning f on a log grid of eps in [scan_min, scan_max] (8 points per decade)
/// and refining the first + to - sign change with TOMS 748 to |d eps| <= tol * eps0.
FixedPoint findFixedPoint(const FrictionCurve &curve, double inertia_factor = 0.5, double tol = 1e-14,
                          double scan_min = 1e-6, double scan_max = 1e6);

} // namespace tribo
