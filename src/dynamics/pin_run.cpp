// The stage-driven pin (Eq. 12): integration, stick-slip analysis and closed-form fit (§3.3).
#include "tribo/dynamics/pin_run.hpp"

#include "tribo/core/log_stage.hpp"
#include "tribo/dynamics/closed_form_coulomb.hpp"
#include "tribo/friction/rate_and_state.hpp"

namespace tribo {

namespace {

const RateAndState &rateState(const PinRun &run) {
  return dynamic_cast<const RateAndState &>(*run.law);
}

PinTrajectory integrate(const PinRun &run, const RunCheckpoints &checkpoints) {
  const double W = run.normal_load;
  switch (run.friction) {
  case PinFriction::coulomb:
    return integratePinStickSlip(run.pin, coulombLaw(run.coulomb, W), run.settings, checkpoints);
  case PinFriction::rate_state:
    return integratePinRateState(run.pin, rateState(run), W, run.rate_state_start, run.settings, checkpoints);
  case PinFriction::law:
    return integratePinStickSlip(run.pin, stickSlipLaw(run.law, W), run.settings, checkpoints);
  case PinFriction::profile:
    break;
  }
  return integratePinProfile(run.pin, run.profile, run.settings, 0.0, checkpoints);
}

RateStateNumbers rateStateNumbers(const PinRun &run) {
  const RateAndState &rs = rateState(run);
  const double W = run.normal_load, V = run.pin.stage_velocity, theta_ss = rs.steadyStateTheta(V);
  RateStateNumbers n;
  n.steady_state_mu = rs.mu(V, theta_ss);
  n.quasi_static_critical_stiffness = W * (rs.b() - rs.a()) / rs.D_c();
  n.critical_stiffness = rateStateCriticalStiffness(run.pin, rs, W);
  n.steady_sliding_stability_limit = rateStateStabilityLimit(run.pin, rs, W, V, theta_ss);
  return n;
}

/// The closed form fitted to the spring force, when it applies; fit_status says why not otherwise.
void addClosedFormFit(const PinRun &run, PinRunResult &r) {
  const PinTrajectory &tr = r.trajectory;
  r.fit_status = pinFitName(run.fit);
  if (run.fit == PinFit::none) return;
  if (run.friction == PinFriction::rate_state) {
    r.fit_status = "skipped: the closed form starts at rest with the spring unstretched; the rate-and-state "
                   "pin starts creeping with the spring pre-loaded";
    return;
  }
  if (r.summary.slip_onsets.empty()) {
    r.fit_status = "skipped: no macroscopic slip";
    return;
  }
  if (!(run.pin.damping_ratio < 1.0)) {
    r.fit_status = "skipped: closed form needs zeta < 1";
    return;
  }
  ClosedFormFitOptions options;
  options.two_static = run.fit == PinFit::two_static;
  options.switch_time = run.fit_switch_time;
  r.fit = fitClosedForm(run.pin, run.normal_load, tr.t, tr.spring_force, r.summary, options);
  const CoulombClosedForm model(run.pin, run.normal_load, r.fit->parameters,
                                tr.t.back() * (1.0 + 1e-12) + 1e-12);
  for (double t : tr.t) {
    const auto m = model.at(t);
    r.x_fit.push_back(m.x);
    r.v_fit.push_back(m.v);
    r.F_spring_fit.push_back(m.spring_force);
  }
}

} // namespace

const char *pinFrictionName(PinFriction f) {
  switch (f) {
  case PinFriction::coulomb:
    return "coulomb";
  case PinFriction::profile:
    return "profile";
  case PinFriction::law:
  case PinFriction::rate_state:
    break;
  }
  return "law";
}

const char *pinFitName(PinFit f) {
  switch (f) {
  case PinFit::none:
    return "none";
  case PinFit::one_static:
    return "one_static";
  case PinFit::two_static:
    break;
  }
  return "two_static";
}

PinRunResult runPin(const PinRun &run, const RunCheckpoints &checkpoints) {
  const LogStageScope stage(logStage("Dynamics"));
  PinRunResult r;
  r.trajectory = integrate(run, checkpoints);
  const PinTrajectory &tr = r.trajectory;
  // Energy balance (docs/dynamics.md): work of spring + damper = change of kinetic energy + friction
  // work (the rate-and-state pin starts creeping, the others at rest).
  const double m = run.pin.mass;
  r.kinetic_energy = 0.5 * m * tr.v.back() * tr.v.back();
  r.initial_kinetic_energy = 0.5 * m * tr.v.front() * tr.v.front();
  r.energy_balance_error =
      tr.work_driving.back() - (r.kinetic_energy - r.initial_kinetic_energy) - tr.work_friction.back();
  if (run.friction == PinFriction::rate_state) r.rate_state = rateStateNumbers(run);
  if (run.friction == PinFriction::coulomb || run.friction == PinFriction::law) {
    r.event_slip_onsets.emplace(), r.event_resticks.emplace();
    for (const PinEvent &e : tr.events)
      (e.kind == PinEventKind::slip_onset ? *r.event_slip_onsets : *r.event_resticks).push_back(e.t);
  }
  r.summary = analyseStickSlip(tr, run.pin, run.normal_load, run.detection);
  addClosedFormFit(run, r);
  return r;
}

} // namespace tribo
