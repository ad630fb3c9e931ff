// Runs a study's cases: farmed over groups of ranks, written by world rank 0 into one HDF5 file.
#pragma once

#include "tribo/study/case.hpp"

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

/// Farming: the world is split into groups of `ranks_per_case` ranks; each group takes the next case
/// from a shared counter (costliest first) and runs it on its own communicator. World rank 0 writes
/// every case as it arrives, marked complete, so an interrupted study loses only the cases in flight.
RunSummary runStudy(MPI_Comm world, const ConfigNode &config, std::vector<CasePlan> cases,
                    const RunOptions &options);

/// How many ranks each case gets when the user did not say: as many as divide the world evenly
/// while keeping every group busy.
int chooseRanksPerCase(int world_size, int n_cases);

} // namespace tribo
