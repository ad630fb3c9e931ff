// The `slab:` block of an input, shared by every study that uses the elastic slab.
#pragma once

#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/elastic_constants.hpp"

namespace tribo {

class ConfigNode;

/// The slab's geometry and material, validated (SI units).
struct SlabConfig {
  int levels = 7;            ///< N: n_x = 2^N + 1 surface nodes, N + 1 rows
  double length_x = 1e-3;    ///< L_x [m]
  double aspect_ratio = 1.0; ///< L_z / L_x
  double depth_y = 1e-2;     ///< L_y [m], the plane-strain depth that turns forces per depth into forces
  ElasticConstants elastic{10e9, 1.0 / 3.0};

  double lengthZ() const { return aspect_ratio * length_x; }
  BinaryHierarchy grid() const { return BinaryHierarchy(levels, length_x, lengthZ()); }
};

/// Reads slab.{levels, length_x, aspect_ratio, depth_y, shear_modulus, poisson_ratio}; bad values throw
/// InputError naming the key.
SlabConfig readSlabConfig(const ConfigNode &slab);

} // namespace tribo
