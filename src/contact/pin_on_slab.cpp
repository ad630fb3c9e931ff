// The pin on the slab: grid, distributed slab under its load, the chosen surface solver, contact.
#include "tribo/contact/pin_on_slab.hpp"

#include "tribo/contact/curved_pin.hpp"

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

PinOnSlab::PinOnSlab(MPI_Comm comm, const PinOnSlabSetup &setup)
    : setup_(setup),
      pin_(setup.shape ? setup.shape
                       : std::make_shared<const CurvedPin>(setup.radius_over_Lx * setup.slab.length_x)),
      grid_(setup.slab.grid()) {
  const double Lx = setup_.slab.length_x, xc = setup_.center_over_Lx * Lx;
  // The condensed zone: Hertz's contact plus the margin on each side (it grows if the contact spreads
  // further); its dense operators are distributed by rows.
  const double a = hertzHalfWidth(), hertz_nodes = 2 * a / grid_.spacingX(0) + 1;
  SolverPath path = setup_.solver_path;
  if (path == SolverPath::automatic) {
    const auto zone = std::min<std::int64_t>(
        grid_.surfaceNodeCount(), static_cast<std::int64_t>(hertz_nodes) + 2 * zoneMargin(hertz_nodes));
    int ranks = 1;
    TRIBO_MPI_CALL(MPI_Comm_size(comm, &ranks));
    const std::size_t budget =
        setup_.condensed_max_bytes > 0 ? setup_.condensed_max_bytes : physicalMemory() / 4;
    path = CondensedSurfaceSolver::bytesFor(grid_.surfaceNodeCount(), zone, ranks) <= budget
               ? SolverPath::condensed
               : SolverPath::compressed;
  }
  // The slab's only solves are, on the condensed path the condensation's blocked ones, on the compressed
  // path the compression's: its KSP then takes the condensation's options prefix, so that the reference
  // path's is tuned apart (-slab_ksp_type, -condense_ksp_type).
  SlabSolverOptions solver;
  solver.prefix = path == SolverPath::reference ? slab_options_prefix : condensation_options_prefix;
  slab_ = std::make_unique<SlabSystem>(comm, grid_, setup_.slab.elastic, setup_.support, solver);
  switch (path) {
  case SolverPath::condensed:
    condensed_ = std::make_unique<CondensedSurfaceSolver>(*slab_, xc - a, xc + a, zoneMargin(hertz_nodes),
                                                          setup_.tableau_placement);
    surface_ = condensed_.get();
    break;
  case SolverPath::compressed:
    compressed_ = std::make_unique<CompressedSurfaceSolver>(*slab_, setup_.compression);
    surface_ = compressed_.get();
    break;
  default:
    reference_ = std::make_unique<SlabSurfaceSolver>(*slab_);
    surface_ = reference_.get();
  }

  ContactParameters params = setup_.contact;
  params.load_per_depth = loadPerDepth();
  params.normal_stiffness = setup_.slab.elastic.planeStrainModulus();
  params.min_increment = setup_.min_increment_over_dx * grid_.spacingX(0);
  contact_ = std::make_unique<FrictionalContact>(*surface_, pin_, xc, params);
}

long long PinOnSlab::establishNormalContact(const FrictionalContact::NormalContactProgress &progress,
                                            double report_seconds) {
  return contact_->establishNormalContact(normalContactGuess(), progress, report_seconds);
}

// The coarser grids one level at a time, each on its own model (the same setup but the slab's levels
// and coarsenings), freed before this grid settles.
NormalContactGuess PinOnSlab::normalContactGuess() {
  const double xc = setup_.center_over_Lx * setup_.slab.length_x;
  if (setup_.normal_start == NormalContactStart::half_hertz ||
      setup_.slab.levels <= PinOnSlabSetup::coarsest_start_levels)
    return hertzGuess(surface_->surfaceX(), xc, 0.5 * hertzHalfWidth());
  PinOnSlabSetup coarser = setup_;
  coarser.slab.levels -= 1;
  int &coarsenings = coarser.slab.hierarchy.coarsenings; // graded: the same rows below the doublings
  coarsenings = std::max(0, coarsenings - 1);
  PinOnSlab coarse(slab_->comm(), coarser);
  coarse.establishNormalContact();
  return refineGuess(coarse.surface().surfaceX(), coarse.contact().contactPoints(), surface_->surfaceX(), xc);
}

SlabFields PinOnSlab::slabFields() {
  const std::vector<char> &in_contact = contact_->inContact();
  const SurfaceState &state = contact_->state();
  SurfaceCondition held = SurfaceCondition::free(grid_.surfaceNodeCount());
  for (std::size_t k = 0; k < in_contact.size(); ++k) {
    if (!in_contact[k]) continue;
    held.w_kind[k] = DofKind::displacement, held.w_value[k] = state.w[k];
    if (!setup_.contact.frictionless) held.u_kind[k] = DofKind::displacement, held.u_value[k] = state.u[k];
  }
  return slab_->solveFields(held);
}

int PinOnSlab::zoneMargin(double contact_nodes) const {
  return std::max(setup_.zone_margin_nodes, static_cast<int>(setup_.zone_margin_fraction * contact_nodes));
}

double PinOnSlab::hertzHalfWidth() const {
  const double R = pin_->bottomRadius();
  return std::sqrt(4.0 * loadPerDepth() * R / (M_PI * setup_.slab.elastic.planeStrainModulus()));
}

} // namespace tribo
