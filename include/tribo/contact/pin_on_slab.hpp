// The whole nanoscale model put together: the slab on its rigid platen (bottom row held, w and u), the
// reference surface solver and the frictional contact of the pin under the load W (paper Fig. 1).
#pragma once

#include "tribo/contact/frictional_contact.hpp"
#include "tribo/contact/slab_surface_solver.hpp"
#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/slab_geometry.hpp"
#include "tribo/slab/slab_system.hpp"

#include <memory>

namespace tribo {

struct PinOnSlabSetup {
  SlabGeometry slab;
  double load = 100.0;         // W [N]
  double radius_over_Lx = 200; // R / L_x
  double center_over_Lx = 0.5; // where the pin's lowest point starts
  ContactParameters contact;   // mu_i, residual shear, ...; load and stiffness scales are filled in
  double min_increment_over_dx = 1e-6; // the paper's lower bound, in units of L_x / (n_x - 1)
};

class PinOnSlab {
public:
  PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup);

  /// Normal contact under the load W, from a first guess of half Hertz's width.
  long long establishNormalContact() { return contact_->establishNormalContact(0.5 * hertzHalfWidth()); }

  /// Johnson's Hertz half-width for line contact, a = sqrt(4 P R / (pi E*)), P = W / L_y.
  double hertzHalfWidth() const;
  FrictionalContact &contact() { return *contact_; }
  SlabSurfaceSolver &surface() { return *surface_; }
  const PinOnSlabSetup &setup() const { return setup_; }
  double loadPerDepth() const { return setup_.load / setup_.slab.depth_y; }

private:
  PinOnSlabSetup setup_;
  BinaryHierarchy grid_;
  std::unique_ptr<SlabSystem> slab_;
  std::unique_ptr<SlabSurfaceSolver> surface_;
  std::unique_ptr<FrictionalContact> contact_;
};

} // namespace tribo
