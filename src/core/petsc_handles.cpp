// PETSc's lifetime as an object owned by main().
#include "tribo/core/petsc_handles.hpp"

namespace tribo {

PetscSession::PetscSession(int *argc, char ***argv, const char *help) {
  TRIBO_PETSC_CALL(PetscInitialize(argc, argv, nullptr, help));
  TRIBO_PETSC_CALL(PetscPushErrorHandler(keepPetscErrorMessage, nullptr));
}

PetscSession::~PetscSession() {
  PetscFinalize();
}

} // namespace tribo
