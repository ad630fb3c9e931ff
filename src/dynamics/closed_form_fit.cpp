// Nelder-Mead (PETSc TAO) fit of the closed-form Coulomb model's spring force to a record (§3.3).
#include "tribo/dynamics/closed_form_fit.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/petsc_handles.hpp"
#include "tribo/dynamics/closed_form_coulomb.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <petsctao.h>

namespace tribo {

using OwnedTao = PetscOwner<Tao, TaoDestroy>;

double closedFormMisfit(const PinParameters &pin, double W, const std::vector<double> &t,
                        const std::vector<double> &spring_force, const CoulombParameters &coulomb) {
  if (t.empty()) return 0.0;
  const CoulombClosedForm model(pin, W, coulomb, t.back() * (1.0 + 1e-12) + 1e-12);
  const std::vector<double> F = model.springForce(t);
  double sum = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i)
    sum += (F[i] - spring_force[i]) * (F[i] - spring_force[i]);
  return std::sqrt(sum / static_cast<double>(t.size()));
}

namespace {

// Parameters are searched in units of `scale` around the start, so TAONM's unit initial simplex
// steps each coefficient by 0.001: a change of mu_s by 0.001 moves a slip onset by 0.001 W / (k V_o)
// (0.25 ms for the paper's parameters), small against the natural period, so the first simplex stays
// in the basin of the record's own estimates; Nelder-Mead expands it when needed.
constexpr double scale = 0.001;

struct FitContext {
  const PinParameters *pin;
  double W;
  const std::vector<double> *t, *F;
  CoulombParameters start;
  bool two_static;
  int evaluations = 0;

  CoulombParameters unpack(const PetscScalar *u) const {
    CoulombParameters c = start;
    c.mu_s_before = start.mu_s_before + scale * u[0];
    c.mu_k = start.mu_k + scale * u[1];
    c.mu_s_after = two_static ? start.mu_s_after + scale * u[2] : c.mu_s_before;
    return c;
  }
};

PetscErrorCode objective(Tao, Vec u, PetscReal *f, void *ctx_) {
  auto *ctx = static_cast<FitContext *>(ctx_);
  const PetscScalar *a;
  PetscCall(VecGetArrayRead(u, &a));
  const CoulombParameters c = ctx->unpack(a);
  PetscCall(VecRestoreArrayRead(u, &a));
  ++ctx->evaluations;
  // Outside the model's domain (mu_s < mu_k, negative mu_k, backward slip): a large, flat value
  // that Nelder-Mead simply walks away from. Exceptions must not cross PETSc's C frames.
  const double rejected = 1e3;
  if (c.mu_k < 0.0 || c.mu_s_before < c.mu_k || c.mu_s_after < c.mu_k) {
    *f = rejected;
    return 0;
  }
  try {
    *f = closedFormMisfit(*ctx->pin, ctx->W, *ctx->t, *ctx->F, c) / ctx->W;
  } catch (const std::exception &) {
    *f = rejected;
  }
  return 0;
}

ClosedFormFit nelderMead(FitContext &ctx) {
  const PetscInt n = ctx.two_static ? 3 : 2;
  OwnedVec u;
  TRIBO_PETSC_CALL(VecCreateSeq(PETSC_COMM_SELF, n, u.out()));
  TRIBO_PETSC_CALL(VecSet(u, 0.0));
  OwnedTao tao;
  TRIBO_PETSC_CALL(TaoCreate(PETSC_COMM_SELF, tao.out()));
  TRIBO_PETSC_CALL(TaoSetType(tao, TAONM));
  TRIBO_PETSC_CALL(TaoSetSolution(tao, u));
  TRIBO_PETSC_CALL(TaoSetObjective(tao, objective, &ctx));
  // TAONM's residual is f_worst - f_best of the simplex; f is the RMS misfit over W, so stop when
  // the simplex agrees to 1e-12 W or to 1e-9 of the misfit itself.
  TRIBO_PETSC_CALL(TaoSetTolerances(tao, 1e-12, 1e-9, 0.0));
  TRIBO_PETSC_CALL(TaoSetMaximumFunctionEvaluations(tao, 4000));
  TRIBO_PETSC_CALL(TaoSetOptionsPrefix(tao, "dynamics_fit_"));
  TRIBO_PETSC_CALL(TaoSetFromOptions(tao));
  TRIBO_PETSC_CALL(TaoSolve(tao));
  Vec solution;
  TRIBO_PETSC_CALL(TaoGetSolution(tao, &solution));
  const PetscScalar *a;
  TRIBO_PETSC_CALL(VecGetArrayRead(solution, &a));
  ClosedFormFit fit;
  fit.parameters = ctx.unpack(a);
  TRIBO_PETSC_CALL(VecRestoreArrayRead(solution, &a));
  fit.rms_misfit = closedFormMisfit(*ctx.pin, ctx.W, *ctx.t, *ctx.F, fit.parameters);
  return fit;
}

} // namespace

