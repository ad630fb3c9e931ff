// The kinds of failure a run can end in (and an interrupted run), each with its own exit code (README,
// docs/input.md).
#pragma once

#include <petscsys.h>
#include <stdexcept>
#include <string>

namespace tribo {

/// `interrupted`: a signal stopped the study before every case ran; OUT.h5.partial holds the complete
/// cases and `--resume` continues it (a Slurm job tests for it to requeue, docs/cluster.md).
enum class ExitCode : int { success = 0, bad_input = 1, solver_failure = 2, io_failure = 3, interrupted = 4 };

/// Input that cannot be run: names the key path, the value and what is allowed.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A solver that did not converge or a physical state the model cannot continue from.
struct SolverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A file that could not be read or written.
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Turns a PETSc error code into a SolverError at the C++ boundary (ABLATE's checker idiom), with
/// PETSc's own message ("Unable to find requested KSP type gmress") when keepPetscErrorMessage caught it.
void throwOnPetscError(PetscErrorCode ierr, const char *call, const char *file, int line);

/// Turns an MPI return code other than MPI_SUCCESS into a SolverError naming the call and MPI's message.
void throwOnMpiError(int code, const char *call, const char *file, int line);

/// A PETSc error handler (PetscPushErrorHandler) that keeps the message for throwOnPetscError instead
/// of printing PETSc's error dump: a bad option value becomes one line naming it, not a page.
PetscErrorCode keepPetscErrorMessage(MPI_Comm comm, int line, const char *function, const char *file,
                                     PetscErrorCode code, PetscErrorType type, const char *message,
                                     void *ctx);

} // namespace tribo

/// Every PETSc call made from a C++ method goes through this; PETSc-style functions use PetscCall.
#define TRIBO_PETSC_CALL(...)                                                                                \
  do {                                                                                                       \
    PetscErrorCode tribo_ierr_ = (__VA_ARGS__);                                                              \
    if (PetscUnlikely(tribo_ierr_))                                                                          \
      ::tribo::throwOnPetscError(tribo_ierr_, #__VA_ARGS__, __FILE__, __LINE__);                             \
  } while (0)

/// Every MPI call goes through this, so a failure on one rank is an exception, never a silent hang.
#define TRIBO_MPI_CALL(...)                                                                                  \
  do {                                                                                                       \
    const int tribo_mpi_rc_ = (__VA_ARGS__);                                                                 \
    if (tribo_mpi_rc_ != MPI_SUCCESS)                                                                        \
      ::tribo::throwOnMpiError(tribo_mpi_rc_, #__VA_ARGS__, __FILE__, __LINE__);                             \
  } while (0)
