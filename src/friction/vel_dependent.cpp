// Velocity-dependent friction (OpenSees VelDependent).
#include "tribo/friction/vel_dependent.hpp"

#include "tribo/friction/parameter_check.hpp"

#include <cmath>

namespace tribo {

VelDependent::VelDependent(double muSlow, double muFast, double transRate)
    : muSlow_(muSlow), muFast_(muFast), transRate_(transRate) {
  checkParameter(name(), "muSlow", muSlow, Bounds::positive());
  checkParameter(name(), "muFast", muFast, Bounds::positive());
  checkParameter(name(), "transRate", transRate, Bounds::nonNegative());
}

FrictionLaw::Local VelDependent::local(double N, double speed, const double *) const {
  // Evaluated in OpenSees's order, so mu agrees to the last bit.
  const double decay = (muFast_ - muSlow_) * std::exp(-transRate_ * speed);
  const double mu = muFast_ - decay;
  return fromMu(N, mu, 0.0, transRate_ * decay);
}

} // namespace tribo
