// PETSc options nobody read, reported the way PETSc's -options_left does.
#include "tribo/core/petsc_options.hpp"

#include "tribo/core/error.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <petscsys.h>
#include <set>

namespace tribo {

std::vector<std::string> unusedPetscOptions(MPI_Comm world, const std::vector<std::string> &names) {
  // Ranks read options for their own cases only: an option is unused when no rank read it.
  std::vector<int> used(names.size(), 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    PetscBool flag = PETSC_FALSE;
    // The database holds names without their leading '-'.
    const char *name = names[i].c_str() + (names[i].rfind('-', 0) == 0 ? 1 : 0);
    TRIBO_PETSC_CALL(PetscOptionsUsed(nullptr, name, &flag));
    used[i] = flag ? 1 : 0;
  }
  if (!used.empty()) {
    TRIBO_MPI_CALL(
        MPI_Allreduce(MPI_IN_PLACE, used.data(), static_cast<int>(used.size()), MPI_INT, MPI_MAX, world));
  }
  std::vector<std::string> unused;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (!used[i]) unused.push_back(names[i]);
  return unused;
}

void warnUnusedPetscOptions(MPI_Comm world, const std::vector<std::string> &names) {
  PetscBool given = PETSC_FALSE;
  TRIBO_PETSC_CALL(PetscOptionsHasName(nullptr, nullptr, "-options_left", &given));
  if (given) return; // PETSc's own report at PetscFinalize, or none with -options_left 0
  // PETSc reads these only inside PetscFinalize, after this report.
  static const std::set<std::string> read_at_finalize = {
      "-options_left", "-log_view",    "-log_view_memory", "-log_view_gpu_time",
      "-log_all",      "-log_trace",   "-log_mpe",         "-log_perfstubs",
      "-memory_view",  "-malloc_dump", "-malloc_view",     "-malloc_view_threshold",
      "-objects_dump", "-options_view"};
  std::vector<std::string> candidates;
  for (const auto &n : names)
    if (!read_at_finalize.count(n)) candidates.push_back(n);
  const std::vector<std::string> unused = unusedPetscOptions(world, candidates);
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &rank));
  if (rank != 0 || unused.empty()) return;
  for (const auto &name : unused)
    fmt::print(stderr,
               "tribo: warning: PETSc option {} was not used (misspelt, or for a solver this study "
               "does not create; -options_left 0 silences this)\n",
               name);
  std::fflush(stderr);
}

} // namespace tribo
