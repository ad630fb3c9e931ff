// Uses an installed tribo: the version header, the hierarchy (plain C++) and a PETSc-backed slab solve.
#include "tribo/core/petsc_handles.hpp"
#include "tribo/core/version.hpp"
#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cstdio>

int main(int argc, char **argv) {
  tribo::PetscSession session(&argc, &argv);
  const tribo::BinaryHierarchy grid(4, 1e-3, 1e-3);
  // Fig. 2's N = 4: 17 + 17 + 9 + 5 + 3 nodes.
  if (grid.nodeCount() != 51 || tribo::BinaryHierarchy::nodeCountFor(4) != 51) return 1;
  // The slab pressed down uniformly by 1 nm at the surface on its fixed bottom: every node moves.
  tribo::SlabSystem slab(
      PETSC_COMM_WORLD, grid, tribo::ElasticConstants{10e9, 0.3},
      tribo::SlabSupport{tribo::BottomSupport::fixed_vertical, 0.0, tribo::LateralRestraint::bottom_row});
  for (std::int64_t k = 0; k < grid.surfaceNodeCount(); ++k)
    slab.setCondition({0, k}, tribo::Component::w, tribo::DofKind::displacement, 1e-9);
  slab.solve();
  const tribo::SlabFields f = slab.gatherFields(); // on rank 0 only
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  if (rank != 0) return f.w.empty() ? 0 : 3;
  if (f.w.size() != 51 || !(f.w[0] > 0.99e-9)) return 2;
  std::printf("consumer: tribo %s, %lld nodes, w(surface) = %g m\n", tribo::version,
              static_cast<long long>(grid.nodeCount()), f.w[0]);
  return 0;
}
