// The `slab:` block of an input, shared by every study that uses the elastic slab.
#pragma once

#include "tribo/slab/slab_geometry.hpp"

namespace tribo {

class ConfigNode;

/// Reads slab.{levels, length_x, aspect_ratio, depth_y, shear_modulus, poisson_ratio}; bad values throw
/// InputError naming the key.
SlabGeometry readSlabConfig(const ConfigNode &slab);

} // namespace tribo
