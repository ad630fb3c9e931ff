// Runs a study's cases: farmed over groups of ranks, written by world rank 0 into one HDF5 file.
#pragma once

#include "tribo/study/case.hpp"
#include "tribo/study/result_sink.hpp"

#include <functional>
#include <mpi.h>
#include <string>
#include <vector>

namespace tribo {

class ConfigNode;

struct RunOptions {
  std::string output = "tribo.h5";
  bool overwrite = false;
  bool resume = false;
  bool quiet = false;
  bool fail_fast = false;
  int ranks_per_case = 0; // 0 = choose: all ranks for one case, one rank per case for many
  std::string command_line;
};

struct RunSummary {
  int cases_total = 0;
  int cases_run = 0;
  int cases_skipped = 0; // complete in a resumed file
  int cases_failed = 0;
  /// Complete cases whose friction profile failed the stationarity test (docs/model.md §14).
  int cases_without_steady_state = 0;
  bool interrupted = false; // SIGINT/SIGTERM stopped the hand-out of cases
  double wall_seconds = 0;
  double farming_efficiency = 0; // busy time / (ranks x wall time)
};

/// What a test replaces to inject faults into the runner itself (tests/mpi/test_runner_faults.cpp);
/// a run from the command line uses the defaults.
struct RunnerSeams {
  /// Opens the writer's store: the HDF5 result file.
  OpenCaseStore open_store = openResultFile;
  /// Called on each group's root after a case, before its result leaves for the writer; a throw
  /// there is a fault of the runner on that rank. Empty: nothing.
  std::function<void(const CasePlan &plan)> before_delivery;
};

/// Farming: the world is split into groups of `ranks_per_case` ranks; each group takes the next case
/// from a shared counter (costliest first) and runs it on its own communicator. World rank 0 writes
/// every case as it arrives, marked complete, so an interrupted study loses only the cases in flight.
/// A failure of the runner itself on any rank (the writer's I/O included) ends the study on every
/// rank: each throws the same error (IoError, InputError or SolverError), naming the rank where it
/// happened; the writer's message says how many complete cases the `.partial` keeps.
RunSummary runStudy(MPI_Comm world, const ConfigNode &config, std::vector<CasePlan> cases,
                    const RunOptions &options, const RunnerSeams &seams = {});

/// How many ranks each case gets when the user did not say: as many as divide the world evenly
/// while keeping every group busy.
int chooseRanksPerCase(int world_size, int n_cases);

} // namespace tribo
