// The fast path of the contact iterations: the slab condensed onto the surface dofs of a zone of top
// nodes that can touch the pin, so that every provisional equilibrium is dense linear algebra on the zone.
#pragma once

#include "tribo/contact/surface_solver.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cstddef>
#include <cstdint>
#include <petscblaslapack.h>
#include <vector>

namespace tribo {

/// Static condensation of the slab (docs/model.md, "Condensed surface solver"). For a zone Z of top
/// nodes [zoneFirst, zoneFirst + zoneNodes), with the rest of the surface free of traction and the
/// bottom on its platen, the surface response is exactly linear in the zone displacements d_Z:
///   f_Z = S_Z d_Z,  d_O = T_OZ d_Z  (O: the surface dofs outside the zone, f_O = 0).
/// S_Z (2m x 2m, not symmetric) and T_OZ (2(n_x - m) x 2m) are computed once per zone from unit solves of
/// the distributed SlabSystem, held on every rank. For the held dofs C (in the zone) and the free zone
/// dofs F:  d_F = -S_FF^{-1} S_FC d_C,  f_C = S_CC d_C + S_CF d_F.  S_FF (the margin and, frictionless,
/// the contact u's) is LU-factored once per contact set; a solve costs O(n_x (nnz(d_C) + |F|)), so a
/// unit response (a slip) is cheap and independent of the slab's depth. The whole surface is reported,
/// outside nodes included, so the contact sees exact gaps everywhere; a contact set that holds a node
/// outside the zone triggers a new condensation on a zone grown around it.
class CondensedSurfaceSolver : public SurfaceSolver {
public:
  /// `slab` rests on its bottom (as for SlabSurfaceSolver). The first zone covers the top nodes with x in
  /// [x_first, x_last] [m] plus `margin_nodes` on each side; it is condensed at construction.
  CondensedSurfaceSolver(SlabSystem &slab, double x_first, double x_last, int margin_nodes);

  const std::vector<double> &surfaceX() const override { return x_; }
  const std::vector<double> &surfaceWidth() const override { return width_; }
  void setContactSet(const std::vector<char> &in_contact, const std::vector<char> &held_laterally) override;
  SurfaceState solve(const std::vector<double> &u, const std::vector<double> &w) override;
  long long solveCount() const override { return solves_; }
  bool updatesByLinearity() const override { return true; }

  std::int64_t zoneFirst() const { return zone_first_; }
  std::int64_t zoneNodes() const { return zone_nodes_; }
  /// Memory of the dense operators (S_Z, T_OZ, the factorisation of S_FF) [bytes], on each rank.
  std::size_t bytes() const;
  /// What a zone of `zone_nodes` top nodes on a surface of `surface_nodes` costs [bytes per rank].
  static std::size_t bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes);
  /// Condensations so far (1 + the zone growths) and the slab solves they took.
  int condensations() const { return condensations_; }
  long long condensationSolves() const { return condensation_solves_; }

private:
  void condense(std::int64_t first, std::int64_t last);
  void factorFree();
  double &S(std::size_t row, std::size_t col) { return S_[col * dz_ + row]; }
  double &T(std::size_t row, std::size_t col) { return T_[col * doo_ + row]; }

  SlabSystem &slab_;
  std::vector<double> x_, width_;
  int margin_ = 0;
  std::int64_t nx_ = 0, zone_first_ = 0, zone_nodes_ = 0;
  std::size_t dz_ = 0, doo_ = 0;      // zone dofs 2m, outside dofs 2(n_x - m)
  std::vector<std::int64_t> outside_; // surface node of each outside pair of dofs
  std::vector<double> S_, T_;         // column-major, one column per zone dof
  std::vector<char> in_contact_, held_laterally_;
  std::vector<char> held_;         // per zone dof
  std::vector<PetscBLASInt> free_; // zone dofs not held
  std::vector<double> lu_;         // LU of S_FF (getrf)
  std::vector<PetscBLASInt> pivots_;
  std::vector<double> y_zone_, y_out_, d_free_; // work
  long long solves_ = 0, condensation_solves_ = 0;
  int condensations_ = 0;
};

} // namespace tribo
