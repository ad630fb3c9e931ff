// Coulomb friction with a static limit (optionally switched in time) and a constant kinetic force.
#include "tribo/dynamics/stick_slip_law.hpp"

#include "tribo/core/error.hpp"
#include "tribo/friction/friction_law.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

void validateCoulomb(const CoulombParameters &c) {
  if (!(c.mu_k >= 0.0) || !std::isfinite(c.mu_k))
    throw InputError(fmt::format("kinetic coefficient mu_k = {}: must be in [0, inf)", c.mu_k));
  for (const auto &[name, mu] :
       {std::pair{"mu_s", c.mu_s_before}, std::pair{"mu_s after the switch", c.mu_s_after}})
    if (!(mu >= c.mu_k) || !std::isfinite(mu))
      throw InputError(
          fmt::format("static coefficient {} = {}: must be in [mu_k, inf) = [{}, inf)", name, mu, c.mu_k));
  if (std::isnan(c.switch_time)) throw InputError("mu_s switch time is NaN: must be a time [s] or inf");
}

StickSlipLaw coulombLaw(const CoulombParameters &coulomb, double W) {
  validateCoulomb(coulomb);
  if (!(W > 0.0) || !std::isfinite(W))
    throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  return {[coulomb, W](double t) { return coulomb.muStatic(t) * W; },
          [coulomb, W](double) { return coulomb.mu_k * W; }};
}

StickSlipLaw stickSlipLaw(std::shared_ptr<const FrictionLaw> law, double W) {
  if (!law) throw InputError("stick-slip law: no friction law given");
  if (!(W > 0.0) || !std::isfinite(W))
    throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  if (law->stateSize() > 0)
    throw InputError(fmt::format("friction law {} has {} state variables: the stick-slip integrator supports "
                                 "laws of (N, v) only (rate-and-state: integratePinRateState)",
                                 law->name(), law->stateSize()));
  return {[law, W](double) { return law->evaluate(W, 0.0).strength; },
          [law, W](double speed) {
            return law->evaluate(W, speed > 0.0 ? speed : std::numeric_limits<double>::min()).strength;
          }};
}

} // namespace tribo
