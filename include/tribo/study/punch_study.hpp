// Study `punch`: the rigid flat punch on the slab against Johnson's pressure (paper §3.1, Fig. 5).
#pragma once

#include "tribo/study/case.hpp"

#include <vector>

namespace tribo {

/// Reads slab.* (see SlabGeometry) and punch.{half_width_over_Lx, center_over_Lx, indentation,
/// error_window}; one case, which writes surface/{x, u, w, p, tau} and the error summary.
std::vector<CasePlan> buildPunchStudy(const ConfigNode &root);

} // namespace tribo
