// The `tribo` command line: run, validate, list studies; tribo's own options apart from PETSc's.
#pragma once

#include "tribo/study/runner.hpp"

#include <cstddef>
#include <mpi.h>
#include <string>
#include <vector>

namespace tribo {

class CommandLine {
public:
  /// Parses tribo's own arguments; PETSc options (`-ksp_type gmres`, `-log_view`) are set aside for
  /// PetscInitialize. `--help` and `--version` are answered here, before MPI starts.
  CommandLine(int argc, char **argv);

  /// True when the command was answered while parsing (help, version, a usage error).
  bool finished() const { return finished_; }
  int exitCode() const { return exit_code_; }

  /// argv for PetscInitialize: the program name and the PETSc options only.
  int *petscArgc() { return &petsc_argc_; }
  char ***petscArgv() { return &petsc_argv_ptr_; }

  /// Runs the command on `world`; returns the process exit code (see ExitCode).
  int execute(MPI_Comm world);

private:
  std::string subcommand_;
  std::string input_;
  std::vector<std::string> overrides_;
  std::size_t max_cases_ = 10000; // InputLimits::default_max_cases
  RunOptions options_;
  bool finished_ = false;
  int exit_code_ = 0;
  std::vector<std::string> petsc_args_;
  std::vector<std::string> petsc_option_names_; // the options among petsc_args_, without their values
  std::vector<char *> petsc_argv_;
  int petsc_argc_ = 0;
  char **petsc_argv_ptr_ = nullptr;
};

} // namespace tribo
