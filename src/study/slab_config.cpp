// Reading and validating the `slab:` block.
#include "tribo/study/slab_config.hpp"

#include "tribo/study/config.hpp"

namespace tribo {

SlabGeometry readSlabConfig(const ConfigNode &slab) {
  SlabGeometry c;
  // N >= 2 gives the three rows every stencil needs; the upper bound keeps dof and nonzero counts
  // indexable by PetscInt.
  c.levels = static_cast<int>(
      slab.getInt("levels", c.levels, Bounds::closed(2, static_cast<double>(BinaryHierarchy::maxLevels()))));
  c.length_x = slab.getDouble("length_x", c.length_x, Bounds::positive());
  c.aspect_ratio = slab.getDouble("aspect_ratio", c.aspect_ratio, Bounds::positive());
  c.depth_y = slab.getDouble("depth_y", c.depth_y, Bounds::positive());
  c.elastic.shear_modulus = slab.getDouble("shear_modulus", c.elastic.shear_modulus, Bounds::positive());
  // nu = 1/2 makes lambda infinite; nu <= -1 a non-positive bulk modulus.
  c.elastic.poisson_ratio = slab.getDouble("poisson_ratio", c.elastic.poisson_ratio, Bounds::open(-1.0, 0.5));
  return c;
}

} // namespace tribo
