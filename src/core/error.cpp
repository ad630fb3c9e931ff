// PETSc error codes become C++ exceptions at the boundary of tribo's classes.
#include "tribo/core/error.hpp"

#include <fmt/format.h>
#include <string>
#include <utility>

namespace tribo {

namespace {
thread_local std::string petsc_message; // the specific message of the last PETSc error raised
} // namespace

PetscErrorCode keepPetscErrorMessage(MPI_Comm, int, const char *function, const char *, PetscErrorCode code,
                                     PetscErrorType type, const char *message, void *) {
  if (type == PETSC_ERROR_INITIAL)
    petsc_message = fmt::format("{} (in {})", message ? message : "", function ? function : "?");
  return code;
}

void throwOnPetscError(PetscErrorCode ierr, const char *call, const char *file, int line) {
  const char *text = nullptr;
  PetscErrorMessage(ierr, &text, nullptr);
  const std::string detail = std::exchange(petsc_message, "");
  throw SolverError(fmt::format("PETSc error {} ({}){} in {} at {}:{}", static_cast<int>(ierr),
                                text ? text : "unknown", detail.empty() ? "" : ": " + detail, call, file,
                                line));
}

void throwOnMpiError(int code, const char *call, const char *file, int line) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) text[0] = '\0';
  throw SolverError(fmt::format("MPI error {} ({}) in {} at {}:{}", code, text, call, file, line));
}

} // namespace tribo
