// The experiment's analysis step: F(eps), T(eps) recovered from measured positions and decelerations.
#pragma once

#include "tribo/disk/disk_motion.hpp"

#include <vector>

namespace tribo {

/// The friction coefficient drifting linearly with the throw number n: mu_n = mu0 + per_throw n
/// (the paper fits mu0 = 0.202, per_throw = 0.00053 to its CD throws).
struct FrictionDrift {
  double mu0 = 0.0;
  double per_throw = 0.0;
  double at(int n) const { return mu0 + per_throw * n; }
};

/// What one throw's video gives at one instant: translational and angular velocity and their rates.
struct ThrowMeasurement {
  int n = 0;              // throw number (for the drift of mu)
  double v = 0.0;         // [m/s]
  double omega = 0.0;     // [rad/s]
  double dv_dt = 0.0;     // [m/s^2], negative while decelerating
  double domega_dt = 0.0; // [rad/s^2]
};

struct RecoveredFriction {
  double eps = 0.0; // v/(R omega)
  double F = 0.0;   // Eq. 2 inverted: F = -dv/dt / (mu g)
  double T = 0.0;   // Eq. 3 inverted: T = -kappa R domega/dt / (mu g)
  double mu = 0.0;  // the coefficient used
};

/// Inverts Eqs. 2-3 for one measurement with the given mu (body.mu is ignored). Throws InputError
/// for omega <= 0, v < 0 or a non-positive mu.
RecoveredFriction recoverFriction(const ThrowMeasurement &m, const DiskBody &body, double mu);

/// Least-squares quadratic y ~ c0 + c1 (t - tc) + c2 (t - tc)^2 through samples: the paper's
/// "second degree polynomials" fitted to position and angle; value c0, rate c1, acceleration 2 c2.
struct QuadraticFit {
  double value = 0.0, rate = 0.0, acceleration = 0.0;
};
QuadraticFit fitQuadratic(const std::vector<double> &t, const std::vector<double> &y, double tc);

/// One throw analysed like the experiment: quadratic fits to the frames of path length and angle,
/// centred on the middle frame, give a ThrowMeasurement.
ThrowMeasurement measureThrow(int n, const std::vector<double> &frame_t, const std::vector<double> &distance,
                              const std::vector<double> &angle);

} // namespace tribo
