// PETSc log stages: the named phases of a run, so that -log_view reads like the method section.
#pragma once

#include "tribo/core/error.hpp"

#include <petsclog.h>

namespace tribo {

/// Pushes a log stage for its lifetime; the pop is exception safe.
class LogStageScope {
public:
  explicit LogStageScope(PetscLogStage stage) { TRIBO_PETSC_CALL(PetscLogStagePush(stage)); }
  ~LogStageScope() { PetscLogStagePop(); }
  LogStageScope(const LogStageScope &) = delete;
  LogStageScope &operator=(const LogStageScope &) = delete;
};

} // namespace tribo
