// Study `dynamics`: reads the pin, friction and analysis keys, runs Eq. 12, records the result (§3.3).
#include "tribo/study/dynamics_study.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/dynamics/pin_checkpoint.hpp"
#include "tribo/friction/rate_and_state.hpp"
#include "tribo/io/profile_reader.hpp"
#include "tribo/io/schema.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/friction_law_config.hpp"

#include <cmath>
#include <fmt/format.h>
#include <optional>

namespace tribo {

namespace {

/// friction: law: any law of tribo/friction/ (RateAndState with its creeping start).
void readLawFriction(const ConfigNode &root, const ConfigNode &d, DynamicsSetup &s) {
  // Any law of tribo/friction/ from the root `friction:` block (docs/friction-laws.md), N = W.
  const ConfigNode f = root.requireChild("friction");
  s.law = makeFrictionLaw(f, &s.law_parameters);
  if (const auto *rs = dynamic_cast<const RateAndState *>(s.law.get())) {
    s.friction = PinFriction::rate_state;
    // The pin starts creeping at v_i in force balance (rate_state_pin.hpp), by default aged to the
    // steady state of that creep, theta0 = D_c / v_i.
    s.rate_state_start.slip_rate =
        d.getDouble("initial_slip_rate", 1e-3 * s.pin.stage_velocity, Bounds::positive()); // v_i [m/s]
    s.rate_state_start.theta = f.getDouble("theta0", rs->D_c() / s.rate_state_start.slip_rate,
                                           Bounds::positive()); // [s]
  } else if (s.law->stateSize() > 0) {
    f.fail("law", fmt::format("{} has state variables the pin integrator does not carry", s.law->name()));
  } else {
    if (d.has("initial_slip_rate"))
      d.fail("initial_slip_rate", "only for friction.law RateAndState (other laws start at rest)");
    if (f.has("theta0"))
      f.fail("theta0", "only for friction.law RateAndState (" + s.law->name() + " has no state)");
  }
}

/// friction: profile from an earlier run's file: read, checked for a steady state, scaled.
void readProfileFile(const ConfigNode &d, DynamicsSetup &s) {
  const std::string file = d.requireString("profile_file");
  const std::string id = d.requireString("profile_case");
  const double L_x = d.requireDouble("slab_width", Bounds::positive()); // L_x [m] scales delta/L_x
  s.profile_source = file + ":" + id;
  // A file that cannot be read is bad input naming the key, not an I/O failure of the run.
  DimensionlessProfile read;
  try {
    read = readDimensionlessProfile(file, id);
  } catch (const IoError &e) {
    d.fail("profile_file",
           fmt::format("'{}' (profile_case '{}') cannot be read as a tribo result: {}", file, id, e.what()));
  }
  if (read.steady_state_reached != 1 && !s.allow_nonstationary_profile)
    d.fail("profile_file",
           fmt::format("{}:/cases/{}: {}: its periodic extension would repeat a ramp; set "
                       "dynamics.allow_nonstationary_profile: true to use it anyway",
                       file, id,
                       read.steady_state_reached == 0
                           ? "the profile has no steady state (steady_state_reached = 0: " + read.reason + ")"
                           : "the profile was written without a stationarity test (no "
                             "profile/steady_state_reached)"));
  s.profile = std::make_shared<const ProfileLookup>(readFrictionProfile(file, id, L_x, s.normal_load));
}

} // namespace

DynamicsSetup readDynamicsSetup(const ConfigNode &root, ProfileOrigin origin) {
  const ConfigNode d = root.requireChild("dynamics");
  DynamicsSetup s;
  // The spring-mass-damper of Fig. 4 (Eq. 12).
  s.pin.spring_stiffness = d.requireDouble("spring_stiffness", Bounds::positive()); // k [N/m]
  s.pin.damping_ratio = d.requireDouble("damping_ratio", Bounds::nonNegative());    // zeta [-]
  s.pin.stage_velocity = d.requireDouble("stage_velocity", Bounds::positive());     // V_o [m/s]
  s.pin.mass = d.requireDouble("mass", Bounds::positive());                         // m [kg]
  // RK4 at a fixed step (§2.2.3); the step is checked against the stability limit below.
  s.settings.time_step = d.getDouble("time_step", 1e-7, Bounds::positive());     // [s]
  s.settings.duration = d.requireDouble("duration", Bounds::positive());         // [s]
  s.settings.output_stride = d.getInt("output_stride", 100, Bounds::atLeast(1)); // keep every n-th step
  s.normal_load = root.requireChild("contact").requireDouble("load", Bounds::positive()); // W [N]

  const std::string friction = d.getChoice("friction", "", {"coulomb", "profile", "law"});
  s.friction = friction == "coulomb" ? PinFriction::coulomb
               : friction == "law"   ? PinFriction::law
                                     : PinFriction::profile;
  double extra_stiffness = 0.0;
  if (s.friction == PinFriction::coulomb) {
    s.coulomb.mu_k = d.requireDouble("mu_k", Bounds::nonNegative());
    s.coulomb.mu_s_before = d.requireDouble("mu_s", Bounds::atLeast(s.coulomb.mu_k)); // up to the switch
    s.coulomb.mu_s_after =
        d.getDouble("mu_s_after_switch", s.coulomb.mu_s_before, Bounds::atLeast(s.coulomb.mu_k));
    s.coulomb.switch_time = d.getDouble("mu_s_switch_time", INFINITY, Bounds::nonNegative()); // [s]
  } else if (s.friction == PinFriction::law) {
    readLawFriction(root, d, s);
  } else {
    s.allow_nonstationary_profile = d.getBool("allow_nonstationary_profile", false);
  }
  if (s.friction == PinFriction::profile && origin == ProfileOrigin::file) {
    readProfileFile(d, s);
    extra_stiffness = s.profile->profile().surface_stiffness;
  }
  // The stick rule of the analysis (stick_slip_analysis.hpp).
  s.detection.velocity_tolerance =
      d.getDouble("stick_speed_fraction", 0.05, Bounds::open(0.0, 1.0)) * s.pin.stage_velocity; // of V_o
  s.detection.min_duration = d.getDouble("stick_min_duration", 0.5e-3, Bounds::nonNegative());  // [s]
  const std::string fit = d.getChoice("fit", "two_static", {"none", "one_static", "two_static"});
  s.fit = fit == "none" ? PinFit::none : fit == "one_static" ? PinFit::one_static : PinFit::two_static;
  s.fit_switch_time = d.getDouble("fit_switch_time", NAN, Bounds::nonNegative()); // [s]; absent = automatic
  s.checkpoints = readCheckpointSchedule(d);                                      // counted in RK4 steps

  try {
    if (s.friction == PinFriction::rate_state)
      validateRateStateRun(s.pin, dynamic_cast<const RateAndState &>(*s.law), s.normal_load,
                           s.rate_state_start, s.settings);
    else
      validateSettings(s.pin, s.settings, extra_stiffness);
  } catch (const InputError &e) {
    d.fail("time_step", e.what());
  }
  return s;
}

void usePipelineProfile(DynamicsSetup &setup, FrictionProfile profile, const std::string &source) {
  validateProfile(profile, source);
  validateSettings(setup.pin, setup.settings, profile.surface_stiffness);
  setup.profile_source = source;
  setup.profile = std::make_shared<const ProfileLookup>(std::move(profile));
}

FrictionProfile readFrictionProfile(const std::string &file, const std::string &case_id, double L_x,
                                    double W) {
  const DimensionlessProfile d = readDimensionlessProfile(file, case_id);
  FrictionProfile profile =
      scaleProfile(d.delta_over_Lx, d.F_over_W, d.K_Lx_over_W, d.steady_state_start_over_Lx, L_x, W);
  validateProfile(profile, fmt::format("{}:/cases/{}/profile", file, case_id));
  return profile;
}

namespace {

void writeTrajectory(const PinRunResult &r, CaseRecord &record) {
  namespace k = schema;
  const PinTrajectory &tr = r.trajectory;
  put(record, k::dynamics_t, tr.t);
  put(record, k::dynamics_x, tr.x);
  put(record, k::dynamics_v, tr.v);
  put(record, k::dynamics_F_spring, tr.spring_force);
  put(record, k::dynamics_F_friction, tr.friction_force);
  if (!tr.theta.empty()) put(record, k::dynamics_theta, tr.theta);
  put(record, k::dynamics_steps, tr.steps);
  put(record, k::dynamics_work_driving, tr.work_driving.back());
  put(record, k::dynamics_work_friction, tr.work_friction.back());
  put(record, k::dynamics_kinetic_energy, r.kinetic_energy);
  if (r.rate_state) put(record, k::dynamics_initial_kinetic_energy, r.initial_kinetic_energy);
  put(record, k::dynamics_energy_balance_error, r.energy_balance_error);
}

void writeRateState(const DynamicsSetup &s, const PinRunResult &r, CaseRecord &record) {
  namespace k = schema;
  put(record, k::dynamics_initial_slip_rate, s.rate_state_start.slip_rate);
  put(record, k::dynamics_theta0, s.rate_state_start.theta);
  put(record, k::dynamics_initial_position, r.trajectory.x.front());
  put(record, k::dynamics_steady_state_mu, r.rate_state->steady_state_mu);
  put(record, k::dynamics_quasi_static_critical_stiffness, r.rate_state->quasi_static_critical_stiffness);
  put(record, k::dynamics_critical_stiffness, r.rate_state->critical_stiffness);
  put(record, k::dynamics_stability_limit, r.trajectory.stability_limit);
  put(record, k::dynamics_steady_sliding_stability_limit, r.rate_state->steady_sliding_stability_limit);
}

void writeAnalysisAndFit(const DynamicsSetup &s, const PinRunResult &r, CaseRecord &record) {
  namespace k = schema;
  put(record, k::dynamics_stick_speed_tolerance, s.detection.velocity_tolerance);
  put(record, k::dynamics_stick_min_duration, s.detection.min_duration);
  putList(record, k::dynamics_slip_onset_times, r.summary.slip_onsets);
  putList(record, k::dynamics_restick_times, r.summary.resticks);
  if (!r.summary.mu_s.empty()) put(record, k::dynamics_mu_s, r.summary.mu_s);
  put(record, k::dynamics_mu_k, r.summary.mu_k);
  put(record, k::dynamics_sliding_time, r.summary.sliding_time);
  if (r.fit) {
    const CoulombParameters &c = r.fit->parameters;
    put(record, k::dynamics_fit_mu_s, c.mu_s_before);
    put(record, k::dynamics_fit_mu_s_after_switch, c.mu_s_after);
    put(record, k::dynamics_fit_switch_time, c.switch_time);
    put(record, k::dynamics_fit_mu_k, c.mu_k);
    put(record, k::dynamics_fit_rms_misfit, r.fit->rms_misfit);
    put(record, k::dynamics_fit_evaluations, static_cast<long long>(r.fit->evaluations));
    put(record, k::dynamics_x_fit, r.x_fit);
    put(record, k::dynamics_v_fit, r.v_fit);
    put(record, k::dynamics_F_spring_fit, r.F_spring_fit);
  }
  put(record, k::dynamics_fit, r.fit_status);
}

} // namespace

RunCheckpoints pinCheckpoints(const DynamicsSetup &setup, CaseCheckpoint &checkpoint, const CaseRecord *saved,
                              MPI_Comm comm, const std::string &id) {
  // A look at the clock is a broadcast: every 2^14 steps of ~0.1 us, a timed checkpoint is late by ~ms.
  constexpr long long clock_stride = 1 << 14;
  if (saved)
    print(comm, "  {}: resumed from its checkpoint at step {}/{} of the pin\n", id, savedPinSteps(*saved),
          stepCount(setup.settings));
  return checkpoint.forLoop(setup.checkpoints, saved, clock_stride);
}

void runDynamics(const DynamicsSetup &s, CaseRecord &record, const RunCheckpoints &checkpoints) {
  const PinRunResult r = runPin(s, checkpoints);
  const LogStageScope stage(schema::outputStage());
  writeTrajectory(r, record);
  put(record, schema::dynamics_damping_force, s.pin.damping() * s.pin.stage_velocity); // c V_o [N]
  put(record, schema::dynamics_natural_frequency, s.pin.naturalFrequency());
  if (r.rate_state) writeRateState(s, r, record);
  // Lists of event times are written only when not empty (an empty HDF5 attribute cannot be
  // written); the counts n_<name> are always there.
  if (r.event_slip_onsets) {
    putList(record, schema::dynamics_event_slip_onset_times, *r.event_slip_onsets);
    putList(record, schema::dynamics_event_restick_times, *r.event_resticks);
  }
  writeAnalysisAndFit(s, r, record);
}

std::vector<CasePlan> buildDynamicsStudy(const ConfigNode &root) {
  auto setup = std::make_shared<const DynamicsSetup>(readDynamicsSetup(root));
  const DynamicsSetup &s = *setup;
  CasePlan plan;
  plan.id = s.friction == PinFriction::coulomb   ? "dynamics-coulomb"
            : s.friction == PinFriction::profile ? "dynamics-profile-" + s.profile_source
                                                 : "dynamics-" + s.law->name();
  for (char &ch : plan.id)
    if (ch == '/' || ch == ':') ch = '_';
  plan.parameters = {{"spring_stiffness", s.pin.spring_stiffness},
                     {"damping_ratio", s.pin.damping_ratio},
                     {"stage_velocity", s.pin.stage_velocity},
                     {"mass", s.pin.mass},
                     {"time_step", s.settings.time_step},
                     {"duration", s.settings.duration},
                     {"output_stride", s.settings.output_stride},
                     {"load", s.normal_load},
                     {"friction", std::string(pinFrictionName(s.friction))}};
  if (s.friction == PinFriction::coulomb) {
    plan.parameters["mu_s"] = s.coulomb.mu_s_before;
    plan.parameters["mu_s_after_switch"] = s.coulomb.mu_s_after;
    plan.parameters["mu_s_switch_time"] = s.coulomb.switch_time;
    plan.parameters["mu_k"] = s.coulomb.mu_k;
  } else if (s.friction != PinFriction::profile) {
    for (const auto &[key, value] : s.law_parameters)
      plan.parameters["friction." + key] = value; // friction.law, friction.a, ...
    if (s.law->stateSize() > 0) {
      plan.parameters["initial_slip_rate"] = s.rate_state_start.slip_rate;
      plan.parameters["friction.theta0"] = s.rate_state_start.theta;
    }
  } else {
    plan.parameters["profile"] = s.profile_source;
    plan.parameters["surface_stiffness"] = s.profile->profile().surface_stiffness;
  }
  plan.cost = s.settings.duration / s.settings.time_step;
  // Serial physics: every rank of the case's group computes the same (cheap) run; rank 0's is written.
  plan.run = [setup, plan_id = plan.id](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &checkpoint) {
    const std::string &id = record.caseId().empty() ? plan_id : record.caseId();
    const std::optional<CaseRecord> saved = checkpoint.last();
    runDynamics(*setup, record, pinCheckpoints(*setup, checkpoint, saved ? &*saved : nullptr, comm, id));
  };
  return {plan};
}

} // namespace tribo
