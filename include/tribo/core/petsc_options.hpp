// PETSc options nobody read: PETSc's -options_left convention, reported once by world rank 0.
#pragma once

#include <mpi.h>
#include <string>
#include <vector>

namespace tribo {

/// Of the PETSc options given on the command line (`names`, each with its leading '-'), those that no
/// rank of `world` has read: misspelt (`-ksp_typo`) or meant for a solver this run never made.
/// Collective on `world`.
std::vector<std::string> unusedPetscOptions(MPI_Comm world, const std::vector<std::string> &names);

/// Warns on stderr of world rank 0 about each unused option, as PETSc's `-options_left` would, unless
/// the user gave `-options_left` (then PETSc reports them itself at PetscFinalize, or, with
/// `-options_left 0`, not at all). Collective on `world`.
void warnUnusedPetscOptions(MPI_Comm world, const std::vector<std::string> &names);

} // namespace tribo