ClosedFormFit fitClosedForm(const PinParameters &pin, double W, const std::vector<double> &t,
                            const std::vector<double> &spring_force, const StickSlipSummary &summary,
                            const ClosedFormFitOptions &options) {
  if (t.size() != spring_force.size() || t.empty())
    throw InputError(fmt::format("closed-form fit: {} times but {} forces", t.size(), spring_force.size()));
  if (summary.slip_onsets.empty() || !std::isfinite(summary.mu_k))
    throw InputError(
        "closed-form fit: the record shows no macroscopic slip onset, so there is nothing to fit");

  FitContext ctx{&pin, W, &t, &spring_force, {}, options.two_static};

  std::vector<double> switch_times;
  if (!options.two_static)
    switch_times.push_back(std::numeric_limits<double>::infinity());
  else if (!std::isnan(options.switch_time))
    switch_times.push_back(options.switch_time);
  else
    for (std::size_t j = 0; j < summary.resticks.size(); ++j) {
      const double restick = summary.resticks[j];
      const auto next = std::upper_bound(summary.slip_onsets.begin(), summary.slip_onsets.end(), restick);
      switch_times.push_back(next != summary.slip_onsets.end() ? 0.5 * (restick + *next) : restick);
    }
  if (switch_times.empty()) { // two static coefficients asked for, but only one stick phase
    ctx.two_static = false;
    switch_times.push_back(std::numeric_limits<double>::infinity());
  }
  // Start from the record's own estimates: the mean mu_s of the onsets before and after the switch.
  const auto meanMuS = [&](bool after, double switch_time) {
    double sum = 0.0;
    int n = 0;
    for (std::size_t j = 0; j < summary.slip_onsets.size(); ++j)
      if ((summary.slip_onsets[j] > switch_time) == after) {
        sum += summary.mu_s[j];
        ++n;
      }
    return n > 0 ? sum / n : summary.mu_s.front();
  };

  ClosedFormFit best;
  best.rms_misfit = std::numeric_limits<double>::infinity();
  int evaluations = 0;
  for (double switch_time : switch_times) {
    const double mu_s_before = meanMuS(false, switch_time);
    const double mu_s_after = ctx.two_static ? meanMuS(true, switch_time) : mu_s_before;
    ctx.start = {mu_s_before, mu_s_after, switch_time, std::min({summary.mu_k, mu_s_before, mu_s_after})};
    ctx.evaluations = 0;
    // The misfit has kinks where the model gains or loses a stick phase, on which a simplex can
    // collapse early; restarting from the best point with a fresh simplex (the standard remedy) until
    // a restart no longer improves the misfit by 0.1 % escapes them.
    ClosedFormFit fit = nelderMead(ctx);
    for (int restart = 0; restart < 10; ++restart) {
      ctx.start = fit.parameters;
      ClosedFormFit again = nelderMead(ctx);
      const bool improved = again.rms_misfit < 0.999 * fit.rms_misfit;
      if (again.rms_misfit < fit.rms_misfit) fit = again;
      if (!improved) break;
    }
    evaluations += ctx.evaluations;
    if (fit.rms_misfit < best.rms_misfit) best = fit;
  }
  best.evaluations = evaluations;
  return best;
}

} // namespace tribo
