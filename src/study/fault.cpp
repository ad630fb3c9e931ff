// A runner fault on one rank, and the one collective every rank reaches to learn of it.
#include "tribo/study/fault.hpp"

#include <algorithm>
#include <climits>

namespace tribo {

Fault Fault::current(int rank) {
  try {
    throw;
  } catch (const InputError &e) {
    return {ExitCode::bad_input, e.what(), rank};
  } catch (const IoError &e) {
    return {ExitCode::io_failure, e.what(), rank};
  } catch (const std::exception &e) {
    return {ExitCode::solver_failure, e.what(), rank};
  } catch (...) {
    return {ExitCode::solver_failure, "an exception that is not a std::exception", rank};
  }
}

void Fault::raise(const std::string &message_text) const {
  if (kind == ExitCode::bad_input) throw InputError(message_text);
  if (kind == ExitCode::io_failure) throw IoError(message_text);
  throw SolverError(message_text);
}

namespace {

/// `n` bytes from `root` in pieces that an MPI count (an int) can hold.
void broadcastPieces(MPI_Comm comm, char *data, std::size_t n, int root, std::size_t piece) {
  piece = std::clamp<std::size_t>(piece, 1, INT_MAX);
  for (std::size_t at = 0; at < n; at += piece)
    TRIBO_MPI_CALL(MPI_Bcast(data + at, static_cast<int>(std::min(piece, n - at)), MPI_CHAR, root, comm));
}

long long broadcastSize(MPI_Comm comm, std::size_t size, int root) {
  auto length = static_cast<long long>(size);
  TRIBO_MPI_CALL(MPI_Bcast(&length, 1, MPI_LONG_LONG, root, comm));
  return length;
}

} // namespace

std::string broadcastText(MPI_Comm comm, std::string text, int root) {
  text.resize(static_cast<std::size_t>(broadcastSize(comm, text.size(), root)));
  broadcastPieces(comm, text.data(), text.size(), root, broadcast_piece);
  return text;
}

void broadcastBytes(MPI_Comm comm, std::vector<char> &bytes, int root, std::size_t piece) {
  bytes.resize(static_cast<std::size_t>(broadcastSize(comm, bytes.size(), root)));
  broadcastPieces(comm, bytes.data(), bytes.size(), root, piece);
}

std::optional<Fault> agreeOnFault(MPI_Comm world, const std::optional<Fault> &local) {
  int rank = 0, size = 1;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &rank));
  TRIBO_MPI_CALL(MPI_Comm_size(world, &size));
  int first = local ? rank : size;
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, world));
  if (first == size) return std::nullopt;
  int kind = local ? static_cast<int>(local->kind) : 0;
  TRIBO_MPI_CALL(MPI_Bcast(&kind, 1, MPI_INT, first, world));
  Fault agreed{static_cast<ExitCode>(kind), broadcastText(world, local ? local->message : "", first), first};
  return agreed;
}

} // namespace tribo
