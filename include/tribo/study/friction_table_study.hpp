// The friction_table study: a friction law tabulated over lists of normal forces and velocities.
#pragma once

#include "tribo/study/case.hpp"

#include <vector>

namespace tribo {

/// Reads `friction:` (any law, see makeFrictionLaw) and `table: {N, v, theta}` and returns one case
/// that writes friction/{N, v, mu, force, dF_dN, dF_dv, ...} (docs/friction-laws.md, "friction_table").
std::vector<CasePlan> buildFrictionTableStudy(const ConfigNode &root);

} // namespace tribo
