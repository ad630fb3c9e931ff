// PETSc error codes become C++ exceptions at the boundary of tribo's classes.
#include "tribo/core/error.hpp"

#include <fmt/format.h>

namespace tribo {

void throwOnPetscError(PetscErrorCode ierr, const char *call, const char *file, int line) {
  const char *text = nullptr;
  PetscErrorMessage(ierr, &text, nullptr);
  throw SolverError(fmt::format("PETSc error {} ({}) in {} at {}:{}", static_cast<int>(ierr),
                                text ? text : "unknown", call, file, line));
}

} // namespace tribo
