// A case: one independent unit of a study (one mu_i, one resolution, one initial condition).
// Studies are lists of cases; the runner farms them across ranks and writes each to /cases/<id>/.
#pragma once

#include "tribo/io/case_record.hpp"
#include "tribo/study/case_checkpoint.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mpi.h>
#include <string>
#include <vector>

namespace tribo {

class ConfigNode;

struct CasePlan {
  /// Stable id, derived from the case's parameters: the same id means the same case across runs.
  std::string id;
  /// Parameters that define the case, written as attributes of /cases/<id>/ (SI units).
  std::map<std::string, AttributeValue> parameters;
  /// Relative cost, to hand out the costliest cases first (any positive scale).
  double cost = 1.0;
  /// Does the work on `comm` (all ranks of the case's group call it) and fills `record`; only the
  /// record on rank 0 of `comm` is written. A long case saves its state through `checkpoint` and
  /// starts from the last one saved, if any (a case run outside the runner gets CaseCheckpoint{}).
  /// Throws InputError/SolverError on failure.
  std::function<void(MPI_Comm comm, CaseRecord &record, CaseCheckpoint &checkpoint)> run;
};

/// Runs `plan` without checkpoints (tests, tools that run one case).
inline void runWithoutCheckpoints(const CasePlan &plan, MPI_Comm comm, CaseRecord &record) {
  CaseCheckpoint none;
  plan.run(comm, record, none);
}

/// Reads the study named by the input's `study:` key and returns its cases, before any work.
/// Each study has a builder, e.g. `std::vector<CasePlan> buildDiskStudy(const ConfigNode &root)`.
/// More than `max_cases` cases (InputLimits::default_max_cases unless --max-cases) is an error.
std::vector<CasePlan> buildStudy(const ConfigNode &root, std::size_t max_cases = 10000);

} // namespace tribo
