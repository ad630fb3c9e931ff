// The stage-driven spring-mass-damper of paper §2.2.1 (Eq. 12): its parameters and derived frequencies.
#pragma once

#include <complex>

namespace tribo {

/// Eq. 12's driving force on the pin, spring plus damper: k (V_o t - x) + c (V_o - v) [N].
struct DrivingForce {
  double k, c, V; // spring stiffness [N/m], damping [N s/m], stage velocity [m/s]
  double operator()(double t, double x, double v) const { return k * (V * t - x) + c * (V - v); }
};

/// The pin of mass m pulled by a stage moving at V_o through a spring k and a damper c (Fig. 4).
struct PinParameters {
  double mass = 0.0;             // m [kg]
  double spring_stiffness = 0.0; // k [N/m]
  double damping_ratio = 0.0;    // zeta = c / (2 m omega_n) [-]
  double stage_velocity = 0.0;   // V_o [m/s]

  /// c = 2 zeta sqrt(m k) [N s/m].
  double damping() const;
  /// omega_n = sqrt(k/m) [rad/s].
  double naturalFrequency() const;
  /// omega_d = omega_n sqrt(1 - zeta^2) [rad/s]; only defined for zeta < 1.
  double dampedFrequency() const;
  /// Spring plus damper force on the pin, k(V_o t - x) + c(V_o - v): Eq. 12 without friction [N].
  DrivingForce driving() const { return {spring_stiffness, damping(), stage_velocity}; }
  double drivingForce(double t, double x, double v) const { return driving()(t, x, v); }
  /// Spring force alone, k(V_o t - x): the quantity of Fig. 9 and Eqs. 16-17 [N].
  double springForce(double t, double x) const;
};

/// Throws InputError unless m > 0, k > 0, zeta >= 0 and V_o is finite.
void validatePinParameters(const PinParameters &pin);

/// RK4's amplification factor R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24: one step of y' = lambda y with
/// z = h lambda multiplies y by R(z).
std::complex<double> rk4Amplification(std::complex<double> z);

/// Radius of RK4's stability region |R(z)| <= 1 along the direction of `lambda` (any nonzero complex
/// number with Re lambda <= 0; a direction with Re lambda > 0 is mirrored to -|Re lambda| + i Im lambda,
/// so a growing mode is required to be resolved like a decaying one): the largest r with
/// |R(r lambda/|lambda|)| <= 1 for every smaller r; 2.785 on the negative real axis, 2.828 on the
/// imaginary axis, 2.62 at its narrowest.
double rk4StabilityRadius(std::complex<double> lambda);

/// The largest stable RK4 step for the linear system m x'' + c x' + (k + extra_stiffness) x = 0 [s].
/// For each eigenvalue lambda, the step is limited by h |lambda| <= r(arg lambda), the radius of
/// RK4's stability region |1 + z + z^2/2 + z^3/6 + z^4/24| <= 1 in that direction: 2.785 on the
/// negative real axis (overdamped), 2.828 on the imaginary axis (undamped), 2.62 at its narrowest
/// (zeta ~ 0.55). r is found numerically, so the limit is exact for any zeta. The friction law may
/// add a stiffness: the lateral surface stiffness K of Eq. 15 acts in parallel with k while the
/// interface sticks elastically.
double rk4StabilityLimit(const PinParameters &pin, double extra_stiffness = 0.0);

/// Throws InputError unless 0 < dt <= rk4StabilityLimit / 2 (a factor-two margin: at the limit the
/// solution is bounded but not accurate); the message gives both numbers.
void validateTimeStep(const PinParameters &pin, double dt, double extra_stiffness = 0.0);

} // namespace tribo
