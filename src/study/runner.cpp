// The study runner: cases farmed across groups of ranks, one writer, resumable, stoppable by signal.
#include "tribo/study/runner.hpp"

#include "tribo/core/log.hpp"
#include "tribo/core/version.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/study/config.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <list>
#include <memory>
#include <numeric>
#include <optional>
#include <petscsys.h>
#include <set>

namespace tribo {

namespace {

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void requestStop(int) {
  stop_requested = 1;
}

/// SIGINT and SIGTERM (what Slurm sends at the time limit) stop the hand-out of new cases; the cases
/// already running finish and are written. SIGUSR1 does the same: OpenMPI's mpiexec forwards it to the
/// ranks at once, whereas on SIGTERM it sends SIGCONT, then SIGTERM 1 s later, then SIGKILL 1 s after
/// that (odls_base_sigkill_timeout), too little for a running case (docs/cluster.md). The previous
/// handlers come back when the run ends.
class StopOnSignal {
public:
  StopOnSignal() {
    stop_requested = 0;
    struct sigaction action {};
    action.sa_handler = requestStop;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < signals_.size(); ++i)
      sigaction(signals_[i], &action, &old_[i]);
  }
  ~StopOnSignal() {
    for (std::size_t i = 0; i < signals_.size(); ++i)
      sigaction(signals_[i], &old_[i], nullptr);
  }

private:
  static constexpr std::array<int, 3> signals_{SIGINT, SIGTERM, SIGUSR1};
  std::array<struct sigaction, 3> old_{};
};

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
}

double seconds() {
  return MPI_Wtime();
}

enum class Message : char { result = 'R', failure = 'F', done = 'D' };

/// One finished case on its way to the writer: [kind][case index][busy seconds][payload].
std::vector<char> pack(Message kind, long long index, double busy, const std::vector<char> &payload) {
  constexpr std::size_t header = 1 + sizeof index + sizeof busy;
  std::vector<char> out(header + payload.size());
  out[0] = static_cast<char>(kind);
  std::memcpy(out.data() + 1, &index, sizeof index);
  std::memcpy(out.data() + 1 + sizeof index, &busy, sizeof busy);
  if (!payload.empty()) std::memcpy(out.data() + header, payload.data(), payload.size());
  return out;
}

struct Unpacked {
  Message kind;
  long long index;
  double busy;
  std::vector<char> payload;
};

Unpacked unpack(const std::vector<char> &bytes) {
  Unpacked u{};
  u.kind = static_cast<Message>(bytes.at(0));
  std::memcpy(&u.index, bytes.data() + 1, sizeof u.index);
  std::memcpy(&u.busy, bytes.data() + 1 + sizeof u.index, sizeof u.busy);
  u.payload.assign(bytes.begin() + 1 + sizeof u.index + sizeof u.busy, bytes.end());
  return u;
}

std::string libraryVersions(std::string &petsc, std::string &hdf5, std::string &mpi) {
  char buf[256];
  PetscGetVersion(buf, sizeof buf);
  petsc = buf;
  unsigned maj = 0, min = 0, rel = 0;
  H5get_libversion(&maj, &min, &rel);
  hdf5 = fmt::format("{}.{}.{}", maj, min, rel);
  char mpibuf[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  TRIBO_MPI_CALL(MPI_Get_library_version(mpibuf, &len));
  mpi = std::string(mpibuf, len);
  while (!mpi.empty() && (mpi.back() == '\n' || mpi.back() == '\0'))
    mpi.pop_back();
  return petsc;
}

/// A case that says its friction profile has no steady state (attribute steady_state_reached = 0):
/// counted in the run's summary, because its plateau numbers are absent.
bool lacksSteadyState(const CaseRecord &record) {
  const auto group = record.attributes().find("");
  if (group == record.attributes().end()) return false;
  const auto flag = group->second.find("steady_state_reached");
  if (flag == group->second.end()) return false;
  const auto *value = std::get_if<long long>(&flag->second);
  return value && *value == 0;
}

} // namespace

