// The reference path of the contact iterations: every provisional equilibrium is a solve of the
// distributed slab system (PETSc KSP) with the contact nodes' displacements prescribed (docs/model.md §13).
#pragma once

#include "tribo/contact/surface_solver.hpp"
#include "tribo/slab/slab_system.hpp"

namespace tribo {

class SlabSurfaceSolver : public SurfaceSolver {
public:
  /// `slab` rests on its bottom (BottomSupport::fixed_vertical): the pin's interference sets the load.
  explicit SlabSurfaceSolver(SlabSystem &slab);

  const std::vector<double> &surfaceX() const override { return x_; }
  const std::vector<double> &surfaceWidth() const override { return width_; }
  void setContactSet(const std::vector<char> &in_contact, const std::vector<char> &held_laterally) override;
  SurfaceState solve(const std::vector<double> &u, const std::vector<double> &w) override;
  long long solveCount() const override { return solves_; }
  void saveState(const StateWriter &out) const override;
  void restoreState(const StateReader &in) override;

  // The strategy: every provisional equilibrium is a full solve of its prescription.
  const ConstantLoadResponse &pinTranslation(ProvisionalEquilibrium &e) override;
  void followPinStep(ProvisionalEquilibrium &e, double step, const ConstantLoadResponse &d) override;
  void slip(ProvisionalEquilibrium &e, int k) override;
  void changeContactSet(ProvisionalEquilibrium &e, EventType type, int k) override;

private:
  SlabSystem &slab_;
  std::vector<double> x_, width_;
  SurfaceCondition condition_;
  ConstantLoadResponse translation_; // the last pinTranslation
  long long solves_ = 0;
};

} // namespace tribo
