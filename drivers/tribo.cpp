// tribo: read a study, run its cases across the MPI ranks, write one HDF5 file.
//   tribo run input/quickstart.yaml -o quickstart.h5 [--set key=value] [PETSc options]
#include "tribo/core/error.hpp"
#include "tribo/core/petsc_handles.hpp"
#include "tribo/study/command_line.hpp"

#include <csignal>
#include <fmt/format.h>
#include <stdexcept>

int main(int argc, char **argv) {
  tribo::CommandLine command(argc, argv);
  if (command.finished()) return command.exitCode();

  tribo::PetscSession petsc(command.petscArgc(), command.petscArgv());
  // A closed stdout (`| head`, a pager that quit) must not kill a run with SIGPIPE: the writes fail and
  // the progress lines are dropped (tribo::writeStdout); the results still go to the file. After PETSc's
  // start, whose signal handler would abort the run on SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  auto fail = [&](const char *kind, const std::exception &e, tribo::ExitCode code) {
    if (rank == 0) fmt::print(stderr, "tribo: {}: {}\n", kind, e.what());
    return static_cast<int>(code);
  };
  try {
    return command.execute(PETSC_COMM_WORLD);
  } catch (const tribo::InputError &e) {
    return fail("bad input", e, tribo::ExitCode::bad_input);
  } catch (const tribo::IoError &e) {
    return fail("I/O failure", e, tribo::ExitCode::io_failure);
  } catch (const std::exception &e) {
    return fail("solver failure", e, tribo::ExitCode::solver_failure);
  } catch (...) {
    return fail("solver failure", std::runtime_error("an exception that is not a std::exception"),
                tribo::ExitCode::solver_failure);
  }
}
