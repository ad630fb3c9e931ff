// The whole nanoscale model put together: the slab under its load, the reference surface solver and
// the frictional contact of the pin (paper Fig. 1).
#pragma once

#include "tribo/contact/frictional_contact.hpp"
#include "tribo/contact/slab_surface_solver.hpp"
#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/elastic_constants.hpp"
#include "tribo/slab/slab_system.hpp"

#include <memory>

namespace tribo {

struct PinOnSlabSetup {
  int levels = 7;              // N: n_x = 2^N + 1
  double length_x = 1e-3;      // L_x [m]
  double aspect_ratio = 1.0;   // L_z / L_x
  double depth_y = 1e-2;       // L_y [m]
  ElasticConstants elastic{10e9, 1.0 / 3.0};
  /// Which side of the slab is held after normal loading (docs/model.md): the one the pin moves toward
  /// (leading, the slab pushed against a wall) or the one it moves away from (trailing).
  enum class Wall { leading, trailing } wall = Wall::leading;
  double load = 100.0;         // W [N]
  double radius_over_Lx = 200; // R / L_x
  double center_over_Lx = 0.5; // where the pin's lowest point starts
  ContactParameters contact;   // mu_i, residual shear, ...; load and stiffness scales are filled in
  double min_increment_over_dx = 1e-6; // the paper's lower bound, in units of L_x / (n_x - 1)
};

class PinOnSlab {
public:
  PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup);

  /// Normal contact under the load (restrained laterally at the bottom centre only, which the symmetric
  /// problem leaves without reaction), then the leading side held where it is for the sliding.
  long long establishNormalContact();

  /// Johnson's Hertz half-width for line contact, a = sqrt(4 P R / (pi E*)), P = W / L_y.
  double hertzHalfWidth() const;
  FrictionalContact &contact() { return *contact_; }
  SlabSurfaceSolver &surface() { return *surface_; }
  const PinOnSlabSetup &setup() const { return setup_; }
  double loadPerDepth() const { return setup_.load / setup_.depth_y; }

private:
  PinOnSlabSetup setup_;
  BinaryHierarchy grid_;
  std::unique_ptr<SlabSystem> slab_;
  std::unique_ptr<SlabSurfaceSolver> surface_;
  std::unique_ptr<FrictionalContact> contact_;
};

} // namespace tribo
