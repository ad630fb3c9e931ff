// The pin on the slab: grid, distributed slab under its load, reference surface solver, contact.
#include "tribo/contact/pin_on_slab.hpp"

#include <cmath>

namespace tribo {

PinOnSlab::PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup)
    : setup_(setup), grid_(setup.levels, setup.length_x, setup.aspect_ratio * setup.length_x) {
  SlabSupport support;
  support.bottom = BottomSupport::uniform_load;
  support.load_per_depth = loadPerDepth();
  support.restraint = LateralRestraint::bottom_center;
  slab_ = std::make_unique<SlabSystem>(comm, grid_, setup_.elastic, support);
  surface_ = std::make_unique<SlabSurfaceSolver>(*slab_);
  ContactParameters params = setup_.contact;
  params.load_per_depth = loadPerDepth();
  params.normal_stiffness = setup_.elastic.planeStrainModulus();
  params.min_increment = setup_.min_increment_over_dx * grid_.spacingX(0);
  contact_ = std::make_unique<FrictionalContact>(*surface_, CurvedPin{setup_.radius_over_Lx * setup_.length_x},
                                                 setup_.center_over_Lx * setup_.length_x, params);
}

long long PinOnSlab::establishNormalContact() {
  const long long changes = contact_->establishNormalContact(0.5 * hertzHalfWidth());
  slab_->holdSideWhereItIs(setup_.wall == PinOnSlabSetup::Wall::leading);
  return changes;
}

double PinOnSlab::hertzHalfWidth() const {
  const double R = setup_.radius_over_Lx * setup_.length_x;
  return std::sqrt(4.0 * loadPerDepth() * R / (M_PI * setup_.elastic.planeStrainModulus()));
}

} // namespace tribo
