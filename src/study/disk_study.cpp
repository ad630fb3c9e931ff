// Study `disk`: reads the disk block and plans curves, trajectory and analysis cases (disk paper).
#include "tribo/study/disk_study.hpp"

#include "tribo/core/error.hpp"
#include "tribo/disk/fixed_point.hpp"
#include "tribo/io/schema.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/friction_law_config.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <memory>

namespace tribo {

std::string pressureKindName(PressureKind kind) {
  switch (kind) {
  case PressureKind::uniform:
    return "uniform";
  case PressureKind::hertz:
    return "hertz";
  case PressureKind::annulus:
    return "annulus";
  case PressureKind::table:
    break;
  }
  return "table";
}

namespace {

DiskPressureSetup readPressure(const ConfigNode &node, double radius) {
  DiskPressureSetup s;
  const std::string kind = node.getChoice("kind", "uniform", {"uniform", "hertz", "annulus", "table"});
  s.kind = kind == "uniform"   ? PressureKind::uniform
           : kind == "hertz"   ? PressureKind::hertz
           : kind == "annulus" ? PressureKind::annulus
                               : PressureKind::table;
  s.label = kind;
  if (s.kind == PressureKind::uniform) {
    s.profile = PressureProfile::uniform();
  } else if (s.kind == PressureKind::hertz) {
    s.profile = PressureProfile::hertz();
  } else if (s.kind == PressureKind::annulus) {
    // The CD: a 1.5 cm hole (radius 0.75 cm) in a 6 cm disk.
    s.inner_radius = node.requireDouble("inner_radius", Bounds::closedOpen(0.0, radius)); // [m]
    s.profile = PressureProfile::annulus(s.inner_radius / radius);
  } else {
    // Tabulated p(r): r [m] in [0, R] strictly increasing, p [Pa] >= 0 (any scale), linear between.
    const std::vector<double> r = node.requireDoubleList("r", Bounds::closed(0.0, radius));
    const std::vector<double> p = node.requireDoubleList("p", Bounds::nonNegative());
    if (r.size() != p.size()) node.fail("p", fmt::format("has {} values but r has {}", p.size(), r.size()));
    std::vector<double> rho(r.size());
    for (std::size_t i = 0; i < r.size(); ++i)
      rho[i] = r[i] / radius;
    try {
      s.profile = PressureProfile::table(rho, p);
    } catch (const InputError &e) {
      node.fail("p", e.what());
    }
  }
  return s;
}

void uniqueLabels(std::vector<DiskPressureSetup> &pressures) {
  std::map<PressureKind, int> count, seen;
  for (const auto &p : pressures)
    ++count[p.kind];
  for (auto &p : pressures)
    if (count[p.kind] > 1) p.label = fmt::format("{}-{}", pressureKindName(p.kind), ++seen[p.kind]);
}

std::string idNumber(double v) {
  return fmt::format("{:.6g}", v);
}

void runCurves(const DiskSetup &s, const DiskPressureSetup &p, CaseRecord &record) {
  const FrictionCurve curve = makeFrictionCurve(p.profile, s.quadrature);
  const double kappa = s.body.inertia_factor;
  std::vector<double> F, T, f;
  F.reserve(s.eps.size());
  for (double eps : s.eps) {
    const ForceTorque ft = curve(eps);
    F.push_back(ft.F);
    T.push_back(ft.T);
    // Eq. 6; at eps = 0 the limit is 0 (F = 0, T > 0).
    f.push_back(fixedPointRhs(ft, eps, kappa));
  }
  put(record, schema::disk_eps, s.eps);
  put(record, schema::disk_F, F);
  put(record, schema::disk_T, T);
  put(record, schema::disk_f, f);
  const FixedPoint fp = findFixedPoint(curve, kappa);
  put(record, schema::disk_eps0, fp.eps0);
  put(record, schema::disk_eps0_slope, fp.slope);
  put(record, schema::disk_eps0_interior, static_cast<long long>(fp.interior));
  put(record, schema::disk_eps0_residual, fp.residual);
  put(record, schema::disk_pressure, pressureKindName(p.kind));
  const ForceTorque at1 = curve(1.0);
  put(record, schema::disk_F_at_1, at1.F);
  put(record, schema::disk_T_at_1, at1.T);
  put(record, schema::disk_T_at_0, curve(0.0).T);
  put(record, schema::disk_inertia_factor, kappa);
  if (p.kind == PressureKind::uniform) {
    // The contact quadrature against the closed forms on the same grid (docs/reproduction-disk.md).
    double worst = 0.0;
    for (std::size_t i = 0; i < s.eps.size(); ++i) {
      if (s.eps[i] == 0.0) continue;
      const ForceTorque q = contactForceTorque(p.profile, s.eps[i], s.quadrature);
      worst = std::max({worst, std::abs(q.F - F[i]) / F[i], std::abs(q.T - T[i]) / T[i]});
    }
    put(record, schema::disk_quadrature_max_rel_deviation, worst);
  }
}

/// The samples of a motion to the stop, datasets of trajectory/.
void recordTrajectorySamples(const Trajectory &tr, CaseRecord &record) {
  put(record, schema::trajectory_t, tr.t);
  put(record, schema::trajectory_v, tr.v);
  put(record, schema::trajectory_omega, tr.omega);
  put(record, schema::trajectory_eps, tr.eps);
  put(record, schema::trajectory_distance, tr.distance);
  put(record, schema::trajectory_angle, tr.angle);
}

/// The scalar results of a motion to the stop, as attributes of trajectory/.
void writeTrajectorySummary(const Trajectory &tr, const DiskInitialCondition &ic, double radius,
                            CaseRecord &record) {
  put(record, schema::trajectory_stop_time, tr.stop_time);
  put(record, schema::trajectory_final_eps, tr.final_eps);
  put(record, schema::trajectory_initial_eps,
      ic.omega0 > 0.0 ? ic.v0 / (radius * ic.omega0) : std::numeric_limits<double>::infinity());
  put(record, schema::trajectory_switch_time, tr.switch_time);
  put(record, schema::trajectory_stop_distance, tr.stop_distance);
  put(record, schema::trajectory_stop_angle, tr.stop_angle);
  put(record, schema::trajectory_steps_time, static_cast<long long>(tr.steps_time));
  put(record, schema::trajectory_steps_log, static_cast<long long>(tr.steps_log));
  put(record, schema::trajectory_kind,
      std::string(tr.kind == Trajectory::Kind::mixed          ? "mixed"
                  : tr.kind == Trajectory::Kind::pure_sliding ? "pure_sliding"
                                                              : "pure_spinning"));
}

void runTrajectory(const DiskSetup &s, const DiskInitialCondition &ic, CaseRecord &record) {
  const FrictionCurve curve = makeFrictionCurve(s.trajectory_pressure.profile, s.quadrature);
  const DiskBody &b = s.body;
  const Trajectory tr = integrateMotion(curve, b, ic.v0, ic.omega0, s.motion);
  recordTrajectorySamples(tr, record);
  // The paper's dimensionless variables (before Eq. 4), for Fig. 3.
  auto scaled = [](const std::vector<double> &x, double scale) {
    std::vector<double> y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      y[i] = x[i] / scale;
    return y;
  };
  put(record, schema::trajectory_t_star, scaled(tr.t, b.timeScale()));
  put(record, schema::trajectory_v_star, scaled(tr.v, b.velocityScale()));
  put(record, schema::trajectory_omega_star, scaled(tr.omega, b.angularVelocityScale()));
  writeTrajectorySummary(tr, ic, b.radius, record);
  put(record, schema::trajectory_pressure, pressureKindName(s.trajectory_pressure.kind));
  put(record, schema::trajectory_stop_time_star, tr.stop_time / b.timeScale());
}

void runAnalysis(const DiskSetup &s, CaseRecord &record) {
  const DiskAnalysisSetup &a = s.analysis;
  const FrictionCurve curve = makeFrictionCurve(s.trajectory_pressure.profile, s.quadrature);
  const ThrowSeries t = simulateThrows(curve, s.body, a, s.motion);
  put(record, schema::analysis_n, t.n);
  put(record, schema::analysis_mu, t.mu);
  put(record, schema::analysis_eps, t.eps);
  put(record, schema::analysis_F, t.F);
  put(record, schema::analysis_T, t.T);
  put(record, schema::analysis_F_constant_mu, t.F_constant_mu);
  put(record, schema::analysis_T_constant_mu, t.T_constant_mu);
  put(record, schema::analysis_F_theory, t.F_theory);
  put(record, schema::analysis_T_theory, t.T_theory);
  put(record, schema::analysis_max_rel_error, t.max_rel_error);
  put(record, schema::analysis_mu0, a.drift.mu0);
  put(record, schema::analysis_mu_per_throw, a.drift.per_throw);
}

// eps at time t of a trajectory, linear between its samples (NaN before the start).
double epsAt(const Trajectory &tr, double t) {
  if (!(t >= 0.0)) return std::numeric_limits<double>::quiet_NaN();
  const auto it = std::upper_bound(tr.t.begin(), tr.t.end(), t);
  if (it == tr.t.begin()) return tr.eps.front();
  if (it == tr.t.end()) return tr.eps.back();
  const std::size_t i = static_cast<std::size_t>(it - tr.t.begin());
  const double s = (t - tr.t[i - 1]) / (tr.t[i] - tr.t[i - 1]);
  return tr.eps[i - 1] + s * (tr.eps[i] - tr.eps[i - 1]);
}

void runVelocityLaw(const DiskSetup &s, const DiskInitialCondition &ic, CaseRecord &record) {
  const DiskVelocityLawSetup &L = s.velocity_law;
  const DiskBody &b = s.body;
  const LocalFrictionContact contact(L.law, L.pressure.profile, b.radius, b.mass * b.g, L.quadrature);
  const Trajectory tr = integrateMotion(contact, b, ic.v0, ic.omega0, L.motion);
  recordTrajectorySamples(tr, record);
  writeTrajectorySummary(tr, ic, b.radius, record);
  put(record, schema::trajectory_pressure, pressureKindName(L.pressure.kind));
  for (const auto &[name, value] : L.law_parameters)
    record.attribute("friction_law", name, value);

  // Where every mixed trajectory must end (docs/disk.md 7.4): eps0 of the law at vanishing speeds.
  const FixedPoint slow =
      findFixedPoint([&](double eps) { return contact.slowLimit(eps); }, b.inertia_factor);
  put(record, schema::velocity_law_eps0_slow, slow.eps0);
  put(record, schema::velocity_law_eps0_slow_slope, slow.slope);
  put(record, schema::velocity_law_eps0_slow_interior, static_cast<long long>(slow.interior));
  // What a camera would see one frame before the stop.
  put(record, schema::velocity_law_frame_before_stop, L.frame_before_stop);
  put(record, schema::velocity_law_eps_frame_before_stop, epsAt(tr, tr.stop_time - L.frame_before_stop));
  // The moving target: eps0 with the spin frozen, on a log grid of omega below omega0.
  if (tr.kind == Trajectory::Kind::mixed && L.frozen_points > 0) {
    std::vector<double> omega, eps0;
    for (int i = 0; i < L.frozen_points; ++i) {
      const double frac = L.frozen_points > 1 ? static_cast<double>(i) / (L.frozen_points - 1) : 0.0;
      omega.push_back(ic.omega0 * std::pow(L.frozen_omega_ratio, frac));
      eps0.push_back(frozenFixedPoint(contact, omega.back(), b.inertia_factor).eps0);
    }
    put(record, schema::velocity_law_frozen_omega, omega);
    put(record, schema::velocity_law_frozen_eps0, eps0);
  }
}

/// Trajectories (Fig. 3): the pressure, the motion's tolerances, one case per initial condition.
void readTrajectories(const ConfigNode &t, DiskSetup &s) {
  s.trajectory_pressure = readPressure(t.child("pressure"), s.body.radius);
  s.motion.rel_tol = t.getDouble("rel_tol", 1e-10, Bounds::closed(1e-14, 1e-3));
  s.motion.switch_ratio = t.getDouble("switch_ratio", 1e-2, Bounds::open(0.0, 1.0));
  s.motion.end_ratio = t.getDouble("end_ratio", 1e-30, Bounds::open(0.0, s.motion.switch_ratio));
  s.motion.samples_per_step = static_cast<int>(t.getInt("samples_per_step", 4, Bounds::closed(1, 100)));
  for (const ConfigNode &ic : t.childList("initial")) {
    DiskInitialCondition x;
    if (ic.has("v_star") || ic.has("omega_star")) {
      // Dimensionless (Fig. 3): v = v* mu sqrt(R g), omega = omega* mu sqrt(g/R).
      x.v0 = ic.getDouble("v_star", 0.0, Bounds::nonNegative()) * s.body.velocityScale();
      x.omega0 = ic.getDouble("omega_star", 0.0, Bounds::nonNegative()) * s.body.angularVelocityScale();
    } else {
      x.v0 = ic.getDouble("v0", 0.0, Bounds::nonNegative());         // [m/s]
      x.omega0 = ic.getDouble("omega0", 0.0, Bounds::nonNegative()); // [rad/s]
    }
    if (x.v0 == 0.0 && x.omega0 == 0.0)
      ic.fail(
          ic.has("v_star") || ic.has("omega_star") ? "v_star" : "v0",
          "both initial speeds are zero: the disk does not move (allowed: v0 >= 0, omega0 >= 0, not both 0)");
    s.initial.push_back(x);
  }
}

/// Beyond the paper: trajectories under a local friction law mu(N, |u|) (docs/disk.md section 7).
void readVelocityLaw(const ConfigNode &d, DiskSetup &s) {
  const ConfigNode v = d.child("velocity_law");
  DiskVelocityLawSetup &L = s.velocity_law;
  L.enabled = true;
  if (!d.has("friction_law"))
    d.fail("friction_law",
           "is required by disk.velocity_law: a friction law block {law: <name>, <parameters>}");
  L.law = makeFrictionLaw(d.child("friction_law"), &L.law_parameters);
  if (L.law->stateSize() > 0)
    d.fail("friction_law", fmt::format("law {} has state; the disk contact takes laws mu(N, v) without state",
                                       L.law->name()));
  L.pressure = readPressure(v.child("pressure"), s.body.radius);
  L.quadrature.rel_tol = v.getDouble("quadrature_tol", 1e-8, Bounds::closed(1e-12, 1e-3));
  L.motion.rel_tol = v.getDouble("rel_tol", 1e-8, Bounds::closed(1e-12, 1e-3));
  L.motion.switch_ratio = v.getDouble("switch_ratio", 1e-2, Bounds::open(0.0, 1.0));
  L.motion.end_ratio = v.getDouble("end_ratio", 1e-30, Bounds::open(0.0, L.motion.switch_ratio));
  L.motion.samples_per_step = static_cast<int>(v.getInt("samples_per_step", 4, Bounds::closed(1, 100)));
  L.frame_before_stop = v.getDouble("frame_before_stop", 0.04, Bounds::positive()); // [s]
  L.frozen_points = static_cast<int>(v.getInt("frozen_points", 9, Bounds::closed(0, 1000)));
  L.frozen_omega_ratio = v.getDouble("frozen_omega_ratio", 1e-4, Bounds::open(0.0, 1.0));
  for (const ConfigNode &ic : v.childList("initial")) {
    // SI only: a velocity-dependent law needs the actual speeds, not only v*, omega*.
    DiskInitialCondition x;
    x.v0 = ic.getDouble("v0", 0.0, Bounds::nonNegative());         // [m/s]
    x.omega0 = ic.getDouble("omega0", 0.0, Bounds::nonNegative()); // [rad/s]
    if (x.v0 == 0.0 && x.omega0 == 0.0)
      ic.fail("v0", "both initial speeds are zero: the disk does not move (allowed: v0 >= 0, omega0 >= 0, "
                    "not both 0)");
    L.initial.push_back(x);
  }
  if (L.initial.empty()) v.fail("initial", "is required: a list of {v0: [m/s], omega0: [rad/s]}");
}

/// The experiment's analysis (Fig. 5): simulated throws with a drifting mu, filmed and fitted.
void readAnalysis(const ConfigNode &a, DiskAnalysisSetup &x) {
  x.enabled = true;
  x.throws = static_cast<int>(a.getInt("throws", 40, Bounds::closed(1, 100000)));
  x.drift.mu0 = a.requireDouble("mu0", Bounds::positive());
  x.drift.per_throw = a.getDouble("mu_per_throw", 0.0, Bounds::any());
  if (!(x.drift.at(x.throws) > 0.0))
    a.fail("mu_per_throw",
           fmt::format("makes mu = {:g} at throw {}: mu must stay positive", x.drift.at(x.throws), x.throws));
  x.v0 = a.getDouble("v0", 1.0, Bounds::positive());           // [m/s]
  x.eps_min = a.getDouble("eps_min", 0.1, Bounds::positive()); // initial eps
  x.eps_max = a.getDouble("eps_max", 5.0, Bounds::atLeast(x.eps_min));
  x.frame_rate = a.getDouble("frame_rate", 25.0, Bounds::positive()); // [1/s]
  x.frames = static_cast<int>(a.getInt("frames", 7, Bounds::closed(3, 1000)));
  x.delay = a.getDouble("delay", 0.04, Bounds::nonNegative()); // [s]
}

} // namespace

DiskSetup readDiskSetup(const ConfigNode &root) {
  const ConfigNode d = root.requireChild("disk");
  DiskSetup s;
  // The body of Eqs. 2-3 (defaults: the paper's CD).
  s.body.radius = d.getDouble("radius", 0.06, Bounds::positive());                          // R [m]
  s.body.mass = d.getDouble("mass", 0.016, Bounds::positive());                             // m [kg]
  s.body.mu = d.getDouble("mu", 0.202, Bounds::positive());                                 // Coulomb mu
  s.body.g = d.getDouble("g", 9.81, Bounds::positive());                                    // [m/s^2]
  s.body.inertia_factor = d.getDouble("inertia_factor", 0.5, Bounds::openClosed(0.0, 1.0)); // I/(m R^2)
  s.quadrature.method = d.getChoice("quadrature", "ring", {"ring", "direct"}) == "ring"
                            ? ContactQuadrature::ring
                            : ContactQuadrature::direct;
  s.quadrature.rel_tol = d.getDouble("quadrature_tol", 1e-13, Bounds::closed(1e-15, 1e-3));

  // Curves (Figs. 2 and 4): one case per pressure distribution, on one eps grid.
  const ConfigNode c = d.child("curves");
  for (const ConfigNode &p : c.childList("pressures"))
    s.pressures.push_back(readPressure(p, s.body.radius));
  uniqueLabels(s.pressures);
  if (c.has("eps")) {
    s.eps = c.requireDoubleList("eps", Bounds::nonNegative());
  } else {
    const double lo = c.getDouble("eps_min", 1e-3, Bounds::positive());
    const double hi = c.getDouble("eps_max", 1e3, Bounds::greaterThan(lo));
    const long long n = c.getInt("eps_points", 121, Bounds::closed(2, 1e6));
    for (long long i = 0; i < n; ++i)
      s.eps.push_back(lo * std::pow(hi / lo, static_cast<double>(i) / (n - 1)));
  }

  // Trajectories (Fig. 3): one case per initial condition.
  readTrajectories(d.child("trajectories"), s);

  // Beyond the paper: trajectories under a local friction law mu(N, |u|) (docs/disk.md section 7).
  if (d.has("velocity_law")) {
    readVelocityLaw(d, s);
  } else if (d.has("friction_law")) {
    d.fail("friction_law", "is used only by disk.velocity_law, which is missing");
  }

  // The experiment's analysis (Fig. 5): simulated throws with a drifting mu, filmed and fitted.
  if (d.has("analysis")) {
    readAnalysis(d.child("analysis"), s.analysis);
  }
  if (s.pressures.empty() && s.initial.empty() && !s.analysis.enabled && !s.velocity_law.enabled)
    d.fail("curves", "the disk study needs curves.pressures, trajectories.initial, analysis or velocity_law");
  return s;
}

std::vector<CasePlan> buildDiskStudy(const ConfigNode &root) {
  auto setup = std::make_shared<const DiskSetup>(readDiskSetup(root));
  const DiskSetup &s = *setup;
  const std::map<std::string, AttributeValue> body = {{"radius", s.body.radius},
                                                      {"mass", s.body.mass},
                                                      {"mu", s.body.mu},
                                                      {"g", s.body.g},
                                                      {"inertia_factor", s.body.inertia_factor}};
  const double per_eval = s.quadrature.method == ContactQuadrature::ring ? 5e-5 : 7e-3; // seconds
  std::vector<CasePlan> plans;
  for (std::size_t i = 0; i < s.pressures.size(); ++i) {
    CasePlan plan;
    plan.id = "disk-curves-" + s.pressures[i].label;
    plan.parameters = body;
    plan.parameters["pressure"] = pressureKindName(s.pressures[i].kind);
    if (s.pressures[i].kind == PressureKind::annulus)
      plan.parameters["inner_radius"] = s.pressures[i].inner_radius;
    plan.parameters["eps_points"] = static_cast<long long>(s.eps.size());
    plan.cost = (s.pressures[i].kind == PressureKind::uniform ? 2.0 : 1.0) * (s.eps.size() + 150) * per_eval;
    plan.run = [setup, i](MPI_Comm, CaseRecord &record, CaseCheckpoint &) {
      runCurves(*setup, setup->pressures[i], record);
    };
    plans.push_back(std::move(plan));
  }
  for (std::size_t i = 0; i < s.initial.size(); ++i) {
    const DiskInitialCondition &ic = s.initial[i];
    CasePlan plan;
    plan.id = fmt::format("disk-trajectory-{}-v0={}-omega0={}", i, idNumber(ic.v0), idNumber(ic.omega0));
    plan.parameters = body;
    plan.parameters["v0"] = ic.v0;
    plan.parameters["omega0"] = ic.omega0;
    plan.parameters["pressure"] = pressureKindName(s.trajectory_pressure.kind);
    plan.cost = 500.0 * (s.trajectory_pressure.kind == PressureKind::uniform ? 1e-6 : per_eval);
    plan.run = [setup, i](MPI_Comm, CaseRecord &record, CaseCheckpoint &) {
      runTrajectory(*setup, setup->initial[i], record);
    };
    plans.push_back(std::move(plan));
  }
  if (s.analysis.enabled) {
    CasePlan plan;
    plan.id = "disk-analysis";
    plan.parameters = body;
    plan.parameters["throws"] = static_cast<long long>(s.analysis.throws);
    plan.parameters["mu0"] = s.analysis.drift.mu0;
    plan.parameters["mu_per_throw"] = s.analysis.drift.per_throw;
    plan.cost = s.analysis.throws * 500.0 * 1e-6;
    plan.run = [setup](MPI_Comm, CaseRecord &record, CaseCheckpoint &) { runAnalysis(*setup, record); };
    plans.push_back(std::move(plan));
  }
  const DiskVelocityLawSetup &L = s.velocity_law;
  for (std::size_t i = 0; i < L.initial.size(); ++i) {
    const DiskInitialCondition &ic = L.initial[i];
    CasePlan plan;
    plan.id = fmt::format("disk-velocity-law-{}-v0={}-omega0={}", i, idNumber(ic.v0), idNumber(ic.omega0));
    plan.parameters = body;
    plan.parameters.erase("mu"); // the law carries the coefficient
    plan.parameters["v0"] = ic.v0;
    plan.parameters["omega0"] = ic.omega0;
    plan.parameters["pressure"] = pressureKindName(L.pressure.kind);
    plan.parameters["friction_law"] = L.law->name();
    // ~500 evaluations of ~1 ms (uniform pressure; twice that otherwise) plus the frozen fixed points.
    plan.cost = (L.pressure.kind == PressureKind::uniform ? 1.0 : 2.0) * (0.5 + 0.06 * L.frozen_points);
    plan.run = [setup, i](MPI_Comm, CaseRecord &record, CaseCheckpoint &) {
      runVelocityLaw(*setup, setup->velocity_law.initial[i], record);
    };
    plans.push_back(std::move(plan));
  }
  return plans;
}

} // namespace tribo
