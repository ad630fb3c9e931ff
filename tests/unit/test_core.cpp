// The PETSc error boundary and the RAII owners of PETSc objects.
#include "tribo/core/petsc_handles.hpp"

#include <gtest/gtest.h>

TEST(PetscOwner, DestroysAndMoves) {
  tribo::OwnedVec v;
  TRIBO_PETSC_CALL(VecCreateSeq(PETSC_COMM_SELF, 4, v.out()));
  EXPECT_TRUE(v);
  tribo::OwnedVec w = std::move(v);
  EXPECT_FALSE(v);
  PetscInt n = 0;
  TRIBO_PETSC_CALL(VecGetSize(w, &n));
  EXPECT_EQ(n, 4);
}

TEST(PetscErrorBoundary, BecomesSolverError) {
  PetscPushErrorHandler(PetscReturnErrorHandler, nullptr);
  tribo::OwnedVec v;
  TRIBO_PETSC_CALL(VecCreate(PETSC_COMM_SELF, v.out()));
  // A local size larger than the global size is checked in optimised PETSc builds too.
  EXPECT_THROW(TRIBO_PETSC_CALL(VecSetSizes(v, 5, 3)), tribo::SolverError);
  PetscPopErrorHandler();
}
