// The study runner: cases farmed across groups of ranks, one writer, resumable, stoppable by signal;
// a failure of the runner on any rank ends the study on every rank (docs/architecture.md, "The runner").
#include "tribo/study/runner.hpp"

#include "tribo/core/log.hpp"
#include "tribo/io/checkpoint_file.hpp"
#include "tribo/study/case_message.hpp"
#include "tribo/study/case_queue.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/fault.hpp"
#include "tribo/study/provenance.hpp"
#include "tribo/study/result_sink.hpp"

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <optional>
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

/// Every option is checked before the output is touched: a refused run leaves the files as they were.
void checkPlans(const std::vector<CasePlan> &cases, const RunOptions &options, int world_size) {
  std::set<std::string> ids;
  for (const auto &c : cases)
    if (!ids.insert(c.id).second) throw InputError("two cases of the study have the same id '" + c.id + "'");
  if (options.ranks_per_case > 0 && world_size % options.ranks_per_case != 0)
    throw InputError(fmt::format("--ranks-per-case {}: does not divide the {} rank(s) of the run; allowed: a "
                                 "divisor of {}, or 0 to choose",
                                 options.ranks_per_case, world_size, world_size));
}

/// The writer opens the store first, so a refusal (file exists, different input) stops every rank
/// before any work; the other ranks get nullptr.
std::unique_ptr<CaseStore> openStore(MPI_Comm world, const ConfigNode &config, const RunOptions &options,
                                     const OpenCaseStore &open) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &rank));
  std::unique_ptr<CaseStore> store;
  std::string error;
  if (rank == 0) {
    try {
      store = open(options.output, config.text(), ResultFile::Policy{options.overwrite, options.resume});
    } catch (const std::exception &e) {
      error = e.what();
    }
  }
  int failed = !error.empty();
  TRIBO_MPI_CALL(MPI_Bcast(&failed, 1, MPI_INT, 0, world));
  if (failed) throw IoError(rank == 0 ? error : "the output file could not be opened (see rank 0)");
  return store;
}

/// The ids complete in a resumed file, from the writer to every rank.
std::set<std::string> shareCompleted(MPI_Comm world, const CaseStore *store) {
  std::string bytes;
  if (store)
    for (const auto &id : store->completedCases())
      bytes += id + '\n';
  bytes = broadcastText(world, bytes, 0);
  std::set<std::string> completed;
  std::string id;
  for (char ch : bytes) {
    if (ch == '\n')
      completed.insert(std::exchange(id, ""));
    else
      id.push_back(ch);
  }
  return completed;
}

/// Runs `plan` on this rank's part of the group. A case is failed if any rank's part threw: the
/// error of the lowest such rank, known to the whole group ("" when none threw).
std::string runCase(const CasePlan &plan, MPI_Comm group, CaseRecord &record, CaseCheckpoint &checkpoint) {
  int failed = 0;
  std::string error;
  try {
    plan.run(group, record, checkpoint);
  } catch (...) {
    failed = 1;
    error = Fault::current(0).message;
  }
  int rank = 0, size = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(group, &size));
  if (size == 1) return failed ? error : "";
  TRIBO_MPI_CALL(MPI_Comm_rank(group, &rank));
  int first = failed ? rank : size;
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, group));
  if (first == size) return "";
  const std::string text = broadcastText(group, error, first);
  return first == 0 ? text : fmt::format("rank {} of the case's group: {}", first, text);
}

/// What this rank did in the farm.
struct FarmState {
  int cases_run = 0;
  double busy = 0; // rank-seconds
  std::optional<Fault> fault;
};

/// The parts of the runner on this rank: the writer has the sink, other groups' roots a sender.
struct Parts {
  CaseQueue &queue;
  const std::vector<CasePlan> &cases;
  ResultSink *sink;
  CaseSender *sender;
};

void deliver(Parts &parts, const CaseMessage &message) {
  if (parts.sink) {
    parts.sink->accept(message);
    parts.sink->receiveArrived();
  } else {
    parts.sender->send(message);
  }
}

