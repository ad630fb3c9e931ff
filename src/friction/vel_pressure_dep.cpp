// Velocity- and pressure-dependent friction (OpenSees VelPressureDep).
#include "tribo/friction/vel_pressure_dep.hpp"

#include "tribo/friction/parameter_check.hpp"

#include <cmath>

namespace tribo {

VelPressureDep::VelPressureDep(double muSlow, double muFast0, double A, double deltaMu, double alpha,
                               double transRate)
    : muSlow_(muSlow), muFast0_(muFast0), A_(A), deltaMu_(deltaMu), alpha_(alpha), transRate_(transRate) {
  const auto law = name();
  checkParameter(law, "muSlow", muSlow, Bounds::positive());
  checkParameter(law, "muFast0", muFast0, Bounds::positive());
  checkParameter(law, "A", A, Bounds::positive(), "nominal contact area [m^2]");
  checkParameter(law, "deltaMu", deltaMu, Bounds::atMost(muFast0),
                 "muFast = muFast0 - deltaMu tanh(alpha p) must stay >= 0 at every pressure");
  checkParameter(law, "alpha", alpha, Bounds::nonNegative(), "pressure coefficient [1/Pa]");
  checkParameter(law, "transRate", transRate, Bounds::nonNegative());
}

double VelPressureDep::muFast(double N) const {
  return muFast0_ - deltaMu_ * std::tanh(alpha_ * N / A_);
}

FrictionLaw::Local VelPressureDep::local(double N, double speed, const double *) const {
  // OpenSees's order of operations, so that mu agrees to the last bit.
  const double mu_fast = muFast(N);
  const double e = std::exp(-transRate_ * speed);
  const double decay = (mu_fast - muSlow_) * e;
  const double mu = mu_fast - decay;
  // dmuFast/dN = -deltaMu (alpha/A) / cosh^2(alpha N/A); only the (1 - e) share of muFast is in mu.
  // cosh overflows to inf for alpha N/A > ~710, where the slope is 0 to double precision anyway.
  const double c = std::cosh(alpha_ * N / A_);
  const double dmu_dN = deltaMu_ * alpha_ / A_ / (c * c) * (e - 1.0);
  return fromMu(N, mu, dmu_dN, transRate_ * decay);
}

} // namespace tribo
