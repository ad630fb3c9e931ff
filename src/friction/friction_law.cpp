// The shared part of every friction law: the no-contact rule and the assembly of forces from mu.
#include "tribo/friction/friction_law.hpp"

#include <cmath>
#include <stdexcept>

namespace tribo {

void FrictionLaw::stateRate(double, const double *, double *) const {}

void FrictionLaw::steadyState(double, double *) const {}

FrictionResponse FrictionLaw::evaluate(double N, double v, const double *state) const {
  FrictionResponse r;
  // No contact, no friction; also keeps every N^(n-1) and 1/N of the laws away from N <= 0.
  if (N <= 0.0) return r;
  if (stateSize() > 0 && state == nullptr)
    throw std::invalid_argument(name() + "::evaluate needs its " + std::to_string(stateSize()) +
                                " state value(s)");

  const double speed = std::fabs(v);
  const Local l = local(N, speed, state);
  // sgn(v), with sgn(0) = 0: mu is even in v, so its symmetric derivative at v = 0 vanishes.
  // A NaN velocity keeps its NaN in the sign, so it reaches the force as well.
  const double sign = std::isnan(v) ? v : ((v > 0.0) ? 1.0 : ((v < 0.0) ? -1.0 : 0.0));

  r.mu = l.mu;
  r.dmu_dN = l.dmu_dN;
  r.dmu_dv = sign * l.dmu_dspeed;
  r.strength = l.strength;
  r.dstrength_dN = l.dstrength_dN;
  // N dmu/dv, written from the strength so that it stays finite where mu overflows.
  r.dstrength_dv = sign * l.dstrength_dspeed;
  // F = -sgn(v) mu(|v|) N, so dF/dv = -N dmu/d|v| on both branches.
  // (written so that v = 0 gives +0, not -0, in the output)
  r.force = (sign == 0.0) ? 0.0 : -sign * r.strength;
  r.dF_dN = (sign == 0.0) ? 0.0 : -sign * r.dstrength_dN;
  r.dF_dv = -l.dstrength_dspeed;
  return r;
}

} // namespace tribo
