// A runner fault on one rank, and the one collective every rank reaches to learn of it.
#include "tribo/study/fault.hpp"

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

std::string broadcastText(MPI_Comm comm, std::string text, int root) {
  long long length = static_cast<long long>(text.size());
  TRIBO_MPI_CALL(MPI_Bcast(&length, 1, MPI_LONG_LONG, root, comm));
  text.resize(static_cast<std::size_t>(length));
  TRIBO_MPI_CALL(MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, root, comm));
  return text;
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
