// PETSc TS (TSRK5DP + TSAdapt basic + TSEvent) driver for small serial ODE systems.
#include "tribo/ode/adaptive_ode.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/petsc_handles.hpp"

#include <exception>
#include <petscts.h>
#include <string>

namespace tribo {
namespace {

using OwnedTS = PetscOwner<TS, TSDestroy>;

struct Context {
  const OdeSystem *system;
  OdeResult *result;
  int samples_per_step;
  Vec work;
  const std::vector<double> *output_times;
  std::size_t next_output = 0;
  int fired = -1;
  double last_sample = -1e308;
  std::exception_ptr error; // an exception thrown inside a PETSc callback, rethrown after TSSolve
};

void record(Context &c, double t, const PetscScalar *y) {
  if (t <= c.last_sample) return; // the same instant reported twice (e.g. after an event)
  c.last_sample = t;
  c.result->sample_t.push_back(t);
  c.result->sample_y.insert(c.result->sample_y.end(), y, y + c.system->size);
}

// Callbacks: PETSc C interface. Exceptions are stored and turned into a PETSc error code here, so
// they never unwind through PETSc's frames.
PetscErrorCode rhsFunction(TS, PetscReal t, Vec U, Vec F, void *ctx) {
  auto &c = *static_cast<Context *>(ctx);
  const PetscScalar *u;
  PetscScalar *f;
  PetscCall(VecGetArrayRead(U, &u));
  PetscCall(VecGetArray(F, &f));
  try {
    c.system->rhs(t, u, f);
  } catch (...) {
    c.error = std::current_exception();
  }
  PetscCall(VecRestoreArray(F, &f));
  PetscCall(VecRestoreArrayRead(U, &u));
  return c.error ? PETSC_ERR_USER : 0;
}

PetscErrorCode eventFunction(TS, PetscReal t, Vec U, PetscScalar *g, void *ctx) {
  auto &c = *static_cast<Context *>(ctx);
  const PetscScalar *u;
  PetscCall(VecGetArrayRead(U, &u));
  try {
    c.system->events(t, u, g);
  } catch (...) {
    c.error = std::current_exception();
  }
  PetscCall(VecRestoreArrayRead(U, &u));
  return c.error ? PETSC_ERR_USER : 0;
}

PetscErrorCode postEvent(TS, PetscInt n, PetscInt list[], PetscReal, Vec, PetscBool, void *ctx) {
  auto &c = *static_cast<Context *>(ctx);
  if (n > 0 && c.fired < 0) c.fired = static_cast<int>(list[0]);
  return 0;
}

PetscErrorCode monitor(TS ts, PetscInt step, PetscReal t, Vec U, void *ctx) {
  auto &c = *static_cast<Context *>(ctx);
  // Requested output times inside the last step, from the dense output (or U itself at its end).
  const auto &times = *c.output_times;
  while (c.next_output < times.size() && times[c.next_output] <= t) {
    const PetscReal tk = times[c.next_output++];
    Vec src = U;
    if (step > 0 && tk < t) {
      PetscCall(TSInterpolate(ts, tk, c.work));
      src = c.work;
    } else if (tk < t) {
      continue; // before the start
    }
    const PetscScalar *w;
    PetscCall(VecGetArrayRead(src, &w));
    c.result->output_t.push_back(tk);
    c.result->output_y.insert(c.result->output_y.end(), w, w + c.system->size);
    PetscCall(VecRestoreArrayRead(src, &w));
  }
  if (step > 0 && c.samples_per_step > 1) {
    PetscReal t_prev;
    PetscCall(TSGetPrevTime(ts, &t_prev));
    for (int k = 1; k < c.samples_per_step; ++k) {
      const PetscReal tk = t_prev + (t - t_prev) * k / c.samples_per_step;
      if (tk <= c.last_sample) continue;
      PetscCall(TSInterpolate(ts, tk, c.work));
      const PetscScalar *w;
      PetscCall(VecGetArrayRead(c.work, &w));
      record(c, tk, w);
      PetscCall(VecRestoreArrayRead(c.work, &w));
    }
  }
  const PetscScalar *u;
  PetscCall(VecGetArrayRead(U, &u));
  record(c, t, u);
  PetscCall(VecRestoreArrayRead(U, &u));
  return 0;
}

} // namespace

OdeResult integrateOde(const OdeSystem &system, double t0, const std::vector<double> &y0,
                       const OdeOptions &options) {
  if (system.size <= 0 || static_cast<int>(y0.size()) != system.size || !system.rhs)
    throw InputError("ode: the system needs size > 0, a right-hand side and an initial state of that size");
  OdeResult result;
  OwnedVec u, work;
  TRIBO_PETSC_CALL(VecCreateSeq(PETSC_COMM_SELF, system.size, u.out()));
  TRIBO_PETSC_CALL(VecDuplicate(u, work.out()));
  {
    PetscScalar *a;
    TRIBO_PETSC_CALL(VecGetArray(u, &a));
    for (int i = 0; i < system.size; ++i)
      a[i] = y0[i];
    TRIBO_PETSC_CALL(VecRestoreArray(u, &a));
  }
  Context ctx{
      &system, &result, std::max(1, options.samples_per_step), work.get(), &options.output_times, 0, -1,
      -1e308,  nullptr};

  OwnedTS ts;
  TRIBO_PETSC_CALL(TSCreate(PETSC_COMM_SELF, ts.out()));
  TRIBO_PETSC_CALL(TSSetOptionsPrefix(ts, options.options_prefix.c_str()));
  TRIBO_PETSC_CALL(TSSetProblemType(ts, TS_NONLINEAR));
  TRIBO_PETSC_CALL(TSSetType(ts, TSRK));
  TRIBO_PETSC_CALL(TSRKSetType(ts, TSRK5DP));
  TRIBO_PETSC_CALL(TSSetRHSFunction(ts, nullptr, rhsFunction, &ctx));
  TRIBO_PETSC_CALL(TSSetTime(ts, t0));
  TRIBO_PETSC_CALL(TSSetTimeStep(ts, options.dt0));
  TRIBO_PETSC_CALL(TSSetMaxTime(ts, options.t_max));
  TRIBO_PETSC_CALL(TSSetMaxSteps(ts, options.max_steps));
  TRIBO_PETSC_CALL(TSSetExactFinalTime(ts, TS_EXACTFINALTIME_MATCHSTEP));
  TSAdapt adapt;
  TRIBO_PETSC_CALL(TSGetAdapt(ts, &adapt));
  TRIBO_PETSC_CALL(TSAdaptSetType(adapt, TSADAPTBASIC));
  OwnedVec vatol;
  TRIBO_PETSC_CALL(VecDuplicate(u, vatol.out()));
  {
    PetscScalar *a;
    TRIBO_PETSC_CALL(VecGetArray(vatol, &a));
    for (int i = 0; i < system.size; ++i)
      a[i] = options.abs_tol.empty() ? options.rel_tol * 1e-6 : options.abs_tol.at(i);
    TRIBO_PETSC_CALL(VecRestoreArray(vatol, &a));
  }
  TRIBO_PETSC_CALL(TSSetTolerances(ts, 0.0, vatol, options.rel_tol, nullptr));
  std::vector<PetscInt> direction(system.n_events, 0);
  std::vector<PetscBool> terminate(system.n_events, PETSC_TRUE);
  if (system.n_events > 0) {
    TRIBO_PETSC_CALL(TSSetEventHandler(ts, system.n_events, direction.data(), terminate.data(), eventFunction,
                                       postEvent, &ctx));
    std::vector<PetscReal> vtol(system.event_tolerance.begin(), system.event_tolerance.end());
    vtol.resize(system.n_events, 1e-12);
    TRIBO_PETSC_CALL(TSSetEventTolerances(ts, PETSC_DECIDE, vtol.data()));
  }
  TRIBO_PETSC_CALL(TSMonitorSet(ts, monitor, &ctx, nullptr));
  TRIBO_PETSC_CALL(TSSetFromOptions(ts));

  // A failing callback is reported by the exception it stored, not by PETSc's traceback print.
  TRIBO_PETSC_CALL(PetscPushErrorHandler(PetscReturnErrorHandler, nullptr));
  const PetscErrorCode ierr = TSSolve(ts, u);
  TRIBO_PETSC_CALL(PetscPopErrorHandler());
  if (ctx.error) std::rethrow_exception(ctx.error);
  TRIBO_PETSC_CALL(ierr);

  TSConvergedReason reason;
  TRIBO_PETSC_CALL(TSGetConvergedReason(ts, &reason));
  if (reason != TS_CONVERGED_EVENT && reason != TS_CONVERGED_TIME)
    throw SolverError("ode: TS stopped with reason " + std::to_string(static_cast<int>(reason)) +
                      " (step limit " + std::to_string(options.max_steps) + "?) before an event or t_max");
  PetscReal t_end;
  PetscInt steps;
  TRIBO_PETSC_CALL(TSGetSolveTime(ts, &t_end));
  TRIBO_PETSC_CALL(TSGetStepNumber(ts, &steps));
  result.t = t_end;
  result.steps = static_cast<int>(steps);
  result.event = reason == TS_CONVERGED_EVENT ? ctx.fired : -1;
  const PetscScalar *a;
  TRIBO_PETSC_CALL(VecGetArrayRead(u, &a));
  result.y.assign(a, a + system.size);
  TRIBO_PETSC_CALL(VecRestoreArrayRead(u, &a));
  return result;
}

} // namespace tribo
