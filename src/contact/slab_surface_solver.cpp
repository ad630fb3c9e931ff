// The slab seen from its top row: contact nodes prescribed, the others free of traction, one KSP solve.
#include "tribo/contact/slab_surface_solver.hpp"

namespace tribo {

SlabSurfaceSolver::SlabSurfaceSolver(SlabSystem &slab)
    : slab_(slab), condition_(SurfaceCondition::free(slab.grid().surfaceNodeCount())) {
  const auto &grid = slab.grid();
  const std::int64_t nx = grid.surfaceNodeCount();
  for (std::int64_t k = 0; k < nx; ++k) {
    const NodeRef n{0, k};
    x_.push_back(grid.x(n));
    width_.push_back(grid.controlVolume(n).width());
  }
}

void SlabSurfaceSolver::setContactSet(const std::vector<char> &in_contact,
                                      const std::vector<char> &held_laterally) {
  for (std::size_t k = 0; k < in_contact.size(); ++k) {
    condition_.u_kind[k] = held_laterally[k] ? DofKind::displacement : DofKind::force;
    condition_.w_kind[k] = in_contact[k] ? DofKind::displacement : DofKind::force;
  }
}

SurfaceState SlabSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  for (std::size_t k = 0; k < x_.size(); ++k) {
    // A free dof carries no traction.
    condition_.u_value[k] = condition_.u_kind[k] == DofKind::displacement ? u[k] : 0.0;
    condition_.w_value[k] = condition_.w_kind[k] == DofKind::displacement ? w[k] : 0.0;
  }
  slab_.setSurface(condition_);
  slab_.solve();
  ++solves_;
  return slab_.surface();
}

} // namespace tribo
