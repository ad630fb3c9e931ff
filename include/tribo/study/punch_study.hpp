// Study `punch`: rigid indenters on the slab -- the flat punch against Johnson's pressure (paper §3.1,
// Fig. 5), the bonded punch pressed or pulled, the frictionless cylinder (Hertz) -- for validation.
#pragma once

#include "tribo/study/case.hpp"

#include <vector>

namespace tribo {

/// Reads slab.* (see readSlabConfig, readSlabSupport) and punch.{kind, half_width_over_Lx,
/// center_over_Lx, indentation, error_window} (flat kinds) or punch.{kind: cylinder, radius_over_Lx,
/// hertz_half_width_over_Lx, center_over_Lx}; one case, which writes surface/{x, ..., p} and the summary
/// (docs/output.md).
std::vector<CasePlan> buildPunchStudy(const ConfigNode &root);

} // namespace tribo
