// The slab seen from its top row: contact nodes prescribed, the others free of traction, one KSP solve.
#include "tribo/contact/slab_surface_solver.hpp"

#include "tribo/contact/provisional_equilibrium.hpp"
#include "tribo/core/error.hpp"
#include "tribo/io/state_archive.hpp"

namespace tribo {

SlabSurfaceSolver::SlabSurfaceSolver(SlabSystem &slab)
    : slab_(slab), condition_(SurfaceCondition::free(slab.grid().surfaceNodeCount())) {
  topRowGeometry(slab.grid(), x_, width_);
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

// Linear in delta until the next event (paper §2.1.1); solved again for every use (bit for bit the same).
const ConstantLoadResponse &SlabSurfaceSolver::pinTranslation(ProvisionalEquilibrium &e) {
  std::vector<double> u, w;
  e.unitTranslation(u, w);
  translation_ = e.atConstantLoad(solve(u, w));
  return translation_;
}

void SlabSurfaceSolver::followPinStep(ProvisionalEquilibrium &e, double, const ConstantLoadResponse &) {
  e.solve();
}

// A slipping node moves along the pin (tangent direction (1, -h'(xi)) in (u, w)), every other node held:
// one solve gives its own stiffness in that direction, then the slip is exact because the response is
// linear; the new prescription (on the exact circle) is solved in full.
void SlabSurfaceSolver::slip(ProvisionalEquilibrium &e, int k) {
  std::vector<double> u(x_.size(), 0.0), w(x_.size(), 0.0);
  u[k] = 1.0;
  w[k] = -e.pin().slope(e.xi[k]);
  const SurfaceState column = e.atConstantLoad(solve(u, w)).surface;
  e.xi[k] += e.slipDistance(k, column.fx[k], column.fz[k]);
  e.solve();
}

void SlabSurfaceSolver::changeContactSet(ProvisionalEquilibrium &e, EventType type, int k) {
  e.changeContactSetAndSolve(type, k);
}

// The held dofs and the solve count; the slab refactors at the next solve, bit for bit as before.
void SlabSurfaceSolver::saveState(const StateWriter &out) const {
  out.putIntegers("u_kind", condition_.u_kind);
  out.putIntegers("w_kind", condition_.w_kind);
  out.putInteger("solves", solves_);
}

void SlabSurfaceSolver::restoreState(const StateReader &in) {
  const auto u_kind = in.integers<DofKind>("u_kind"), w_kind = in.integers<DofKind>("w_kind");
  if (u_kind.size() != x_.size() || w_kind.size() != x_.size())
    throw IoError("the checkpoint's surface is not this slab's (different slab.levels?)");
  condition_.u_kind = u_kind;
  condition_.w_kind = w_kind;
  solves_ = in.integer("solves");
}

} // namespace tribo
