// Study `dynamics`: reads the pin, friction and analysis keys, runs Eq. 12, records the result (§3.3).
#include "tribo/study/dynamics_study.hpp"

#include "tribo/core/error.hpp"
#include "tribo/dynamics/closed_form_coulomb.hpp"
#include "tribo/friction/rate_and_state.hpp"
#include "tribo/io/profile_reader.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/friction_law_config.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

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

  s.friction = d.getChoice("friction", "", {"coulomb", "profile", "law"});
  double extra_stiffness = 0.0;
  if (s.friction == "coulomb") {
    s.coulomb.mu_k = d.requireDouble("mu_k", Bounds::nonNegative());
    s.coulomb.mu_s_before = d.requireDouble("mu_s", Bounds::atLeast(s.coulomb.mu_k)); // up to the switch
    s.coulomb.mu_s_after =
        d.getDouble("mu_s_after_switch", s.coulomb.mu_s_before, Bounds::atLeast(s.coulomb.mu_k));
    s.coulomb.switch_time = d.getDouble("mu_s_switch_time", INFINITY, Bounds::nonNegative()); // [s]
  } else if (s.friction == "law") {
    // Any law of tribo/friction/ from the root `friction:` block (docs/friction-laws.md), N = W.
    const ConfigNode f = root.requireChild("friction");
    s.law = makeFrictionLaw(f, &s.law_parameters);
    if (const auto *rs = dynamic_cast<const RateAndState *>(s.law.get())) {
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
  } else if (s.friction == "profile") {
    s.allow_nonstationary_profile = d.getBool("allow_nonstationary_profile", false);
  }
  if (s.friction == "profile" && origin == ProfileOrigin::file) {
    const std::string file = d.requireString("profile_file");
    const std::string id = d.requireString("profile_case");
    const double L_x = d.requireDouble("slab_width", Bounds::positive()); // L_x [m] scales delta/L_x
    s.profile_source = file + ":" + id;
    // A file that cannot be read is bad input naming the key, not an I/O failure of the run.
    DimensionlessProfile read;
    try {
      read = readDimensionlessProfile(file, id);
    } catch (const IoError &e) {
      d.fail("profile_file", fmt::format("'{}' (profile_case '{}') cannot be read as a tribo result: {}",
                                         file, id, e.what()));
    }
    if (read.steady_state_reached != 1 && !s.allow_nonstationary_profile)
      d.fail("profile_file", fmt::format("{}:/cases/{}: {}: its periodic extension would repeat a ramp; set "
                                         "dynamics.allow_nonstationary_profile: true to use it anyway",
                                         file, id,
                                         read.steady_state_reached == 0
                                             ? "the profile has no steady state (steady_state_reached = 0: " +
                                                   read.reason + ")"
                                             : "the profile was written without a stationarity test (no "
                                               "profile/steady_state_reached)"));
    s.profile = std::make_shared<const ProfileLookup>(readFrictionProfile(file, id, L_x, s.normal_load));
    extra_stiffness = s.profile->profile().surface_stiffness;
  }
  // The stick rule of the analysis (stick_slip_analysis.hpp).
  s.detection.velocity_tolerance =
      d.getDouble("stick_speed_fraction", 0.05, Bounds::open(0.0, 1.0)) * s.pin.stage_velocity; // of V_o
  s.detection.min_duration = d.getDouble("stick_min_duration", 0.5e-3, Bounds::nonNegative());  // [s]
  s.fit = d.getChoice("fit", "two_static", {"none", "one_static", "two_static"});
  s.fit_switch_time = d.getDouble("fit_switch_time", NAN, Bounds::nonNegative()); // [s]; absent = automatic

  try {
    if (const auto *rs = dynamic_cast<const RateAndState *>(s.law.get()))
      validateRateStateRun(s.pin, *rs, s.normal_load, s.rate_state_start, s.settings);
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

void runDynamics(const DynamicsSetup &s, CaseRecord &record) {
  const PinParameters &pin = s.pin;
  const double W = s.normal_load;
  const auto *rate_state = dynamic_cast<const RateAndState *>(s.law.get());
  PinTrajectory r;
  if (s.friction == "coulomb")
    r = integratePinStickSlip(pin, coulombLaw(s.coulomb, W), s.settings);
  else if (rate_state)
    r = integratePinRateState(pin, *rate_state, W, s.rate_state_start, s.settings);
  else if (s.friction == "law")
    r = integratePinStickSlip(pin, stickSlipLaw(s.law, W), s.settings);
  else
    r = integratePinProfile(pin, s.profile, s.settings);
  record.dataset("dynamics/t", r.t, "s");
  record.dataset("dynamics/x", r.x, "m");
  record.dataset("dynamics/v", r.v, "m/s");
  record.dataset("dynamics/F_spring", r.spring_force, "N");
  record.dataset("dynamics/F_friction", r.friction_force, "N");
  if (!r.theta.empty()) record.dataset("dynamics/theta", r.theta, "s");

  const std::string g = "dynamics";
  record.attribute(g, "damping_force", pin.damping() * pin.stage_velocity); // c V_o [N]
  record.attribute(g, "natural_frequency", pin.naturalFrequency());
  record.attribute(g, "steps", r.steps);
  // Energy balance (docs/dynamics.md): work of spring + damper = change of kinetic energy + friction
  // work (the rate-and-state pin starts creeping, the others at rest).
  const double ke = 0.5 * pin.mass * r.v.back() * r.v.back();
  const double ke0 = 0.5 * pin.mass * r.v.front() * r.v.front();
  record.attribute(g, "work_driving", r.work_driving.back());
  record.attribute(g, "work_friction", r.work_friction.back());
  record.attribute(g, "kinetic_energy", ke);
  if (rate_state) record.attribute(g, "initial_kinetic_energy", ke0);
  record.attribute(g, "energy_balance_error", r.work_driving.back() - (ke - ke0) - r.work_friction.back());
  if (rate_state) { // docs/dynamics.md §9
    const double V = pin.stage_velocity;
    record.attribute(g, "initial_slip_rate", s.rate_state_start.slip_rate);
    record.attribute(g, "theta0", s.rate_state_start.theta);
    record.attribute(g, "initial_position", r.x.front());
    record.attribute(g, "steady_state_mu", rate_state->mu(V, rate_state->steadyStateTheta(V)));
    record.attribute(g, "quasi_static_critical_stiffness",
                     W * (rate_state->b() - rate_state->a()) / rate_state->D_c());
    record.attribute(g, "critical_stiffness", rateStateCriticalStiffness(pin, *rate_state, W));
    record.attribute(g, "stability_limit", r.stability_limit);
    record.attribute(g, "steady_sliding_stability_limit",
                     rateStateStabilityLimit(pin, *rate_state, W, V, rate_state->steadyStateTheta(V)));
  }
  // Lists of event times are written only when not empty (an empty HDF5 attribute cannot be
  // written); the counts n_<name> are always there.
  const auto list = [&](const std::string &name, const std::vector<double> &values) {
    record.attribute(g, "n_" + name, static_cast<long long>(values.size()));
    if (!values.empty()) record.attribute(g, name, values);
  };
  if (s.friction == "coulomb" || (s.friction == "law" && !rate_state)) { // the stick/slip integrator's events
    std::vector<double> onsets, resticks;
    for (const PinEvent &e : r.events)
      (e.kind == PinEventKind::slip_onset ? onsets : resticks).push_back(e.t);
    list("event_slip_onset_times", onsets);
    list("event_restick_times", resticks);
  }

  const StickSlipSummary summary = analyseStickSlip(r, pin, W, s.detection);
  record.attribute(g, "stick_speed_tolerance", s.detection.velocity_tolerance);
  record.attribute(g, "stick_min_duration", s.detection.min_duration);
  list("slip_onset_times", summary.slip_onsets);
  list("restick_times", summary.resticks);
  if (!summary.mu_s.empty()) record.attribute(g, "mu_s", summary.mu_s);
  record.attribute(g, "mu_k", summary.mu_k);
  record.attribute(g, "sliding_time", summary.sliding_time);

  std::string fit_status = s.fit;
  if (s.fit != "none" && rate_state)
    fit_status = "skipped: the closed form starts at rest with the spring unstretched; the rate-and-state "
                 "pin starts creeping with the spring pre-loaded";
  else if (s.fit != "none" && summary.slip_onsets.empty())
    fit_status = "skipped: no macroscopic slip";
  else if (s.fit != "none" && !(pin.damping_ratio < 1.0))
    fit_status = "skipped: closed form needs zeta < 1";
  else if (s.fit != "none") {
    ClosedFormFitOptions options;
    options.two_static = s.fit == "two_static";
    options.switch_time = s.fit_switch_time;
    const ClosedFormFit fit = fitClosedForm(pin, W, r.t, r.spring_force, summary, options);
    const CoulombParameters &c = fit.parameters;
    record.attribute(g, "fit_mu_s", c.mu_s_before);
    record.attribute(g, "fit_mu_s_after_switch", c.mu_s_after);
    record.attribute(g, "fit_switch_time", c.switch_time);
    record.attribute(g, "fit_mu_k", c.mu_k);
    record.attribute(g, "fit_rms_misfit", fit.rms_misfit);
    record.attribute(g, "fit_evaluations", static_cast<long long>(fit.evaluations));
    const CoulombClosedForm model(pin, W, c, r.t.back() * (1.0 + 1e-12) + 1e-12);
    std::vector<double> x, v, F;
    for (double t : r.t) {
      const auto m = model.at(t);
      x.push_back(m.x);
      v.push_back(m.v);
      F.push_back(m.spring_force);
    }
    record.dataset("dynamics/x_fit", x, "m");
    record.dataset("dynamics/v_fit", v, "m/s");
    record.dataset("dynamics/F_spring_fit", F, "N");
  }
  record.attribute(g, "fit", fit_status);
}

std::vector<CasePlan> buildDynamicsStudy(const ConfigNode &root) {
  auto setup = std::make_shared<const DynamicsSetup>(readDynamicsSetup(root));
  const DynamicsSetup &s = *setup;
  CasePlan plan;
  plan.id = s.friction == "coulomb" ? "dynamics-coulomb"
            : s.friction == "law"   ? "dynamics-" + s.law->name()
                                    : "dynamics-profile-" + s.profile_source;
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
                     {"friction", s.friction}};
  if (s.friction == "coulomb") {
    plan.parameters["mu_s"] = s.coulomb.mu_s_before;
    plan.parameters["mu_s_after_switch"] = s.coulomb.mu_s_after;
    plan.parameters["mu_s_switch_time"] = s.coulomb.switch_time;
    plan.parameters["mu_k"] = s.coulomb.mu_k;
  } else if (s.friction == "law") {
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
  plan.run = [setup](MPI_Comm, CaseRecord &record) { runDynamics(*setup, record); };
  return {plan};
}

} // namespace tribo
