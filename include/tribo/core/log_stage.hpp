// PETSc log stages: the named phases of a run, so that -log_view reads like the method section.
#pragma once

#include "tribo/core/error.hpp"

#include <petsclog.h>
#include <petsctime.h>

namespace tribo {

/// The log stage named `name`, registered at its first use (a phase run once per case; the per-event
/// phases keep their ids in their own file).
inline PetscLogStage logStage(const char *name) {
  PetscLogStage stage = -1;
  TRIBO_PETSC_CALL(PetscLogStageGetId(name, &stage));
  if (stage < 0) TRIBO_PETSC_CALL(PetscLogStageRegister(name, &stage));
  return stage;
}

/// Pushes a log stage for its lifetime; the pop is exception safe.
class LogStageScope {
public:
  explicit LogStageScope(PetscLogStage stage) { TRIBO_PETSC_CALL(PetscLogStagePush(stage)); }
  ~LogStageScope() { PetscLogStagePop(); }
  LogStageScope(const LogStageScope &) = delete;
  LogStageScope &operator=(const LogStageScope &) = delete;
};

/// A log stage (for -log_view) and a wall-clock accumulator (for a benchmark's breakdown) together.
class TimedStage {
public:
  TimedStage(PetscLogStage stage, double &seconds) : stage_(stage), seconds_(seconds) { PetscTime(&t0_); }
  ~TimedStage() {
    PetscLogDouble t1 = 0;
    PetscTime(&t1);
    seconds_ += t1 - t0_;
  } // then stage_ pops
  TimedStage(const TimedStage &) = delete;
  TimedStage &operator=(const TimedStage &) = delete;

private:
  LogStageScope stage_;
  double &seconds_;
  PetscLogDouble t0_ = 0;
};

} // namespace tribo
