// A profile run's state between two events (issue 18): what runSliding has collected so far and the
// contact's own state, so that a resumed run ends bit for bit as the uninterrupted one.
#pragma once

#include "tribo/contact/sliding_run.hpp"

namespace tribo {

/// The run after `events_done` events, into `state` (complete on rank 0 of the case; collective).
void saveSlidingRun(PinOnSlab &model, const SlidingRunResult &run, long long events_done, CaseRecord &state);
/// Puts `model` and `run` back where saveSlidingRun found them (`state` complete on every rank);
/// returns the events done. IoError if the state does not fit the model.
long long restoreSlidingRun(PinOnSlab &model, const CaseRecord &state, SlidingRunResult &run);

} // namespace tribo
