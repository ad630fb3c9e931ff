// One place prints: rank 0 of a communicator, to stdout, through fmt (deal.II's pcout).
#pragma once

#include "tribo/core/error.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <mpi.h>
#include <string_view>

namespace tribo {

/// Writes `text` to stdout and flushes it. A stdout that is gone (a closed pipe: `tribo run ... | head`,
/// a pager that quit; the driver ignores SIGPIPE, so the write fails instead of killing the run) drops
/// this line and every later one, never the run: the results still go to the HDF5 file.
inline void writeStdout(std::string_view text) {
  static bool gone = false;
  if (gone) return;
  gone = std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0;
}

/// `--quiet`: progress lines from inside cases are dropped too.
inline bool &quietOutput() {
  static bool quiet = false;
  return quiet;
}

/// Progress and reports: rank 0 of `comm` only, nothing when quiet.
template <typename... Args> void print(MPI_Comm comm, fmt::format_string<Args...> format, Args &&...args) {
  if (quietOutput()) return;
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
  if (rank != 0) return;
  writeStdout(fmt::format(format, std::forward<Args>(args)...));
}

/// A warning: rank 0 of `comm`, to stdout, prefixed "warning: ", printed even when quiet (a result the
/// user must not take at face value, e.g. a profile without a steady state).
template <typename... Args> void warn(MPI_Comm comm, fmt::format_string<Args...> format, Args &&...args) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
  if (rank != 0) return;
  writeStdout(fmt::format("warning: {}\n", fmt::format(format, std::forward<Args>(args)...)));
}

} // namespace tribo
