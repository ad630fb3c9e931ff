// The slab's surface compliance in HODLR form, from blocked slab solves alone (issue 20, goals 2 and 3):
// the map from external forces on a range of top nodes to their displacements, every other top node
// free of traction and the bottom on its support, never formed as a dense matrix.
#pragma once

#include "tribo/hmatrix/hodlr.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cstdint>

namespace tribo {

/// How the compliance is sampled and truncated.
struct SurfaceComplianceOptions {
  /// An upper bound on the off-diagonal ranks: on the maximal hierarchy a vertical cut meets one node in
  /// each of the rows below the surface, so 2 (rows) + a few suffice (docs/performance.md, "A compressed
  /// surface operator"); a bound that is too small is a SolverError.
  int rank_bound = 0;
  int oversampling = 10;
  /// dofs_per_node stays 2 (u, w). Tolerance 1e-14: on the maximal hierarchy the ranks are the separator's
  /// at 1e-12 and at 1e-14 alike, and C f then agrees with a direct slab solve to 3e-13 instead of 4e-11
  /// at n_x = 8193 (the contact block's solve amplifies that error into the forces).
  HodlrOptions hodlr{2, 32, 1e-14};
};

/// C with d_R = C f_R on the top nodes R = [first, first + nodes), 2 dofs each (u, w in turn), all other
/// top dofs free of traction: built by randomized peeling (HodlrMatrix::fromProducts) from blocks of slab
/// solves, products with C^T by the adjoint solve (SlabSystem::solveTransposed). Sets every top dof of
/// `slab` to a prescribed force (the partition of a free surface) and leaves it so. One rank
/// (PETSC_COMM_SELF); the direct solver. `columns`, if given, receives the number of slab solves (right-hand
/// sides, both directions) it took.
HodlrMatrix compressSurfaceCompliance(SlabSystem &slab, std::int64_t first, std::int64_t nodes,
                                      const SurfaceComplianceOptions &options, long long *columns = nullptr);

} // namespace tribo