/// The case loop of one rank. A group's members wait only for their root's next index; the root
/// owes them one from the top of each case loop to its broadcast.
void runCases(Parts &parts, const RunOptions &options, const RunnerSeams &seams, FarmState &state,
              bool &owes_index) {
  CaseQueue &queue = parts.queue;
  for (;;) {
    long long index = -1;
    // A stop seen by any group closes the queue for all: a signal that reached only some ranks (kill
    // on one pid, a terminal's Ctrl-C on one node) still stops the whole study.
    if (queue.groupRoot()) {
      if (stop_requested)
        queue.close();
      else
        index = queue.take();
    }
    owes_index = false;
    TRIBO_MPI_CALL(MPI_Bcast(&index, 1, MPI_LONG_LONG, 0, queue.group()));
    if (index < 0) return;
    const CasePlan &plan = parts.cases[queue.order()[index]];
    const double t0 = MPI_Wtime();
    CaseRecord record;
    record.setCaseId(plan.id);
    CaseCheckpoint checkpoint =
        options.output.empty()
            ? CaseCheckpoint{}
            : CaseCheckpoint(queue.group(), checkpointPath(options.output, plan.id), plan.id);
    const std::string error = runCase(plan, queue.group(), record, checkpoint);
    const double busy = (MPI_Wtime() - t0) * queue.ranksPerCase();
    state.busy += busy;
    ++state.cases_run;
    owes_index = true;
    if (!queue.groupRoot()) continue;
    if (seams.before_delivery) seams.before_delivery(plan);
    if (error.empty()) {
      deliver(parts, {Message::result, index, busy, record.serialize()});
    } else {
      deliver(parts, {Message::failure, index, busy, {error.begin(), error.end()}});
      if (options.fail_fast) queue.close();
    }
  }
}

/// The runner's own messages failing means MPI itself is broken: no agreement can be reached, so the
/// last resort is MPI_Abort, after this rank has said why.
template <typename F> void orAbort(MPI_Comm world, F &&protocol) {
  try {
    protocol();
  } catch (const std::exception &e) {
    int rank = 0; // for the message only: unchecked, as MPI has failed already
    MPI_Comm_rank(world, &rank);
    std::fprintf(stderr, "tribo: rank %d: the runner's messages failed (%s); aborting every rank\n", rank,
                 e.what());
    std::fflush(stderr);
    MPI_Abort(world, static_cast<int>(ExitCode::solver_failure));
  }
}

/// This rank's part of the farm. Whatever throws in the runner on this rank becomes its fault: the
/// queue is closed for every group and the rank pays what it owes (its group the stop index, the
/// writer its `done`; the writer receives to the end), so every rank reaches the agreement.
void farm(MPI_Comm world, Parts &parts, const RunOptions &options, const RunnerSeams &seams,
          FarmState &state) {
  bool owes_index = true;
  try {
    runCases(parts, options, seams, state, owes_index);
  } catch (...) {
    int rank = 0; // inside a handler: a failing MPI_Comm_rank leaves 0 in the fault's message
    MPI_Comm_rank(world, &rank);
    state.fault = Fault::current(rank);
    orAbort(world, [&] {
      parts.queue.close();
      long long stop = -1;
      if (parts.queue.groupRoot() && owes_index)
        TRIBO_MPI_CALL(MPI_Bcast(&stop, 1, MPI_LONG_LONG, 0, parts.queue.group()));
    });
  }
  orAbort(world, [&] {
    if (parts.sender) parts.sender->finish();
    if (parts.sink) parts.sink->receiveUntilDone();
  });
}

/// The run's numbers, the same on every rank (collective); true if any rank had a fault.
bool summarize(MPI_Comm world, const CaseQueue &queue, const ResultSink *sink, const FarmState &state,
               double t_start, RunSummary &summary) {
  int flags[2] = {stop_requested, (state.fault || (sink && sink->error())) ? 1 : 0};
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, flags, 2, MPI_INT, MPI_MAX, world));
  summary.cases_run = state.cases_run;
  TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &summary.cases_run, 1, MPI_INT, MPI_SUM, world));
  summary.cases_run /= queue.ranksPerCase();
  SinkCounts counts = sink ? sink->counts() : SinkCounts{};
  int ints[2] = {counts.failed, counts.without_steady_state};
  TRIBO_MPI_CALL(MPI_Bcast(ints, 2, MPI_INT, 0, world));
  TRIBO_MPI_CALL(MPI_Bcast(&counts.busy, 1, MPI_DOUBLE, 0, world));
  summary.cases_failed = ints[0];
  summary.cases_without_steady_state = ints[1];
  // A signal that came after the last case was handed out interrupted nothing: the file is complete.
  summary.interrupted = flags[0] && summary.cases_run < queue.pending();
  summary.wall_seconds = MPI_Wtime() - t_start;
  int world_size = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(world, &world_size));
  summary.farming_efficiency =
      summary.wall_seconds > 0 ? counts.busy / (world_size * summary.wall_seconds) : 0;
  return flags[1] != 0;
}

