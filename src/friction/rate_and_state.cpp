// Rate-and-state friction (Dieterich-Ruina, aging law) with the asinh regularisation at v = 0.
#include "tribo/friction/rate_and_state.hpp"

#include "tribo/core/error.hpp"
#include "tribo/friction/parameter_check.hpp"

#include <cmath>

namespace tribo {

namespace {
// Above ln x = 18 (x > 6.6e7), asinh(x) = ln(2x) + 1/(4x^2) + ... and the correction is below 1e-16
// relative to ln(2x) > 19: the logarithmic form is then exact to round-off and cannot overflow.
constexpr double kLogArgumentLarge = 18.0;
} // namespace

RateAndState::RateAndState(double a, double b, double D_c, double mu0, double V0)
    : a_(a), b_(b), D_c_(D_c), mu0_(mu0), V0_(V0) {
  const auto law = name();
  checkParameter(law, "a", a, Bounds::positive(), "direct-effect coefficient");
  checkParameter(law, "b", b, Bounds::nonNegative(), "evolution-effect coefficient");
  checkParameter(law, "D_c", D_c, Bounds::positive(), "characteristic slip distance [m]");
  checkParameter(law, "mu0", mu0, Bounds::positive(), "steady-state mu at V0");
  checkParameter(law, "V0", V0, Bounds::positive(), "reference velocity [m/s]");
}

double RateAndState::logArgument(double speed, double theta) const {
  const double psi = mu0_ + b_ * std::log(V0_ * theta / D_c_);
  return std::log(speed / (2.0 * V0_)) + psi / a_;
}

double RateAndState::mu(double v, double theta) const {
  const double speed = std::fabs(v);
  if (speed == 0.0) return 0.0;
  const double L = logArgument(speed, theta);
  if (L > kLogArgumentLarge) return a_ * (L + std::log(2.0));
  return a_ * std::asinh(std::exp(L));
}

double RateAndState::dmuDspeed(double v, double theta) const {
  // d/d|v| of a asinh(c|v|), c = exp(Psi/a)/(2 V0): a c / sqrt(1 + x^2), x = c|v|, written in the
  // form that cannot overflow on either side of x = 1.
  const double speed = std::fabs(v);
  const double log_c = (mu0_ + b_ * std::log(V0_ * theta / D_c_)) / a_ - std::log(2.0 * V0_);
  if (speed == 0.0) return a_ * std::exp(log_c);
  const double L = std::log(speed) + log_c;
  if (L > 0.0) return (a_ / speed) / std::sqrt(1.0 + std::exp(-2.0 * L));
  return a_ * std::exp(log_c) / std::sqrt(1.0 + std::exp(2.0 * L));
}

double RateAndState::dmuDtheta(double v, double theta) const {
  // d/dtheta of a asinh(x) with dx/dtheta = x b/(a theta): (b/theta) x/sqrt(1 + x^2).
  const double speed = std::fabs(v);
  if (speed == 0.0) return 0.0;
  const double L = logArgument(speed, theta);
  if (L > 0.0) return (b_ / theta) / std::sqrt(1.0 + std::exp(-2.0 * L));
  const double x = std::exp(L);
  return (b_ / theta) * x / std::sqrt(1.0 + x * x);
}

double RateAndState::stateDerivative(double v, double theta) const {
  return 1.0 - std::fabs(v) * theta / D_c_; // aging law
}

double RateAndState::steadyStateTheta(double v) const {
  if (v == 0.0)
    throw InputError("RateAndState: no steady state at v = 0 (theta grows as t); give the state explicitly");
  return D_c_ / std::fabs(v);
}

void RateAndState::stateRate(double v, const double *state, double *rate) const {
  rate[0] = stateDerivative(v, state[0]);
}

void RateAndState::steadyState(double v, double *state) const {
  state[0] = steadyStateTheta(v);
}

FrictionLaw::Local RateAndState::local(double N, double speed, const double *state) const {
  return fromMu(N, mu(speed, state[0]), 0.0, dmuDspeed(speed, state[0]));
}

} // namespace tribo
