// How the slab is held: the bottom row's support or load and the lateral restraint (paper §2.1.1, §3.1).
#pragma once

namespace tribo {

/// The bottom row: loaded by a uniform traction of total W per unit depth pushing the slab up against the
/// surface (the sliding problem, Fig. 1), or held at w = 0 and free to slide (the flat punch, Fig. 5).
enum class BottomSupport { uniform_load, fixed_vertical };

/// What keeps the slab from translating sideways. `bottom_row`: u = 0 at every bottom-row node, a bottom
/// bonded to its support: a distributed restraint whose compliance, and with it the lateral stiffness K of
/// Eq. 15, converges under refinement -- unlike a single restrained node, whose point compliance grows
/// like log(n_x) (tests/mpi/test_slab_system.cpp). `bottom_center`: u = 0 only at the bottom row's middle
/// node, for problems symmetric about x = L_x / 2 (or with no net lateral force), where it carries no
/// reaction and leaves the bottom frictionless. `none`: the caller prescribes enough displacements itself.
enum class LateralRestraint { bottom_row, bottom_center, none };

struct SlabSupport {
  BottomSupport bottom = BottomSupport::uniform_load;
  /// W, the total load per unit depth [N/m] on the bottom (uniform_load only), positive toward the surface.
  double load_per_depth = 0.0;
  LateralRestraint restraint = LateralRestraint::bottom_row;
};

} // namespace tribo