/// Every rank throws the agreed fault; the writer's message says what the file keeps.
[[noreturn]] void endWithFault(const Fault &fault, ResultSink *sink, const std::string &output) {
  const std::string where = fault.rank == 0 ? "" : fmt::format("rank {}: ", fault.rank);
  if (!sink) fault.raise(where + fault.message);
  const std::string kept = sink->keptReport(output, fault.kind == ExitCode::io_failure);
  fault.raise(fmt::format("{}{}; {}", where, fault.message, kept));
}

void printSummary(MPI_Comm world, const RunSummary &summary, const RunOptions &options) {
  if (options.quiet) return;
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

} // namespace

int chooseRanksPerCase(int world_size, int n_cases) {
  const int groups = std::max(1, std::min(world_size, n_cases));
  int per = world_size / groups;
  while (per > 1 && world_size % per != 0)
    --per;
  return std::max(1, per);
}

RunSummary runStudy(MPI_Comm world_in, const ConfigNode &config, std::vector<CasePlan> cases,
                    const RunOptions &options, const RunnerSeams &seams) {
  const double t_start = MPI_Wtime();
  const OwnedComm world = OwnedComm::duplicate(world_in); // the runner's messages never meet PETSc's
  const bool writer = world.rank() == 0;
  checkPlans(cases, options, world.size());
  std::unique_ptr<CaseStore> store = openStore(world.get(), config, options, seams.open_store);
  CaseQueue queue(world.get(), pendingOrder(cases, shareCompleted(world.get(), store.get())),
                  options.ranks_per_case);
  RunSummary summary;
  summary.cases_total = static_cast<int>(cases.size());
  summary.cases_skipped = summary.cases_total - static_cast<int>(queue.pending());
  if (!options.quiet)
    print(world.get(), "tribo: {} case(s), {} to run ({} complete already), {} group(s) of {} rank(s)\n",
          summary.cases_total, queue.pending(), summary.cases_skipped, queue.groups(), queue.ranksPerCase());
  const RunOrigin origin = recordRunOrigin(world.get());

  std::optional<ResultSink> sink;
  std::optional<CaseSender> sender;
  if (writer)
    sink.emplace(world.get(), std::move(store), cases, queue, options.quiet, t_start);
  else if (queue.groupRoot())
    sender.emplace(world.get());
  Parts parts{queue, cases, sink ? &*sink : nullptr, sender ? &*sender : nullptr};
  StopOnSignal stop_on_signal;
  FarmState state;
  farm(world.get(), parts, options, seams, state);

  const bool faulted = summarize(world.get(), queue, parts.sink, state, t_start, summary);
  // The provenance and the final name, only when no rank had a fault; whether the writer succeeded
  // is part of the agreement below, which every rank reaches.
  if (writer && !faulted) {
    const RunTotals totals{queue.ranksPerCase(),
                           options.command_line,
                           config.yaml()["study"].as<std::string>(""),
                           config.defaultsText(),
                           summary.cases_total,
                           summary.cases_failed,
                           summary.cases_without_steady_state,
                           summary.wall_seconds,
                           summary.farming_efficiency};
    sink->finish(provenanceAttributes(origin, totals), summary.interrupted);
  }
  std::optional<Fault> local = state.fault;
  if (!local && sink) local = sink->error();
  std::optional<Fault> fault;
  orAbort(world.get(), [&] { fault = agreeOnFault(world.get(), local); });
  if (fault) endWithFault(*fault, parts.sink, options.output);
  printSummary(world.get(), summary, options);
  return summary;
}

} // namespace tribo
