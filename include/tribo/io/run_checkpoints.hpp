// The checkpoints of a long loop as a physics module sees them (issue 18): whether to save after a
// step, where the saved state goes, and the state to resume from. The study wires them to its case's
// CaseCheckpoint (study/case_checkpoint.hpp); the physics neither reads the input nor opens a file.
#pragma once

#include "tribo/io/case_record.hpp"

#include <functional>

namespace tribo {

/// After each step of a loop (a slip event, an RK4 step), `due(steps_done)` says whether to save (the
/// same answer on every rank of the case) and `save` gets the loop's whole state, complete on rank 0
/// of the case. Given `resume`, a state saved so (complete on every rank), the loop continues from it
/// and ends bit for bit as the loop that saved it would have.
struct RunCheckpoints {
  std::function<bool(long long steps_done)> due;
  std::function<void(const CaseRecord &state)> save;
  const CaseRecord *resume = nullptr;
  /// Called once the loop has taken its state from `resume`, which it then no longer reads: the owner
  /// may free it (at n_x = 8193 it holds the condensed path's 3 GB of tableaux, on every rank).
  std::function<void()> restored;

  /// Whether to save after `steps_done` of `steps_total` steps: never after the last, whose result
  /// follows at once.
  bool dueAfter(long long steps_done, long long steps_total) const {
    return steps_done < steps_total && due && due(steps_done);
  }
};

} // namespace tribo
