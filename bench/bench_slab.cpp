// Benchmark of the slab: assembly and one solve (the flat punch) for growing N, on however many ranks.
//   mpiexec -n 2 bench_slab -bench_min_levels 7 -bench_max_levels 18 [PETSc options]
#include "tribo/core/petsc_handles.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cmath>
#include <petsctime.h>

using namespace tribo;

namespace {

double maxOverRanks(double v, MPI_Comm comm) {
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MAX, comm);
  return v;
}
double sumOverRanks(double v, MPI_Comm comm) {
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_SUM, comm);
  return v;
}

} // namespace

int main(int argc, char **argv) {
  PetscSession petsc(&argc, &argv, "bench_slab: assembly + solve of the slab for growing N\n");
  try {
    PetscInt min_levels = 7, max_levels = 16;
    PetscOptionsGetInt(nullptr, nullptr, "-bench_min_levels", &min_levels, nullptr);
    PetscOptionsGetInt(nullptr, nullptr, "-bench_max_levels", &max_levels, nullptr);
    MPI_Comm comm = PETSC_COMM_WORLD;
    int size = 1;
    MPI_Comm_size(comm, &size);
    PetscPrintf(
        comm,
        "# ranks %d\n# N nodes dofs nnz assembly_s first_solve_s resolve_s iterations memory_MB solver\n",
        size);
    for (int N = static_cast<int>(min_levels); N <= max_levels; ++N) {
      const BinaryHierarchy grid(N, 1e-3, 1e-3);
      SlabSupport support;
      support.bottom = BottomSupport::fixed_vertical;
      support.restraint = LateralRestraint::bottom_center;
      PetscLogDouble t0, t1, t2, t3;
      MPI_Barrier(comm);
      PetscTime(&t0);
      SlabSystem slab(comm, grid, ElasticConstants{10e9, 1.0 / 3.0}, support);
      MPI_Barrier(comm);
      PetscTime(&t1);
      // The flat punch of Fig. 5 (a = L_x/8): contact nodes pushed down by 1 um.
      SurfaceCondition c = SurfaceCondition::free(grid.surfaceNodeCount());
      for (std::int64_t k = 0; k < grid.surfaceNodeCount(); ++k)
        if (std::abs(grid.x({0, k}) - 0.5e-3) <= 0.125e-3 * (1 + 1e-12)) {
          c.w_kind[k] = DofKind::displacement;
          c.w_value[k] = 1e-6;
        }
      slab.setSurface(c);
      slab.solve();
      MPI_Barrier(comm);
      PetscTime(&t2);
      // Values only (as after a slip): the factorisation or preconditioner is reused.
      for (auto &v : c.w_value)
        v *= 1.5;
      slab.setSurface(c);
      slab.solve();
      MPI_Barrier(comm);
      PetscTime(&t3);
      MatInfo info;
      MatGetInfo(slab.stiffness(), MAT_GLOBAL_SUM, &info);
      PetscLogDouble mem = 0;
      PetscMemoryGetCurrentUsage(&mem);
      KSPType ksp_type;
      KSPGetType(slab.ksp(), &ksp_type);
      PetscPrintf(comm, "%d %lld %lld %.0f %.3f %.3f %.3f %d %.0f %s\n", N,
                  static_cast<long long>(grid.nodeCount()), static_cast<long long>(2 * grid.nodeCount()),
                  info.nz_used, maxOverRanks(t1 - t0, comm), maxOverRanks(t2 - t1, comm),
                  maxOverRanks(t3 - t2, comm), static_cast<int>(slab.lastIterations()),
                  sumOverRanks(mem, comm) / 1048576.0, ksp_type);
    }
  } catch (const std::exception &e) {
    PetscPrintf(PETSC_COMM_WORLD, "bench_slab: %s\n", e.what());
    return 1;
  }
  return 0;
}
