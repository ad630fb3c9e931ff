// Scratch files of one test executable: one directory, <tmp>/<prefix>-<pid of rank 0>, removed with all
// it holds when the executable ends, so that test runs leave nothing behind in the temporary directory.
#pragma once

#include "tribo/io/result_file.hpp"

#include <filesystem>
#include <mpi.h>
#include <petscsys.h>
#include <string>
#include <system_error>
#include <unistd.h>

namespace tribo::test {

/// A path `name` in this executable's scratch directory, with nothing at it nor at its partial file
/// (ResultFile): collective over PETSC_COMM_WORLD, whose rank 0 makes the directory and later removes it.
inline std::string scratchPath(const std::string &prefix, const std::string &name) {
  struct Directory {
    std::filesystem::path path;
    bool owned = false;
    ~Directory() {
      std::error_code ignored; // a test run's leftovers: nothing to report if they are gone already
      if (owned) std::filesystem::remove_all(path, ignored);
    }
  };
  static Directory dir;
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  if (dir.path.empty()) {
    long long pid = getpid();
    MPI_Bcast(&pid, 1, MPI_LONG_LONG, 0, PETSC_COMM_WORLD);
    dir.path = std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(pid));
    dir.owned = rank == 0;
  }
  const auto p = dir.path / name;
  if (rank == 0) {
    std::filesystem::create_directories(dir.path);
    std::filesystem::remove(p);
    std::filesystem::remove(ResultFile::partialPath(p.string()));
  }
  MPI_Barrier(PETSC_COMM_WORLD);
  return p.string();
}

} // namespace tribo::test
