// The whole nanoscale model put together: the slab on its support (a rigid platen by default), a
// surface solver (the reference KSP path or the condensed one) and the frictional contact of the pin
// under the load W (paper Fig. 1).
#pragma once

#include "tribo/contact/compressed_surface_solver.hpp"
#include "tribo/contact/condensed_surface_solver.hpp"
#include "tribo/contact/frictional_contact.hpp"
#include "tribo/contact/slab_surface_solver.hpp"
#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/slab_geometry.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cstddef>
#include <memory>
#include <string>

namespace tribo {

/// Which surface solver runs the contact: `automatic` takes the condensed one when its dense operators
/// (estimated from Hertz's width) fit in `condensed_max_bytes` (all ranks together), else the compressed
/// one (the HODLR compliance, O(n_x log n_x) memory); the reference one (a KSP solve per response) only
/// when asked for. On the condensed path the zone starts as Hertz's contact plus the margin, condensed for
/// the first guess of the normal contact, and grows if the contact spreads further (docs/model.md §16).
enum class SolverPath { automatic, reference, condensed, compressed };

/// The normal contact's first guess (docs/model.md §11): `half_hertz`, the nodes within half of Hertz's
/// half-width, each stuck where it is; `coarser_grids`, the settled normal contact of the next coarser
/// grid (slab.levels one fewer; graded: one coarsening fewer) refined (refineGuess), that one settled
/// from its own coarser grid down to PinOnSlabSetup::coarsest_start_levels, where it starts from half
/// Hertz's width. The two settle to different equilibria (friction makes the settled state depend on the
/// start); from the coarser grids a fine grid takes hundreds of state changes instead of hundreds of
/// thousands (n_x = 65 537).
enum class NormalContactStart { half_hertz, coarser_grids };

struct PinOnSlabSetup {
  SlabGeometry slab;
  /// The platen: the bottom row rests on it (w = 0) and is bonded to it (u = 0). The load W reaches the
  /// contact through the interference, which FrictionalContact sets so that the contact carries W.
  SlabSupport support{BottomSupport::fixed_vertical, 0.0, LateralRestraint::bottom_row};
  double load = 100.0;         // W [N]
  double radius_over_Lx = 200; // R / L_x of the circle (when `shape` is null)
  /// The pin's shape (docs/model.md §8); null: the exact circle of radius radius_over_Lx L_x.
  std::shared_ptr<const PinShape> shape;
  double center_over_Lx = 0.5;         // where the pin's lowest point starts
  ContactParameters contact;           // mu_i, residual shear, ...; load and stiffness scales are filled in
  double min_increment_over_dx = 1e-6; // the paper's lower bound, in units of L_x / (n_x - 1)
  SolverPath solver_path = SolverPath::automatic;
  NormalContactStart normal_start = NormalContactStart::half_hertz;
  /// Where the coarser grids' start ends: slab.levels 8 (n_x = 257) settles from half Hertz's width.
  static constexpr int coarsest_start_levels = 8;
  /// Top nodes added to the condensed zone on each side of Hertz's contact: the larger of
  /// zone_margin_nodes and zone_margin_fraction times Hertz's width in nodes (fine grids then rarely
  /// grow the zone, each growth being a new condensation); doubled at each growth.
  int zone_margin_nodes = 8;
  double zone_margin_fraction = 0.125;
  /// Where the condensed tableau's rows live on the case's ranks (TableauStorage): shared on a node
  /// when the ranks are on one, unless row_blocks is asked for.
  TableauPlacement tableau_placement = TableauPlacement::automatic;
  /// Memory the condensed path may take, summed over the case's ranks [bytes]; 0 = a quarter of the
  /// physical memory of the machine.
  std::size_t condensed_max_bytes = 0;
  /// The compressed path's operator: its tolerance and leaves (the rank bound follows the slab's rows).
  SurfaceComplianceOptions compression;
};

class PinOnSlab {
public:
  /// PETSc options prefixes of the slab's KSP: on the reference path (-slab_ksp_type, -slab_pc_type, ...)
  /// and on the condensed path, where it runs the condensation (-condense_ksp_type, ...).
  static constexpr const char *slab_options_prefix = "slab_";
  static constexpr const char *condensation_options_prefix = "condense_";

  PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup);

  /// Normal contact under the load W from the first guess `setup().normal_start` names (progress as
  /// FrictionalContact::establishNormalContact, for this grid; the coarser grids report nothing).
  /// Returns this grid's state changes. Collective.
  long long establishNormalContact(const FrictionalContact::NormalContactProgress &progress = {},
                                   double report_seconds = 60.0);

  /// Johnson's Hertz half-width for line contact, a = sqrt(4 P R / (pi E*)), P = W / L_y.
  double hertzHalfWidth() const;
  FrictionalContact &contact() { return *contact_; }
  /// The pin's shape the contact runs with.
  const PinShape &pin() const { return *pin_; }
  /// The surface solver of the path that runs.
  SurfaceSolver &surface() { return *surface_; }
  const PinOnSlabSetup &setup() const { return setup_; }
  double loadPerDepth() const { return setup_.load / setup_.slab.depth_y; }

  /// The whole slab in the contact's current equilibrium, gathered to rank 0 of the case (docs/output.md,
  /// "Field output"): one slab solve with the contact nodes where the pin holds them and the rest of the
  /// surface free, on either path; the contact's state and every later solve are left as they were.
  /// Collective.
  SlabFields slabFields();

  /// The path that runs ("reference", "condensed" or "compressed"), the condensed path's zone and
  /// memory per rank, and the compressed path's (0 on the other paths).
  std::string solverPathName() const {
    return condensed_ ? "condensed" : compressed_ ? "compressed" : "reference";
  }
  long long condensedZoneNodes() const { return condensed_ ? condensed_->zoneNodes() : 0; }
  std::size_t condensedBytes() const { return condensed_ ? condensed_->bytes() : 0; }
  std::size_t compressedBytes() const { return compressed_ ? compressed_->bytes() : 0; }
  const CondensedSurfaceSolver *condensed() const { return condensed_.get(); }
  const CompressedSurfaceSolver *compressed() const { return compressed_.get(); }

private:
  /// Free nodes on each side of a contact `contact_nodes` wide (PinOnSlabSetup::zone_margin_*).
  int zoneMargin(double contact_nodes) const;
  /// The first guess of setup_.normal_start (settles the coarser grids' normal contacts first).
  NormalContactGuess normalContactGuess();

  PinOnSlabSetup setup_;
  std::shared_ptr<const PinShape> pin_;
  BinaryHierarchy grid_;
  std::unique_ptr<SlabSystem> slab_;
  std::unique_ptr<SlabSurfaceSolver> reference_;        // on the reference path
  std::unique_ptr<CondensedSurfaceSolver> condensed_;   // on the condensed path
  std::unique_ptr<CompressedSurfaceSolver> compressed_; // on the compressed path
  SurfaceSolver *surface_ = nullptr;                    // the one of the three that runs
  std::unique_ptr<FrictionalContact> contact_;
};

} // namespace tribo
