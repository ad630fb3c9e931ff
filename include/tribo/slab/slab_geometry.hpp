// The slab's geometry and material (SI units): what every study of the slab is built from.
#pragma once

#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/elastic_constants.hpp"
#include "tribo/slab/slab_support.hpp"

namespace tribo {

struct SlabGeometry {
  int levels = 7;            ///< N: n_x = 2^N + 1 surface nodes
  HierarchyFamily hierarchy; ///< which rows lie below the surface (the paper's maximal one by default)
  double length_x = 1e-3;    ///< L_x [m]
  double aspect_ratio = 1.0; ///< L_z / L_x
  double depth_y = 1e-2;     ///< L_y [m], the plane-strain depth that turns forces per depth into forces
  ElasticConstants elastic{10e9, 1.0 / 3.0};

  double lengthZ() const { return aspect_ratio * length_x; }
  BinaryHierarchy grid() const { return BinaryHierarchy(levels, hierarchy, length_x, lengthZ()); }
};

} // namespace tribo
