// The pin on the slab: grid, distributed slab under its load, the chosen surface solver, contact.
#include "tribo/contact/pin_on_slab.hpp"

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace tribo {

namespace {

std::size_t physicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
}

} // namespace

PinOnSlab::PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup) : setup_(setup), grid_(setup.slab.grid()) {
  SlabSupport support;
  // The platen: the bottom row rests on it (w = 0) and is bonded to it (u = 0). The load W reaches the
  // contact through the interference, which FrictionalContact sets so that the contact carries W.
  support.bottom = BottomSupport::fixed_vertical;
  support.restraint = LateralRestraint::bottom_row;
  slab_ = std::make_unique<SlabSystem>(comm, grid_, setup_.slab.elastic, support);

  const double Lx = setup_.slab.length_x, xc = setup_.center_over_Lx * Lx;
  use_condensed_ = setup_.solver_path == SolverPath::condensed;
  if (setup_.solver_path == SolverPath::automatic) {
    // Hertz's width plus the margin estimates the zone; the dense operators are distributed by rows.
    const double hertz_nodes = 2 * hertzHalfWidth() / grid_.spacingX(0) + 1;
    const auto zone = std::min<std::int64_t>(
        grid_.surfaceNodeCount(), static_cast<std::int64_t>(hertz_nodes) + 2 * zoneMargin(hertz_nodes));
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    const std::size_t budget =
        setup_.condensed_max_bytes > 0 ? setup_.condensed_max_bytes : physicalMemory() / 4;
    use_condensed_ = CondensedSurfaceSolver::bytesFor(grid_.surfaceNodeCount(), zone, ranks) <= budget;
  }
  reference_ = std::make_unique<SlabSurfaceSolver>(*slab_);

  ContactParameters params = setup_.contact;
  params.load_per_depth = loadPerDepth();
  params.normal_stiffness = setup_.slab.elastic.planeStrainModulus();
  params.min_increment = setup_.min_increment_over_dx * grid_.spacingX(0);
  contact_ =
      std::make_unique<FrictionalContact>(*reference_, CurvedPin{setup_.radius_over_Lx * Lx}, xc, params);
}

long long PinOnSlab::establishNormalContact() {
  const long long changes = contact_->establishNormalContact(0.5 * hertzHalfWidth());
  if (use_condensed_ && !condensed_) {
    // The zone: the contact found, plus the margin on each side.
    const auto &x = reference_->surfaceX();
    const auto &in = contact_->inContact();
    double x_first = x.back(), x_last = x.front();
    for (std::size_t k = 0; k < x.size(); ++k)
      if (in[k]) x_first = std::min(x_first, x[k]), x_last = std::max(x_last, x[k]);
    condensed_ = std::make_unique<CondensedSurfaceSolver>(*slab_, x_first, x_last,
                                                          zoneMargin(contact_->contactCount()));
    contact_->switchSurfaceSolver(*condensed_);
  }
  return changes;
}

int PinOnSlab::zoneMargin(double contact_nodes) const {
  return std::max(setup_.zone_margin_nodes, static_cast<int>(setup_.zone_margin_fraction * contact_nodes));
}

double PinOnSlab::hertzHalfWidth() const {
  const double R = setup_.radius_over_Lx * setup_.slab.length_x;
  return std::sqrt(4.0 * loadPerDepth() * R / (M_PI * setup_.slab.elastic.planeStrainModulus()));
}

} // namespace tribo
