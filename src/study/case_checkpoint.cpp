// A case's checkpoints through its group's root.
#include "tribo/study/case_checkpoint.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"
#include "tribo/io/checkpoint_file.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/fault.hpp"

#include <algorithm>

namespace tribo {

namespace {

bool isRoot(MPI_Comm group) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(group, &rank));
  return rank == 0;
}

} // namespace

CheckpointSchedule readCheckpointSchedule(const ConfigNode &block) {
  // Checkpoints of a long case, for --resume (docs/output.md, "Checkpoints"); 0 turns either off.
  CheckpointSchedule s;
  s.every = block.getInt("checkpoint_every", s.every, Bounds::atLeast(0));
  s.minutes = block.getDouble("checkpoint_minutes", s.minutes, Bounds::nonNegative());
  return s;
}

CaseCheckpoint::CaseCheckpoint(MPI_Comm group, std::string path, std::string case_id)
    : group_(group), path_(std::move(path)), case_id_(std::move(case_id)), last_save_end_(MPI_Wtime()) {}

std::optional<CaseRecord> CaseCheckpoint::last() const {
  if (group_ == MPI_COMM_NULL) return std::nullopt;
  // The root reads and sends the bytes to the group. An unusable file costs the time it saved, never
  // the case: a warning, and the case runs from its start.
  int found = 0;
  std::vector<char> bytes;
  if (isRoot(group_)) {
    try {
      if (auto body = readCheckpoint(path_, case_id_)) {
        bytes = std::move(*body);
        found = 1;
      }
    } catch (const std::exception &e) {
      warn(MPI_COMM_SELF, "case {}: {}; the case runs from its start", case_id_, e.what());
    }
  }
  TRIBO_MPI_CALL(MPI_Bcast(&found, 1, MPI_INT, 0, group_));
  if (found == 0) return std::nullopt;
  broadcastBytes(group_, bytes, 0);
  return CaseRecord::deserialize(bytes);
}

bool CaseCheckpoint::due(long long step, long long every_steps, double every_seconds) {
  if (group_ == MPI_COMM_NULL || (every_steps <= 0 && every_seconds <= 0)) return false;
  int now = 0;
  const double clock = MPI_Wtime();
  if (isRoot(group_))
    now = (every_steps > 0 && step % every_steps == 0) ||
          timedSaveDue(clock - last_save_end_, last_save_seconds_, every_seconds);
  TRIBO_MPI_CALL(MPI_Bcast(&now, 1, MPI_INT, 0, group_));
  if (now != 0) due_since_ = clock; // the save's cost counts from here: gathering the state, then writing
  return now != 0;
}

void CaseCheckpoint::save(const CaseRecord &state) {
  if (group_ == MPI_COMM_NULL) return;
  const double start = due_since_ > 0 ? due_since_ : MPI_Wtime(); // a save nobody asked due(): the write
  due_since_ = 0;
  if (isRoot(group_)) {
    try {
      writeCheckpoint(path_, case_id_, state);
    } catch (const std::exception &e) {
      warn(MPI_COMM_SELF, "case {}: checkpoint not saved, the case goes on: {}", case_id_, e.what());
    }
  }
  last_save_end_ = MPI_Wtime();
  last_save_seconds_ = last_save_end_ - start;
}

bool timedSaveDue(double since_last, double last_write, double every_seconds) {
  return every_seconds > 0 && since_last >= std::max(every_seconds, 9 * last_write);
}

RunCheckpoints CaseCheckpoint::forLoop(const CheckpointSchedule &schedule, const CaseRecord *saved,
                                       long long clock_stride) {
  RunCheckpoints c;
  c.resume = saved;
  if (group_ == MPI_COMM_NULL || (schedule.every <= 0 && schedule.minutes <= 0)) return c;
  const long long every = schedule.every;
  const double seconds = 60 * schedule.minutes;
  // The steps at which to ask are the same on every rank, so the collective due() is met by all.
  c.due = [this, every, seconds, clock_stride](long long step) {
    const bool by_count = every > 0 && step % every == 0;
    const bool look_at_clock = seconds > 0 && step % clock_stride == 0;
    return (by_count || look_at_clock) && this->due(step, every, seconds);
  };
  c.save = [this](const CaseRecord &state) { save(state); };
  return c;
}

} // namespace tribo
