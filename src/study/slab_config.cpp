// Reading and validating the `slab:` block.
#include "tribo/study/slab_config.hpp"

#include "tribo/study/config.hpp"

#include <fmt/format.h>

namespace tribo {

SlabGeometry readSlabConfig(const ConfigNode &slab) {
  SlabGeometry c;
  // N >= 2 gives the three rows every stencil needs; the upper bound keeps dof and nonzero counts
  // indexable by PetscInt.
  c.levels = static_cast<int>(
      slab.getInt("levels", c.levels, Bounds::closed(2, static_cast<double>(BinaryHierarchy::maxLevels()))));
  // maximal: the paper's rows (bulk never refined); graded: coarsening stops after `coarsenings` rows and
  // refinement reaches the bulk (docs/model.md §2).
  const std::string family = slab.getChoice("hierarchy", "maximal", {"maximal", "graded"});
  if (family == "graded") {
    c.hierarchy.kind = HierarchyFamily::Kind::graded;
    c.hierarchy.coarsenings = static_cast<int>(
        slab.requireInt("coarsenings", Bounds::closed(0, static_cast<double>(c.levels - 1))));
  } else if (slab.has("coarsenings")) {
    slab.fail("coarsenings", "applies to `hierarchy: graded` only (the maximal hierarchy coarsens to three "
                             "nodes)");
  }
  c.length_x = slab.getDouble("length_x", c.length_x, Bounds::positive());
  c.aspect_ratio = slab.getDouble("aspect_ratio", c.aspect_ratio, Bounds::positive());
  c.depth_y = slab.getDouble("depth_y", c.depth_y, Bounds::positive());
  c.elastic.shear_modulus = slab.getDouble("shear_modulus", c.elastic.shear_modulus, Bounds::positive());
  // nu = 1/2 makes lambda infinite; nu <= -1 a non-positive bulk modulus.
  c.elastic.poisson_ratio = slab.getDouble("poisson_ratio", c.elastic.poisson_ratio, Bounds::open(-1.0, 0.5));
  // The rows must fit: build the hierarchy once here so that its errors name the keys.
  try {
    (void)c.grid();
  } catch (const InputError &e) {
    slab.fail(c.hierarchy.kind == HierarchyFamily::Kind::graded ? "coarsenings" : "levels", e.what());
  }
  return c;
}

SlabSupport readSlabSupport(const ConfigNode &slab, const std::string &fallback, SupportUse use) {
  const std::string name = slab.getChoice("support", fallback, {"bonded", "frictionless"});
  SlabSupport s;
  s.bottom = BottomSupport::fixed_vertical;
  if (name == "bonded") {
    s.restraint = LateralRestraint::bottom_row;
  } else {
    // One restrained node carries any net lateral force as a point force: its compliance grows like
    // log(n_x) and K would never converge (contact-pitfalls item 7).
    if (use == SupportUse::lateral_load)
      slab.fail("support",
                "`frictionless` holds the slab sideways at one bottom node only, which would carry "
                "the whole lateral force as a point load (no converged stiffness); use `bonded`");
    s.restraint = LateralRestraint::bottom_center;
  }
  return s;
}

} // namespace tribo

namespace tribo {

void addSlabParameters(CasePlan &plan, const SlabGeometry &slab, const SlabSupport &support) {
  const bool graded = slab.hierarchy.kind == HierarchyFamily::Kind::graded;
  plan.parameters.insert(
      {{"levels", static_cast<long long>(slab.levels)},
       {"hierarchy", std::string(graded ? "graded" : "maximal")},
       // the maximal hierarchy halves the nodes N - 1 times below the two top rows
       {"coarsenings", static_cast<long long>(graded ? slab.hierarchy.coarsenings : slab.levels - 1)},
       {"support",
        std::string(support.restraint == LateralRestraint::bottom_row ? "bonded" : "frictionless")},
       {"length_x", slab.length_x},
       {"aspect_ratio", slab.aspect_ratio},
       {"depth_y", slab.depth_y},
       {"shear_modulus", slab.elastic.shear_modulus},
       {"poisson_ratio", slab.elastic.poisson_ratio}});
}

std::string slabTag(const SlabGeometry &slab) {
  return slab.hierarchy.kind == HierarchyFamily::Kind::graded
             ? fmt::format("N{}_c{}", slab.levels, slab.hierarchy.coarsenings)
             : fmt::format("N{}", slab.levels);
}

} // namespace tribo
