// The pin on the slab: grid, distributed slab under its load, reference surface solver, contact.
#include "tribo/contact/pin_on_slab.hpp"

#include <cmath>

namespace tribo {

PinOnSlab::PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup)
    : setup_(setup), grid_(setup.slab.grid()) {
  SlabSupport support;
  // The platen: the bottom row rests on it (w = 0) and is bonded to it (u = 0). The load W reaches the
  // contact through the interference, which FrictionalContact sets so that the contact carries W.
  support.bottom = BottomSupport::fixed_vertical;
  support.restraint = LateralRestraint::bottom_row;
  slab_ = std::make_unique<SlabSystem>(comm, grid_, setup_.slab.elastic, support);
  surface_ = std::make_unique<SlabSurfaceSolver>(*slab_);
  ContactParameters params = setup_.contact;
  params.load_per_depth = loadPerDepth();
  params.normal_stiffness = setup_.slab.elastic.planeStrainModulus();
  params.min_increment = setup_.min_increment_over_dx * grid_.spacingX(0);
  contact_ = std::make_unique<FrictionalContact>(*surface_, CurvedPin{setup_.radius_over_Lx * setup_.slab.length_x},
                                                 setup_.center_over_Lx * setup_.slab.length_x, params);
}

double PinOnSlab::hertzHalfWidth() const {
  const double R = setup_.radius_over_Lx * setup_.slab.length_x;
  return std::sqrt(4.0 * loadPerDepth() * R / (M_PI * setup_.slab.elastic.planeStrainModulus()));
}

} // namespace tribo
