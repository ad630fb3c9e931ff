// A failure of the runner itself on one rank (not a case's: those are recorded as failed cases), and
// the agreement that makes every rank end with it (docs/architecture.md, "The runner").
#pragma once

#include "tribo/core/error.hpp"

#include <cstddef>
#include <exception>
#include <mpi.h>
#include <optional>
#include <string>
#include <vector>

namespace tribo {

struct Fault {
  ExitCode kind = ExitCode::solver_failure; // bad_input, solver_failure or io_failure
  std::string message;
  int rank = 0; // world rank where it happened

  /// The exception in flight (call inside a catch block), classified by its type.
  static Fault current(int rank);
  /// Throws it as the exception of its kind (InputError, IoError, SolverError).
  [[noreturn]] void raise(const std::string &message_text) const;
};

/// Collective over `world`, reached by every rank at the end of the farm: the fault of the lowest
/// rank that had one, known on every rank (nothing if no rank had one).
std::optional<Fault> agreeOnFault(MPI_Comm world, const std::optional<Fault> &local);

/// Sends `text` from `root` to every rank of `comm` (collective), of any size.
std::string broadcastText(MPI_Comm comm, std::string text, int root);
/// The largest piece one MPI_Bcast of the two above sends: an MPI count is an int, and a checkpoint of
/// the condensed tableau passes 2 GiB at n_x = 8193.
constexpr std::size_t broadcast_piece = std::size_t{1} << 30;
/// The same for bytes, in place, of any size: sent in pieces of at most `piece` bytes.
void broadcastBytes(MPI_Comm comm, std::vector<char> &bytes, int root, std::size_t piece = broadcast_piece);

} // namespace tribo
