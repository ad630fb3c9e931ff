// Validation of the slab's elastic constants.
#include "tribo/slab/elastic_constants.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

void ElasticConstants::validate() const {
  if (!(shear_modulus > 0) || !std::isfinite(shear_modulus))
    throw InputError(fmt::format("slab shear_modulus = {} Pa must be in (0, inf)", shear_modulus));
  // nu = 1/2 makes lambda infinite (incompressible); nu <= -1 makes the bulk modulus non-positive.
  if (!(poisson_ratio > -1.0 && poisson_ratio < 0.5))
    throw InputError(fmt::format("slab poisson_ratio = {} must be in (-1, 0.5)", poisson_ratio));
}

} // namespace tribo
