// The stage-driven spring-mass-damper of Eq. 12: derived frequencies, input checks, RK4 step limit.
#include "tribo/dynamics/pin_parameters.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <complex>
#include <fmt/format.h>
#include <limits>

namespace tribo {

double PinParameters::damping() const {
  return 2.0 * damping_ratio * std::sqrt(mass * spring_stiffness);
}

double PinParameters::naturalFrequency() const {
  return std::sqrt(spring_stiffness / mass);
}

double PinParameters::dampedFrequency() const {
  return naturalFrequency() * std::sqrt(1.0 - damping_ratio * damping_ratio);
}

double PinParameters::springForce(double t, double x) const {
  return spring_stiffness * (stage_velocity * t - x);
}

void validatePinParameters(const PinParameters &pin) {
  if (!(pin.mass > 0.0) || !std::isfinite(pin.mass))
    throw InputError(fmt::format("pin mass m = {} kg: must be in (0, inf)", pin.mass));
  if (!(pin.spring_stiffness > 0.0) || !std::isfinite(pin.spring_stiffness))
    throw InputError(fmt::format("spring stiffness k = {} N/m: must be in (0, inf)", pin.spring_stiffness));
  if (!(pin.damping_ratio >= 0.0) || !std::isfinite(pin.damping_ratio))
    throw InputError(fmt::format("damping ratio zeta = {}: must be in [0, inf)", pin.damping_ratio));
  if (!std::isfinite(pin.stage_velocity))
    throw InputError(fmt::format("stage velocity V_o = {} m/s: must be finite", pin.stage_velocity));
}

std::complex<double> rk4Amplification(std::complex<double> z) {
  return 1.0 + z * (1.0 + z * (0.5 + z * (1.0 / 6.0 + z / 24.0)));
}

// The first r > 0 with |R(r d)| = 1 along the unit direction d, bracketed by a scan in steps of 1e-3
// and refined by bisection.
double rk4StabilityRadius(std::complex<double> lambda) {
  const std::complex<double> d =
      std::complex<double>(-std::fabs(lambda.real()), lambda.imag()) / std::abs(lambda);
  const auto amplification = [](std::complex<double> z) { return std::abs(rk4Amplification(z)); };
  double lo = 0.0, hi = 1e-3;
  while (amplification(hi * d) <= 1.0 && hi < 10.0) {
    lo = hi;
    hi += 1e-3;
  }
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (amplification(mid * d) <= 1.0 ? lo : hi) = mid;
  }
  return lo;
}

double rk4StabilityLimit(const PinParameters &pin, double extra_stiffness) {
  // Eigenvalues of m s^2 + c s + k_eff = 0.
  const double m = pin.mass, c = pin.damping(), k_eff = pin.spring_stiffness + extra_stiffness;
  const std::complex<double> root = std::sqrt(std::complex<double>(c * c - 4.0 * m * k_eff, 0.0));
  double limit = std::numeric_limits<double>::infinity();
  for (const std::complex<double> lambda : {(-c + root) / (2.0 * m), (-c - root) / (2.0 * m)}) {
    const double magnitude = std::abs(lambda);
    if (magnitude == 0.0) continue;
    limit = std::min(limit, rk4StabilityRadius(lambda) / magnitude);
  }
  return limit;
}

void validateTimeStep(const PinParameters &pin, double dt, double extra_stiffness) {
  if (!(dt > 0.0) || !std::isfinite(dt))
    throw InputError(fmt::format("time step dt = {} s: must be in (0, inf)", dt));
  const double limit = rk4StabilityLimit(pin, extra_stiffness);
  const double allowed = 0.5 * limit;
  if (dt > allowed)
    throw InputError(fmt::format(
        "time step dt = {:.6g} s: RK4 is unstable above {:.6g} s for this system (omega = {:.6g} rad/s, "
        "stiffness k + K = {:.6g} N/m); dt must be in (0, {:.6g}] s (half the stable limit)",
        dt, limit, std::sqrt((pin.spring_stiffness + extra_stiffness) / pin.mass),
        pin.spring_stiffness + extra_stiffness, allowed));
}

} // namespace tribo
