// Study `profile`: the nanoscale friction profile F(delta) of the pin sliding on the slab (paper §3.2,
// Figs. 6-8), optionally followed in the same case by the stage-driven pin on that profile (§3.3).
#pragma once

#include "tribo/study/case.hpp"

#include <vector>

namespace tribo {

/// Reads slab.*, pin.{shape, radius_over_Lx (circle), table_file (table), center_over_Lx}, contact.{mu_i
/// (list: one case each), load, events, residual_shear_fraction, min_increment_over_dx, max_state_changes,
/// solver_path} and, when present, a `dynamics:` block with `friction: profile` (the pipeline). Keys in
/// docs/input.md.
std::vector<CasePlan> buildProfileStudy(const ConfigNode &root);

} // namespace tribo
