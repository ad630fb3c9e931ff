// One main for every test executable: PETSc and MPI are initialised once, results printed on rank 0.
#include "tribo/core/petsc_handles.hpp"

#include <gtest/gtest.h>

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  int rc = 0;
  {
    tribo::PetscSession petsc(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
    if (rank != 0) {
      auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
      delete listeners.Release(listeners.default_result_printer());
    }
    rc = RUN_ALL_TESTS();
    // A failure on any rank fails the test on every rank.
    MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MAX, PETSC_COMM_WORLD);
  }
  return rc;
}