int chooseRanksPerCase(int world_size, int n_cases) {
  const int groups = std::max(1, std::min(world_size, n_cases));
  int per = world_size / groups;
  while (per > 1 && world_size % per != 0)
    --per;
  return std::max(1, per);
}

RunSummary runStudy(MPI_Comm world_in, const ConfigNode &config, std::vector<CasePlan> cases,
                    const RunOptions &options) {
  const double t_start = seconds();
  const std::string start_time = utcNow();
  MPI_Comm world;
  TRIBO_MPI_CALL(MPI_Comm_dup(world_in, &world)); // the runner's own messages never meet PETSc's
  int world_rank = 0, world_size = 1;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &world_rank));
  TRIBO_MPI_CALL(MPI_Comm_size(world, &world_size));
  const bool writer = world_rank == 0;

  {
    std::set<std::string> ids;
    for (const auto &c : cases)
      if (!ids.insert(c.id).second)
        throw InputError("two cases of the study have the same id '" + c.id + "'");
  }

  // Every option is checked before the output is touched: a refused run leaves the files as they were.
  if (options.ranks_per_case > 0 && world_size % options.ranks_per_case != 0) {
    TRIBO_MPI_CALL(MPI_Comm_free(&world));
    throw InputError(fmt::format("--ranks-per-case {}: does not divide the {} rank(s) of the run; allowed: a "
                                 "divisor of {}, or 0 to choose",
                                 options.ranks_per_case, world_size, world_size));
  }

  // The writer opens the file first, so a refusal (file exists, different input) stops every rank
  // before any work.
  std::unique_ptr<ResultFile> file;
  std::string open_error;
  std::vector<char> completed_bytes;
  if (writer) {
    try {
      file = std::make_unique<ResultFile>(options.output, config.text(),
                                          ResultFile::Policy{options.overwrite, options.resume});
      for (const auto &id : file->completedCases()) {
        completed_bytes.insert(completed_bytes.end(), id.begin(), id.end());
        completed_bytes.push_back('\n');
      }
    } catch (const std::exception &e) {
      open_error = e.what();
    }
  }
  int open_failed = !open_error.empty();
  TRIBO_MPI_CALL(MPI_Bcast(&open_failed, 1, MPI_INT, 0, world));
  if (open_failed) {
    TRIBO_MPI_CALL(MPI_Comm_free(&world));
    throw IoError(writer ? open_error : "the output file could not be opened (see rank 0)");
  }
  long long completed_len = static_cast<long long>(completed_bytes.size());
  TRIBO_MPI_CALL(MPI_Bcast(&completed_len, 1, MPI_LONG_LONG, 0, world));
  completed_bytes.resize(completed_len);
  TRIBO_MPI_CALL(MPI_Bcast(completed_bytes.data(), static_cast<int>(completed_len), MPI_CHAR, 0, world));
  std::set<std::string> completed;
  {
    std::string id;
    for (char ch : completed_bytes) {
      if (ch == '\n')
        completed.insert(std::exchange(id, ""));
      else
        id.push_back(ch);
    }
  }

  // Costliest first, ties by id: the same order on every rank.
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(cases.size()); ++i)
    if (!completed.count(cases[i].id)) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (cases[a].cost != cases[b].cost) return cases[a].cost > cases[b].cost;
    return cases[a].id < cases[b].id;
  });

  RunSummary summary;
  summary.cases_total = static_cast<int>(cases.size());
  summary.cases_skipped = summary.cases_total - static_cast<int>(order.size());

  const int ranks_per_case = options.ranks_per_case > 0
                                 ? options.ranks_per_case
                                 : chooseRanksPerCase(world_size, static_cast<int>(order.size()));
  const int n_groups = world_size / ranks_per_case;
  MPI_Comm group;
  TRIBO_MPI_CALL(MPI_Comm_split(world, world_rank / ranks_per_case, world_rank, &group));
  int group_rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(group, &group_rank));

  if (!options.quiet)
    print(world, "tribo: {} case(s), {} to run ({} complete already), {} group(s) of {} rank(s)\n",
          summary.cases_total, order.size(), summary.cases_skipped, n_groups, ranks_per_case);

  // The shared queue: a counter on world rank 0, advanced atomically by each group's root.
  long long *counter_base = nullptr;
  MPI_Win counter;
  TRIBO_MPI_CALL(MPI_Win_allocate(writer ? sizeof(long long) : 0, sizeof(long long), MPI_INFO_NULL, world,
                                  &counter_base, &counter));
  if (writer) *counter_base = 0;
  TRIBO_MPI_CALL(MPI_Barrier(world));
  auto nextIndex = [&](long long increment) {
    long long got = 0;
    TRIBO_MPI_CALL(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, counter));
    TRIBO_MPI_CALL(MPI_Fetch_and_op(&increment, &got, MPI_LONG_LONG, 0, 0, MPI_SUM, counter));
    TRIBO_MPI_CALL(MPI_Win_unlock(0, counter));
    return got;
  };

  StopOnSignal stop_on_signal;
  const long long n_pending = static_cast<long long>(order.size());
  double busy = 0;
  int written = 0, failed = 0, groups_done = 0, nonstationary = 0;
  double busy_total = 0;

  // An I/O error (disk full, quota) stops the hand-out for every group; the cases still arriving are
  // received (no rank is left waiting) but not written, and the run ends with exit code 3 and the
  // complete cases in `.partial` for --resume.
  std::string io_error;
  auto writeResult = [&](const Unpacked &u) {
    const CasePlan &plan = cases[order[u.index]];
    busy_total += u.busy;
    const std::string message(u.payload.begin(), u.payload.end());
    if (u.kind != Message::result) ++failed;
    ++written;
    std::string outcome = u.kind == Message::result ? "done" : "FAILED: " + message;
    if (!io_error.empty()) {
      outcome = "not written (the output file takes no more after an I/O error)";
    } else {
      try {
        if (u.kind == Message::result) {
          const CaseRecord record = CaseRecord::deserialize(u.payload);
          if (lacksSteadyState(record)) ++nonstationary;
          file->writeCase(plan.id, plan.parameters, record);
        } else {
          file->writeFailedCase(plan.id, plan.parameters, message);
        }
      } catch (const IoError &e) {
        io_error = e.what();
        nextIndex(n_pending); // empties the queue for every group
        outcome = "not written: I/O error";
      }
    }
    if (!options.quiet) {
      const double elapsed = seconds() - t_start;
      const double left = elapsed / written * static_cast<double>(n_pending - written);
      fmt::print("[{:>{}}/{}] {} {} ({:.2f} s) | failures {} | elapsed {:.1f} s, ~{:.1f} s left\n", written,
                 std::to_string(n_pending).size(), n_pending, plan.id, outcome, u.busy, failed, elapsed,
                 left);
      std::fflush(stdout);
    }
  };
  // The writer never blocks on a message while it has cases of its own to run. A finished case's
  // datasets travel by the rendezvous protocol, which moves the data only while the sender is inside
  // MPI too -- and the sender is busy with its next case. A blocking receive chained rank 0 to the
  // other groups' pace until they ran out of cases (farming efficiency 0.6 on 2 ranks without
  // single-copy shared memory, docs/performance-farming.md). Messages are therefore matched with
  // MPI_Improbe, received with MPI_Imrecv and written once complete, at the writer's next look.
  std::list<std::pair<std::vector<char>, MPI_Request>> arriving;
  auto handle = [&](const std::vector<char> &bytes) {
    Unpacked u = unpack(bytes);
    if (u.kind == Message::done)
      ++groups_done;
    else
      writeResult(u);
  };
  auto postReceive = [&](MPI_Message &message, const MPI_Status &status) {
    int count = 0;
    TRIBO_MPI_CALL(MPI_Get_count(&status, MPI_CHAR, &count));
    arriving.emplace_back(std::vector<char>(count), MPI_REQUEST_NULL);
    TRIBO_MPI_CALL(
        MPI_Imrecv(arriving.back().first.data(), count, MPI_CHAR, &message, &arriving.back().second));
  };
  auto receiveArrived = [&] {
    for (;;) {
      int flag = 0;
      MPI_Message message;
      MPI_Status status;
      TRIBO_MPI_CALL(MPI_Improbe(MPI_ANY_SOURCE, 0, world, &flag, &message, &status));
      if (!flag) break;
      postReceive(message, status);
    }
    for (auto it = arriving.begin(); it != arriving.end();) {
      int complete = 0;
      TRIBO_MPI_CALL(MPI_Test(&it->second, &complete, MPI_STATUS_IGNORE));
      if (!complete) {
        ++it;
        continue;
      }
      handle(it->first);
      it = arriving.erase(it);
    }
  };
  std::list<std::pair<std::vector<char>, MPI_Request>> in_flight;
  auto deliver = [&](std::vector<char> bytes) {
    if (writer) {
      writeResult(unpack(bytes));
      receiveArrived();
      return;
    }
    in_flight.emplace_back(std::move(bytes), MPI_REQUEST_NULL);
    auto &m = in_flight.back();
    TRIBO_MPI_CALL(
        MPI_Isend(m.first.data(), static_cast<int>(m.first.size()), MPI_CHAR, 0, 0, world, &m.second));
    // A send moves only while this rank is inside MPI (the one-sided counter does not drive it): push
    // the earlier results on, now that the writer may have posted their receives, and free the
    // buffers of those that have arrived. A result is thus written about two cases after it finished.
    in_flight.remove_if([](std::pair<std::vector<char>, MPI_Request> &sent) {
      int complete = 0;
      TRIBO_MPI_CALL(MPI_Test(&sent.second, &complete, MPI_STATUS_IGNORE));
      return complete != 0;
    });
  };

  while (true) {
    long long index = -1;
    if (group_rank == 0) {
      // A stop seen by any group empties the queue for all: a signal that reached only some ranks
      // (kill on one pid, a terminal's Ctrl-C on one node) still stops the whole study.
      if (stop_requested)
        nextIndex(n_pending);
      else
        index = nextIndex(1);
      if (index >= n_pending) index = -1;
    }
    TRIBO_MPI_CALL(MPI_Bcast(&index, 1, MPI_LONG_LONG, 0, group));
    if (index < 0) break;
    const CasePlan &plan = cases[order[index]];
    const double t0 = seconds();
    CaseRecord record;
    std::string error;
    try {
      plan.run(group, record);
    } catch (const std::exception &e) {
      error = e.what();
    }
    const double t_case = seconds() - t0;
    busy += t_case * ranks_per_case;
    if (group_rank == 0) {
      if (error.empty()) {
        deliver(pack(Message::result, index, t_case * ranks_per_case, record.serialize()));
      } else {
        deliver(pack(Message::failure, index, t_case * ranks_per_case, {error.begin(), error.end()}));
        if (options.fail_fast) nextIndex(n_pending); // empties the queue for every group
      }
    }
    ++summary.cases_run;
  }

  if (group_rank == 0 && !writer) deliver(pack(Message::done, -1, 0, {}));
  // The writer's own cases are done: now it waits, for every group's results and its end message.
  if (writer)
    while (groups_done < n_groups - 1 || !arriving.empty()) {
      if (arriving.empty()) {
        MPI_Message message;
        MPI_Status status;
        TRIBO_MPI_CALL(MPI_Mprobe(MPI_ANY_SOURCE, 0, world, &message, &status));
        postReceive(message, status);
      }
      TRIBO_MPI_CALL(MPI_Wait(&arriving.front().second, MPI_STATUS_IGNORE));
      handle(arriving.front().first);
      arriving.pop_front();
      receiveArrived();
    }
  for (auto &m : in_flight)
    TRIBO_MPI_CALL(MPI_Wait(&m.second, MPI_STATUS_IGNORE));

  int stopped = stop_requested;
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &stopped, 1, MPI_INT, MPI_MAX, world));
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &summary.cases_run, 1, MPI_INT, MPI_SUM, world));
  summary.cases_run /= ranks_per_case;
  TRIBO_MPI_CALL(MPI_Bcast(&failed, 1, MPI_INT, 0, world));
  summary.cases_failed = failed;
  TRIBO_MPI_CALL(MPI_Bcast(&nonstationary, 1, MPI_INT, 0, world));
  summary.cases_without_steady_state = nonstationary;
  // A signal that came after the last case was handed out interrupted nothing: the file is complete.
  summary.interrupted = stopped && summary.cases_run < n_pending;
  summary.wall_seconds = seconds() - t_start;
  TRIBO_MPI_CALL(MPI_Bcast(&busy_total, 1, MPI_DOUBLE, 0, world));
  summary.farming_efficiency =
      summary.wall_seconds > 0 ? busy_total / (world_size * summary.wall_seconds) : 0;

  // The provenance and the final name. Every rank learns whether the writer succeeded before any
  // leaves: a writer that throws alone would leave the others in the collective frees below.
  if (writer && io_error.empty()) {
    try {
      std::string petsc, hdf5, mpi;
      libraryVersions(petsc, hdf5, mpi);
      file->writeRootAttributes({
          {"tribo_version", std::string(version)},
          {"git_commit", std::string(git_commit)},
          {"petsc_version", petsc},
          {"hdf5_version", hdf5},
          {"mpi_version", mpi},
          {"n_ranks", static_cast<long long>(world_size)},
          {"ranks_per_case", static_cast<long long>(ranks_per_case)},
          {"command_line", options.command_line},
          {"start_time_utc", start_time},
          {"end_time_utc", utcNow()},
          {"study", config.yaml()["study"].as<std::string>("")},
          {"cases_total", static_cast<long long>(summary.cases_total)},
          {"cases_failed", static_cast<long long>(summary.cases_failed)},
          {"cases_without_steady_state", static_cast<long long>(nonstationary)},
          {"wall_seconds", summary.wall_seconds},
          {"farming_efficiency", summary.farming_efficiency},
      });
      // An interrupted study stays `.partial`, ready for --resume; a finished one gets its final name.
      if (!summary.interrupted) file->commit();
    } catch (const IoError &e) {
      io_error = e.what();
    }
  }
  int io_failed = !io_error.empty();
  TRIBO_MPI_CALL(MPI_Bcast(&io_failed, 1, MPI_INT, 0, world));
  if (io_failed) {
    std::string kept;
    if (writer) {
      // What --resume will find, read back from the closed file rather than assumed.
      try {
        kept = fmt::format("the {} complete case(s) are kept in '{}': make room and continue with --resume",
                           file->closeAndCountComplete(), ResultFile::partialPath(options.output));
      } catch (const IoError &e) {
        kept = fmt::format("and the file left behind does not open ({})", e.what());
      }
      file.reset();
    }
    TRIBO_MPI_CALL(MPI_Win_free(&counter));
    TRIBO_MPI_CALL(MPI_Comm_free(&group));
    TRIBO_MPI_CALL(MPI_Comm_free(&world));
    if (!writer) throw IoError("the output file could not be written (see rank 0)");
    throw IoError(fmt::format("{}; {}", io_error, kept));
  }
  if (!options.quiet) {
    print(world, "tribo: {} case(s) run, {} failed, {} skipped in {:.2f} s (farming efficiency {:.2f})\n",
          summary.cases_run, summary.cases_failed, summary.cases_skipped, summary.wall_seconds,
          summary.farming_efficiency);
    if (summary.cases_without_steady_state > 0)
      print(world,
            "tribo: {} case(s) without a steady state: no plateau, mu_k or mu_s (see steady_state_reason)\n",
            summary.cases_without_steady_state);
    if (summary.interrupted)
      print(world, "tribo: stopped by a signal; completed cases are in {}; continue with --resume\n",
            ResultFile::partialPath(options.output));
    else
      print(world, "tribo: wrote {}\n", options.output);
  }
  TRIBO_MPI_CALL(MPI_Win_free(&counter));
  TRIBO_MPI_CALL(MPI_Comm_free(&group));
  TRIBO_MPI_CALL(MPI_Comm_free(&world));
  return summary;
}

} // namespace tribo
