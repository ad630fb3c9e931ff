// Study `profile`: normal contact, event-driven sliding, the friction profile and its analysis; then,
// as a pipeline, the stage-driven pin on the profile just computed.
#include "tribo/study/profile_study.hpp"

#include "tribo/contact/curved_pin.hpp"
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/contact/power_law.hpp"
#include "tribo/contact/profile_analysis.hpp"
#include "tribo/contact/self_affine_profile.hpp"
#include "tribo/contact/static_peak.hpp"
#include "tribo/contact/steady_state.hpp"
#include "tribo/contact/tabulated_pin.hpp"
#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/dynamics_study.hpp"
#include "tribo/study/pin_table_file.hpp"
#include "tribo/study/slab_config.hpp"

#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <memory>

namespace tribo {

namespace {

struct ProfileCase {
  PinOnSlabSetup setup;
  long long events = 2000;
  bool require_steady_state = false; // contact.require_steady_state: no steady state fails the case
  long long avalanche_bootstrap =
      200; // contact.avalanche_bootstrap: resamples for errors and goodness of fit
  std::shared_ptr<const DynamicsSetup> dynamics; // the pipeline, if any
  std::shared_ptr<const PinTable> pin_profile;   // a tabulated or rough pin's table, written to pin/
};

/// The dimensionless profile the dynamics reads (docs/dynamics.md §7): F/W against delta/L_x, two
/// samples per event (the force reached as the pin moved, then the force after the avalanche, at the
/// same delta), so the sawtooth of slips is kept.
struct DimensionlessProfile {
  std::vector<double> delta_over_Lx, F_over_W;
};

/// The bootstrap's seed, fixed: the same data give the same errors and p-values on every run.
constexpr std::uint64_t avalanche_bootstrap_seed = 2009;

/// One quantity's power-law analysis as attributes <name>_... of the avalanches group.
void writePowerLaw(CaseRecord &record, const std::string &name, const PowerLawAnalysis &a) {
  const auto put = [&](const std::string &key, AttributeValue v) {
    record.attribute("avalanches", name + "_" + key, v);
  };
  put("power_law_supported", static_cast<long long>(a.supported));
  put("verdict", a.verdict);
  put("n", static_cast<long long>(a.fit.n));
  if (a.fit.alpha == 0) return;
  put("alpha", a.fit.alpha);
  put("alpha_error", a.bootstrap > 0 ? a.alpha_bootstrap_error : a.fit.alpha_error);
  put("alpha_error_asymptotic", a.fit.alpha_error);
  put("x_min", a.fit.x_min);
  put("x_min_error", a.x_min_bootstrap_error);
  put("n_tail", static_cast<long long>(a.fit.n_tail));
  put("ks_distance", a.fit.ks);
  if (a.bootstrap > 0) put("gof_p", a.gof_p);
  put("lr_exponential", a.vs_exponential.normalised_ratio);
  put("lr_exponential_p", a.vs_exponential.p);
  put("lr_lognormal", a.vs_lognormal.normalised_ratio);
  put("lr_lognormal_p", a.vs_lognormal.p);
}

/// Avalanche statistics (docs/model.md §17) over the events of the steady state when there is one
/// (all events otherwise): sizes (state changes, integers), force drops over W above 1e-6 (round-off
/// stays below it), and the pin displacement of each event over L_x.
void writeAvalanches(CaseRecord &record, const SteadyState &ss, const std::vector<double> &changes,
                     const std::vector<double> &drops, const std::vector<double> &increments_over_Lx,
                     double increment_floor_over_Lx, long long bootstrap) {
  const std::size_t first = ss.reached ? ss.start_index : 0,
                    last = ss.reached ? ss.end_index + 1 : changes.size();
  const auto window = [&](const std::vector<double> &v) {
    return std::vector<double>(v.begin() + first, v.begin() + last);
  };
  record.attribute("avalanches", "events_used",
                   ss.reached ? fmt::format("the steady state, events {} to {}", first, last - 1)
                              : std::string("all events (no steady state)"));
  record.attribute("avalanches", "bootstrap", bootstrap);
  record.attribute("avalanches", "bootstrap_seed", static_cast<long long>(avalanche_bootstrap_seed));
  const auto B = static_cast<std::size_t>(bootstrap);

  const std::vector<double> sizes = window(changes);
  writePowerLaw(record, "size", analysePowerLaw(sizes, true, B, avalanche_bootstrap_seed));
  const LogHistogram size_hist = logBinnedDensity(sizes, 1.0);
  record.dataset("avalanches/size_bin_lower", size_hist.bin_lower);
  record.dataset("avalanches/size_density", size_hist.density);

  std::vector<double> positive;
  for (double d : window(drops))
    if (d > 1e-6) positive.push_back(d);
  record.attribute("avalanches", "n_positive_drops", static_cast<long long>(positive.size()));
  writePowerLaw(record, "drop", analysePowerLaw(positive, false, B, avalanche_bootstrap_seed + 1));
  if (positive.size() >= 2) {
    const LogHistogram drop_hist = logBinnedDensity(positive, 1e-6);
    record.dataset("avalanches/drop_bin_lower_over_W", drop_hist.bin_lower);
    record.dataset("avalanches/drop_density", drop_hist.density);
  }

  const std::vector<double> steps = window(increments_over_Lx);
  writePowerLaw(record, "increment", analysePowerLaw(steps, false, B, avalanche_bootstrap_seed + 2));
  // Bins anchored at the lower bound of a triggering displacement over sqrt(2), so that events at the
  // bound sit mid-bin and round-off (1 vs 2 ranks) cannot move them across an edge.
  if (!steps.empty() && increment_floor_over_Lx > 0) {
    const LogHistogram step_hist = logBinnedDensity(steps, increment_floor_over_Lx / std::sqrt(2.0));
    record.dataset("avalanches/increment_bin_lower_over_Lx", step_hist.bin_lower);
    record.dataset("avalanches/increment_density", step_hist.density);
  }
}

/// The stationarity test's window and statistic, always; its reason when it failed.
void writeSteadyState(CaseRecord &record, const SteadyState &ss) {
  record.attribute("", "steady_state_reached", static_cast<long long>(ss.reached));
  record.attribute("", "steady_state_start_over_Lx", ss.start_delta);
  record.attribute("", "steady_state_end_over_Lx", ss.end_delta);
  record.attribute("", "steady_state_start_index", static_cast<long long>(ss.start_index));
  record.attribute("", "steady_state_end_index", static_cast<long long>(ss.end_index));
  record.attribute("", "steady_state_blocks", static_cast<long long>(ss.blocks));
  record.attribute("", "steady_state_trend_t", ss.trend_t);
  record.attribute("", "steady_state_trend_p", ss.trend_p);
  record.attribute("", "steady_state_trend_drift_F_over_W", ss.trend_drift);
  record.attribute("", "steady_state_significance", StationarityTest::significance);
  if (!ss.reached) record.attribute("", "steady_state_reason", ss.reason);
}

void runProfileCase(const ProfileCase &pc, const std::string &id, MPI_Comm comm, CaseRecord &record) {
  PinOnSlab model(comm, pc.setup);
  FrictionalContact &contact = model.contact();
  const double Lx = pc.setup.slab.length_x, W = pc.setup.load, P = model.loadPerDepth();
  const double Ly = pc.setup.slab.depth_y;

  // Normal contact under W (constraints I-III, slips allowed: pitfall 6).
  const long long normal_changes = model.establishNormalContact();
  const auto &x = model.surface().surfaceX();
  const auto &width = model.surface().surfaceWidth();
  std::vector<double> p(x.size()), tau(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    p[k] = contact.inContact()[k] ? contact.state().fz[k] / width[k] : 0.0;
    tau[k] = contact.inContact()[k] ? contact.state().fx[k] / width[k] : 0.0;
  }
  record.dataset("normal/x", x, "m");
  record.dataset("normal/p", p, "Pa");
  record.dataset("normal/tau", tau, "Pa");
  record.attribute("normal", "state_changes", normal_changes);
  record.attribute("normal", "contact_nodes", static_cast<long long>(contact.contactCount()));
  record.attribute("normal", "contact_patches", static_cast<long long>(contact.contactPatches()));
  record.attribute("normal", "contact_length", contact.contactLength()); // [m]
  if (pc.pin_profile) { // a tabulated or rough pin: its profile, as the contact used it
    record.dataset("pin/x", pc.pin_profile->x, "m");
    record.dataset("pin/h", pc.pin_profile->h, "m");
  }
  record.attribute("normal", "hertz_half_width", model.hertzHalfWidth());
  record.attribute("normal", "interference", contact.interference());
  // Eq. 15: K from the response with every contact node stuck, per unit depth times L_y.
  const double K = contact.lateralStiffness() * Ly;

  // Event-driven sliding (§3.2.1).
  std::vector<double> delta, increment, type, node, changes, force, nodes, patches, length, drop;
  DimensionlessProfile profile;
  profile.delta_over_Lx.push_back(0.0);
  profile.F_over_W.push_back(contact.frictionForce() / P);
  long long counts[3] = {0, 0, 0};
  // Progress: at every quarter of the events, and at least once a minute on long runs (fine grids
  // spend hours in the avalanches of steady sliding). Only the printing depends on the clock.
  const long long report_every = std::max<long long>(1, pc.events / 4);
  constexpr double report_seconds = 60;
  const double start = MPI_Wtime();
  double last_report = start;
  long long total_changes = 0;
  for (long long e = 0; e < pc.events; ++e) {
    const SlipEvent ev = contact.advance();
    ++counts[static_cast<int>(ev.type)];
    delta.push_back(ev.delta);
    increment.push_back(ev.increment);
    type.push_back(static_cast<double>(ev.type));
    node.push_back(ev.node);
    changes.push_back(ev.state_changes);
    force.push_back(ev.friction_force * Ly);
    nodes.push_back(ev.contact_nodes);
    patches.push_back(ev.contact_patches);
    length.push_back(ev.contact_length);
    drop.push_back(ev.force_drop / P);
    profile.delta_over_Lx.push_back(ev.delta / Lx);
    profile.F_over_W.push_back((ev.friction_force + ev.force_drop) / P);
    profile.delta_over_Lx.push_back(ev.delta / Lx);
    profile.F_over_W.push_back(ev.friction_force / P);
    total_changes += ev.state_changes;
    const double now = MPI_Wtime();
    if ((e + 1) % report_every == 0 || now - last_report >= report_seconds) {
      last_report = now;
      print(comm, "  {}: {}/{} events, delta/L_x = {:.4e}, F/W = {:.4f}, {} state changes ({:.0f}/s)\n", id,
            e + 1, pc.events, ev.delta / Lx, ev.friction_force / P, total_changes,
            static_cast<double>(total_changes) / std::max(now - start, 1e-9));
    }
  }

  record.dataset("events/delta", delta, "m");
  record.dataset("events/increment", increment, "m");
  record.dataset("events/type", type); // 0 slip, 1 release, 2 new contact
  record.dataset("events/node", node);
  record.dataset("events/state_changes", changes);
  record.dataset("events/friction_force", force, "N");
  record.dataset("events/contact_nodes", nodes);
  record.dataset("events/contact_patches", patches);
  record.dataset("events/contact_length", length, "m");
  record.dataset("events/force_drop_over_W", drop);
  record.dataset("profile/delta_over_Lx", profile.delta_over_Lx);
  record.dataset("profile/F_over_W", profile.F_over_W);

  // The steady state, from the force after each event (the plateau of Fig. 6), by the trend test of
  // docs/model.md §14. The window is written either way; the plateau and mu_s only for a steady state.
  std::vector<double> d_after, f_after;
  for (std::size_t i = 0; i < delta.size(); ++i)
    d_after.push_back(delta[i] / Lx), f_after.push_back(force[i] / W);
  const SteadyState ss = findSteadyState(d_after, f_after);
  record.attribute("profile", "K_Lx_over_W", K * Lx / W);
  record.attribute("profile", "steady_state_start_over_Lx", ss.start_delta);
  record.attribute("profile", "steady_state_reached", static_cast<long long>(ss.reached));
  writeSteadyState(record, ss);
  if (ss.reached) {
    const StaticPeak peak = findStaticPeak(profile.delta_over_Lx, profile.F_over_W, ss.mean, ss.stddev);
    if (peak.found) {
      record.attribute("", "mu_s_profile", peak.force);
      record.attribute("", "mu_s_profile_delta_over_Lx", peak.delta);
      record.attribute("", "mu_s_profile_prominence", peak.prominence);
    } else {
      record.attribute("", "mu_s_profile_reason", peak.reason);
    }
  } else {
    record.attribute("", "mu_s_profile_reason", "no steady state to fall back to: " + ss.reason);
    warn(comm, "{}: no steady state, so no plateau, mu_k or mu_s: {}", id, ss.reason);
    if (pc.require_steady_state)
      throw SolverError(fmt::format("no steady state (contact.require_steady_state is true): {}", ss.reason));
    if (pc.dynamics && !pc.dynamics->allow_nonstationary_profile)
      throw SolverError(fmt::format("no steady state, so the profile cannot be extended periodically for the "
                                    "dynamics ({}); set dynamics.allow_nonstationary_profile: true to extend "
                                    "the tested window anyway",
                                    ss.reason));
  }
  record.attribute("", "mu_i", pc.setup.contact.mu_i);
  record.attribute("", "n_slip", counts[0]);
  record.attribute("", "n_release", counts[1]);
  record.attribute("", "n_contact", counts[2]);
  record.attribute("", "n_state_changes", total_changes);
  record.attribute("", "n_solves", model.surface().solveCount());
  // Which path ran (the parameter solver_path may be auto), and the condensed path's zone and dense
  // memory on rank 0 of the case (0 on the reference path).
  record.attribute("", "solver_path_used", model.solverPathName());
  record.attribute("", "condensed_zone_nodes", model.condensedZoneNodes());
  record.attribute("", "condensed_bytes", static_cast<long long>(model.condensedBytes()));
  record.attribute("", "condensations",
                   static_cast<long long>(model.condensed() ? model.condensed()->condensations() : 0));
  if (ss.reached) { // the plateau: mu_k in the paper's reading (§3.3), only for a steady state
    record.attribute("", "plateau_mean_F_over_W", ss.mean);
    record.attribute("", "plateau_mean_error_F_over_W", ss.mean_error);
    record.attribute("", "plateau_std_F_over_W", ss.stddev);
    record.attribute("", "plateau_ratio_to_mu_i", ss.mean / pc.setup.contact.mu_i);
    record.attribute("", "steady_state_period_over_Lx", ss.period);
  }
  record.attribute("", "lateral_stiffness", K);
  record.attribute("", "total_travel", contact.delta());
  record.attribute("", "mean_increment", contact.delta() / static_cast<double>(pc.events));
  record.attribute("", "mean_increment_over_Lx", contact.delta() / Lx / static_cast<double>(pc.events));
  std::vector<double> increment_over_Lx;
  for (double v : increment)
    increment_over_Lx.push_back(v / Lx);
  // The paper's lower bound on a triggering displacement over L_x: min_increment_over_dx / (n_x - 1).
  const double increment_floor_over_Lx =
      pc.setup.min_increment_over_dx / std::ldexp(1.0, pc.setup.slab.levels);
  writeAvalanches(record, ss, changes, drop, increment_over_Lx, increment_floor_over_Lx,
                  pc.avalanche_bootstrap);

  if (pc.dynamics) {
    DynamicsSetup dyn = *pc.dynamics;
    FrictionProfile physical =
        scaleProfile(profile.delta_over_Lx, profile.F_over_W, K * Lx / W, ss.start_delta, Lx, W);
    usePipelineProfile(dyn, std::move(physical), id);
    runDynamics(dyn, record);
  }
}

/// The pin's shape (docs/input.md, pin.shape): the circle of radius_over_Lx L_x, or a table read from
/// pin.table_file (CSV, or HDF5 with datasets x and h in pin.table_group; x from the pin's centre, h, in
/// m) that must cover the slab under the pin's start.
struct PinChoice {
  std::string shape;                       // "circle" | "table"
  std::string table_file;                  // for "table"
  std::string table_group;                 // for "table" from HDF5: the group holding x and h
  SelfAffineRoughness rough;               // for "self_affine"
  std::shared_ptr<const PinTable> profile; // the table of "table" and "self_affine"
};

/// The circle with a self-affine roughness superposed (pin.shape: self_affine; docs/model.md §8.2),
/// tabulated over [-L_x, L_x] at 16 points per shortest wavelength (at least 2000 per L_x).
void readSelfAffinePin(const ConfigNode &pin, PinOnSlabSetup &setup, PinChoice &choice) {
  const double Lx = setup.slab.length_x;
  setup.radius_over_Lx = pin.getDouble("radius_over_Lx", 200.0, Bounds::positive()); // R / L_x
  SelfAffineRoughness r;
  r.hurst = pin.requireDouble("hurst", Bounds::open(0.0, 1.0));       // H
  r.rms_height = pin.requireDouble("rms_height", Bounds::positive()); // [m]
  r.long_wavelength = pin.getDouble("long_wavelength_over_Lx", 1.0, Bounds::positive()) * Lx;
  r.short_wavelength = pin.getDouble("short_wavelength_over_Lx", 0.01, Bounds::positive()) * Lx;
  if (r.short_wavelength > r.long_wavelength)
    pin.fail("short_wavelength_over_Lx", "must not exceed pin.long_wavelength_over_Lx");
  r.seed = static_cast<std::uint64_t>(pin.getInt("seed", 1, Bounds::atLeast(0)));
  const double spacing = std::min(r.short_wavelength / 16, Lx / 2000);
  const auto n = static_cast<std::size_t>(std::ceil(2 * Lx / spacing)) + 1;
  std::vector<double> x(n), h;
  for (std::size_t i = 0; i < n; ++i)
    x[i] = -Lx + 2 * Lx * static_cast<double>(i) / static_cast<double>(n - 1);
  h = selfAffineHeights(r, x);
  const CurvedPin circle(setup.radius_over_Lx * Lx);
  for (std::size_t i = 0; i < n; ++i)
    h[i] += circle.height(x[i]);
  choice.profile = std::make_shared<const PinTable>(PinTable{x, h});
  setup.shape =
      std::make_shared<const TabulatedPin>(std::move(x), std::move(h), "pin (self_affine)", circle.radius);
  choice.rough = r;
}

PinChoice readPinShape(const ConfigNode &pin, PinOnSlabSetup &setup) {
  PinChoice choice;
  choice.shape = pin.getChoice("shape", "circle", {"circle", "table", "self_affine"});
  if (choice.shape == "circle") {
    setup.radius_over_Lx = pin.getDouble("radius_over_Lx", 200.0, Bounds::positive()); // R / L_x
    return choice;
  }
  if (choice.shape == "self_affine") {
    readSelfAffinePin(pin, setup, choice);
    return choice;
  }
  choice.table_file = pin.requireString("table_file");
  const std::string key = pin.path().empty() ? "pin.table_file" : pin.path() + ".table_file";
  const std::string file = besideInput(choice.table_file, pin.sourceFile());
  // HDF5 (.h5, .hdf5): datasets x and h in pin.table_group, e.g. a previous run's /cases/<id>/pin.
  if (isHdf5Table(file)) choice.table_group = pin.getString("table_group", "/");
  PinTable table =
      isHdf5Table(file) ? readPinTableHdf5(file, choice.table_group, key) : readPinTable(file, key);
  const double Lx = setup.slab.length_x, xc = setup.center_over_Lx * Lx;
  if (table.x.front() > -xc || table.x.back() < Lx - xc)
    pin.fail("table_file",
             fmt::format("{}: the profile covers x in [{:g}, {:g}] m from the pin's centre, shorter "
                         "than the slab under the pin's start, [{:g}, {:g}] m (slab.length_x, "
                         "pin.center_over_Lx); tabulate the pin over the whole slab and its travel",
                         choice.table_file, table.x.front(), table.x.back(), -xc, Lx - xc));
  choice.profile = std::make_shared<const PinTable>(table);
  auto shape = std::make_shared<const TabulatedPin>(std::move(table.x), std::move(table.h),
                                                    key + " = " + choice.table_file);
  shape->bottomRadius(); // the first guess needs a curved bottom: refused here, before any work
  setup.shape = std::move(shape);
  return choice;
}

void addPinParameters(CasePlan &plan, const PinChoice &choice, const PinOnSlabSetup &s) {
  if (choice.shape == "circle") {
    plan.parameters.insert({"radius_over_Lx", s.radius_over_Lx});
    return;
  }
  if (choice.shape == "table") {
    plan.parameters.insert({{"pin_shape", choice.shape}, {"pin_table_file", choice.table_file}});
    if (!choice.table_group.empty()) plan.parameters.insert({"pin_table_group", choice.table_group});
    return;
  }
  const double Lx = s.slab.length_x;
  plan.parameters.insert({{"pin_shape", choice.shape},
                          {"radius_over_Lx", s.radius_over_Lx},
                          {"hurst", choice.rough.hurst},
                          {"rms_height", choice.rough.rms_height},
                          {"long_wavelength_over_Lx", choice.rough.long_wavelength / Lx},
                          {"short_wavelength_over_Lx", choice.rough.short_wavelength / Lx},
                          {"seed", static_cast<long long>(choice.rough.seed)}});
}

} // namespace

std::vector<CasePlan> buildProfileStudy(const ConfigNode &root) {
  ProfileCase base;
  base.setup.slab = readSlabConfig(root.child("slab"));
  base.setup.support = readSlabSupport(root.child("slab"), "bonded", SupportUse::lateral_load);
  const ConfigNode pin = root.child("pin");
  base.setup.center_over_Lx = pin.getDouble("center_over_Lx", 0.5, Bounds::open(0.0, 1.0));
  const PinChoice pin_choice = readPinShape(pin, base.setup);
  base.pin_profile = pin_choice.profile;
  const ConfigNode c = root.child("contact");
  const std::vector<double> mu_list = c.getDoubleList("mu_i", {0.5}, Bounds::positive());
  if (mu_list.empty()) c.fail("mu_i", "an empty list: give at least one value (one case each)");
  base.setup.load = c.getDouble("load", 100.0, Bounds::positive()); // W [N]
  base.events = c.getInt("events", 2000, Bounds::atLeast(1));
  constexpr auto min_events = static_cast<long long>(StationarityTest::min_samples);
  if (base.events < min_events)
    c.fail("events", fmt::format("value {} is out of range; allowed integer >= {}: the stationarity test of "
                                 "the profile needs {} blocks of at least {} events (docs/model.md §14)",
                                 base.events, min_events, StationarityTest::blocks,
                                 StationarityTest::min_block_samples));
  base.require_steady_state = c.getBool("require_steady_state", false);
  // Resamples of the avalanche data for the bootstrap errors and, as many again, the goodness of fit
  // (Clauset et al. 2009); 0 skips both (and leaves the power law untested).
  base.avalanche_bootstrap = c.getInt("avalanche_bootstrap", 200, Bounds::closed(0, 100000));
  base.setup.contact.residual_shear_fraction =
      c.getDouble("residual_shear_fraction", 0.0, Bounds::closedOpen(0, 1));
  base.setup.min_increment_over_dx = c.getDouble("min_increment_over_dx", 1e-6, Bounds::nonNegative());
  base.setup.contact.max_state_changes = c.getInt("max_state_changes", 1000000, Bounds::atLeast(1));
  // reference: a KSP solve of the slab per provisional equilibrium; condensed: the slab condensed onto
  // a zone of the surface (docs/model.md); auto: condensed when its dense operators fit in memory.
  const std::string path = c.getChoice("solver_path", "auto", {"auto", "reference", "condensed"});
  base.setup.solver_path = path == "reference"   ? SolverPath::reference
                           : path == "condensed" ? SolverPath::condensed
                                                 : SolverPath::automatic;
  if (root.has("dynamics"))
    base.dynamics = std::make_shared<const DynamicsSetup>(readDynamicsSetup(root, ProfileOrigin::pipeline));
  if (base.dynamics && base.dynamics->friction != "profile")
    root.child("dynamics")
        .fail("friction", "the profile study's dynamics runs on its own profile: use `profile`");

  std::vector<CasePlan> plans;
  for (double mu : mu_list) {
    ProfileCase pc = base;
    pc.setup.contact.mu_i = mu;
    CasePlan plan;
    plan.id = fmt::format("profile-mu_i={:g}", mu);
    const auto &s = pc.setup;
    addSlabParameters(plan, s.slab, s.support);
    plan.parameters.insert({{"mu_i", mu},
                            {"center_over_Lx", s.center_over_Lx},
                            {"load", s.load},
                            {"events", pc.events},
                            {"avalanche_bootstrap", pc.avalanche_bootstrap},
                            {"residual_shear_fraction", s.contact.residual_shear_fraction},
                            {"min_increment_over_dx", s.min_increment_over_dx},
                            {"solver_path", path},
                            {"pipeline", std::string(pc.dynamics ? "profile+dynamics" : "profile")}});
    addPinParameters(plan, pin_choice, s);
    // Cost grows with the events, the surface nodes and the avalanches (which grow with mu_i).
    plan.cost = static_cast<double>(pc.events) * static_cast<double>(s.slab.grid().nodeCount()) * (1.0 + mu);
    const std::string id = plan.id;
    plan.run = [pc, id](MPI_Comm comm, CaseRecord &record) { runProfileCase(pc, id, comm, record); };
    plans.push_back(std::move(plan));
  }
  return plans;
}

} // namespace tribo
