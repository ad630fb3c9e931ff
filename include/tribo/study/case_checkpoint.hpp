// Where a running case saves its state and finds the state an interrupted run saved (issue 18), so
// that --resume continues a long case from its last checkpoint instead of from its start.
#pragma once

#include "tribo/io/case_record.hpp"
#include "tribo/io/run_checkpoints.hpp"

#include <mpi.h>
#include <optional>
#include <string>

namespace tribo {

class ConfigNode;

/// How often a case saves: every `every` steps of its loop (contact: events; dynamics: RK4 steps;
/// 0: never by count) and every `minutes` of wall time (0: never by time).
struct CheckpointSchedule {
  long long every = 0;
  double minutes = 30;
};

/// `checkpoint_every` and `checkpoint_minutes` of `block` (contact, dynamics): the one place that
/// declares their defaults and ranges (docs/input.md).
CheckpointSchedule readCheckpointSchedule(const ConfigNode &block);

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
  /// `timedSaveDue` says so (`every_seconds` 0: never by time). The root's clock decides, so every
  /// rank gets the same answer.
  bool due(long long step, long long every_steps, double every_seconds);
  /// Replaces the checkpoint by the root's `state`. A failed write is a warning: the case goes on
  /// and the previous checkpoint stays.
  void save(const CaseRecord &state);

  /// A loop's checkpoints through this case's, resuming from `saved` (may be null), saving on
  /// `schedule`. `due` looks at the clock only every `clock_stride` steps (a broadcast each time: cheap
  /// beside a slip event, not beside an RK4 step), so a timed checkpoint may come that many steps late.
  /// The result refers to this object, which must outlive it.
  RunCheckpoints forLoop(const CheckpointSchedule &schedule, const CaseRecord *saved,
                         long long clock_stride = 1);

private:
  MPI_Comm group_ = MPI_COMM_NULL;
  std::string path_, case_id_;
  double last_save_end_ = 0;     // MPI_Wtime at the end of the last save, or of the construction
  double due_since_ = 0;         // MPI_Wtime when due() last said yes, until the save (0: none)
  double last_save_seconds_ = 0; // how long the last save took: the state gathered, then written
};

/// Whether a save by wall time is due `since_last` seconds after the end of the last save, which took
/// `last_write` seconds (from due() to the end of the write): once `every_seconds` have passed, and never before 9 times the last write, so
/// that saving takes at most a tenth of the wall time however short `every_seconds` and however large
/// the state (a profile's saved events grow with the case).
bool timedSaveDue(double since_last, double last_write, double every_seconds);

} // namespace tribo
