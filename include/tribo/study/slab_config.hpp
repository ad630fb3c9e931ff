// The `slab:` block of an input, shared by every study that uses the elastic slab.
#pragma once

#include "tribo/slab/slab_geometry.hpp"
#include "tribo/slab/slab_support.hpp"
#include "tribo/study/case.hpp"

#include <string>

namespace tribo {

class ConfigNode;

/// Reads slab.{levels, hierarchy, coarsenings, length_x, aspect_ratio, depth_y, shear_modulus,
/// poisson_ratio}; bad values, and rows that cannot be built, throw InputError naming the key.
SlabGeometry readSlabConfig(const ConfigNode &slab);

/// What the support has to carry: `symmetric` problems no net lateral force (the pressed punch),
/// `lateral_load` a net lateral force (sliding, the pulled punch: `frictionless` is refused there).
enum class SupportUse { symmetric, lateral_load };

/// slab.support (default `fallback`): `bonded` (bottom row held, w = 0 and u = 0: the rigid platen) or
/// `frictionless` (w = 0, u = 0 at the bottom row's middle node only; Fig. 5).
SlabSupport readSlabSupport(const ConfigNode &slab, const std::string &fallback, SupportUse use);

/// The slab's parameters of a case (levels, hierarchy, coarsenings, support, lengths, material).
void addSlabParameters(CasePlan &plan, const SlabGeometry &slab, const SlabSupport &support);
/// "N7" for the maximal hierarchy, "N10_c4" for a graded one: the slab's part of a case id.
std::string slabTag(const SlabGeometry &slab);

} // namespace tribo
