// Where a running case saves its state and finds the state an interrupted run saved (issue 18), so
// that --resume continues a long case from its last checkpoint instead of from its start.
#pragma once

#include "tribo/io/case_record.hpp"

#include <mpi.h>
#include <optional>
#include <string>

namespace tribo {

/// Every call is collective over the case's group; the group's root reads and writes the file
/// (io/checkpoint_file.hpp). Saving reads the state and changes nothing, so how often a case saves
/// cannot change its results.
class CaseCheckpoint {
public:
  /// No checkpoints (a case run outside the runner): nothing to resume from, never due.
  CaseCheckpoint() = default;
  CaseCheckpoint(MPI_Comm group, std::string path, std::string case_id);

  /// The state saved last, on every rank of the group; nullopt when there is none.
  std::optional<CaseRecord> last() const;
  /// Whether to save after `step` steps of the case: every `every_steps` steps (0: never), or once
  /// `every_seconds` of wall time (0: never) have passed since the last save. The root's clock
  /// decides, so every rank gets the same answer.
  bool due(long long step, long long every_steps, double every_seconds);
  /// Replaces the checkpoint by the root's `state`. A failed write is a warning: the case goes on
  /// and the previous checkpoint stays.
  void save(const CaseRecord &state);

private:
  MPI_Comm group_ = MPI_COMM_NULL;
  std::string path_, case_id_;
  double last_save_ = 0; // MPI_Wtime of the last save, or of the construction
};

} // namespace tribo
