// Coulomb friction: a constant coefficient.
#include "tribo/friction/coulomb.hpp"

#include "tribo/friction/parameter_check.hpp"

namespace tribo {

Coulomb::Coulomb(double mu) : mu_(mu) {
  checkParameter(name(), "mu", mu, Bounds::positive());
}

FrictionLaw::Local Coulomb::local(double N, double, const double *) const {
  return fromMu(N, mu_, 0.0, 0.0);
}

} // namespace tribo
