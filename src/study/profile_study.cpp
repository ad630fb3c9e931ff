// Study `profile`: normal contact, event-driven sliding, the friction profile and its analysis; then,
// as a pipeline, the stage-driven pin on the profile just computed.
#include "tribo/study/profile_study.hpp"

#include "tribo/contact/curved_pin.hpp"
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/contact/self_affine_profile.hpp"
#include "tribo/contact/sliding_analysis.hpp"
#include "tribo/contact/sliding_run.hpp"
#include "tribo/contact/tabulated_pin.hpp"
#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/io/field_output.hpp"
#include "tribo/io/schema.hpp"
#include "tribo/io/state_archive.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/dynamics_study.hpp"
#include "tribo/study/pin_table_file.hpp"
#include "tribo/study/slab_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <memory>
#include <optional>

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
  std::vector<long long> field_events;           // output.fields: the slab after these events
  CheckpointSchedule checkpoints;                // contact.checkpoint_every (events), checkpoint_minutes
};

/// At most this many states of the slab per case (output.fields): each holds every node's u, w, f_x, f_z.
constexpr std::size_t max_field_snapshots = 1000;

/// output.fields: the events after which the whole slab is written (0: the normal contact), in
/// increasing order, each in [0, contact.events].
std::vector<long long> readFieldEvents(const ConfigNode &root, long long events) {
  if (!root.has("output")) return {};
  const ConfigNode out = root.child("output");
  const std::vector<double> asked =
      out.getDoubleList("fields", {}, Bounds::closed(0, static_cast<double>(events)));
  if (asked.size() > max_field_snapshots)
    out.fail("fields",
             fmt::format("{} events listed; allowed: at most {}", asked.size(), max_field_snapshots));
  std::vector<long long> field_events;
  for (double e : asked) {
    if (e != std::floor(e))
      out.fail("fields", fmt::format("value {:g} is not an event number (an integer)", e));
    if (!field_events.empty() && e <= static_cast<double>(field_events.back()))
      out.fail("fields", fmt::format("value {:g} after {}: list the events in increasing order", e,
                                     field_events.back()));
    field_events.push_back(static_cast<long long>(e));
  }
  return field_events;
}

/// The slab's states of output.fields into fields/ (rank 0 of the case holds them).
void writeFieldSnapshots(CaseRecord &record, const BinaryHierarchy &grid,
                         const std::vector<SlabSnapshot> &snapshots, MPI_Comm comm) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
  if (snapshots.empty() || rank != 0) return;
  recordFieldMesh(record, grid);
  for (const SlabSnapshot &snap : snapshots)
    recordFieldSnapshot(record, grid, snap.event, snap.delta, snap.fields, snap.in_contact);
}

/// One quantity's power-law analysis as attributes <name>_... of the avalanches group.
void writePowerLaw(CaseRecord &record, const std::string &name, const PowerLawAnalysis &a) {
  namespace s = schema;
  put(record, name, s::power_law_supported, static_cast<long long>(a.supported));
  put(record, name, s::power_law_verdict, a.verdict);
  put(record, name, s::power_law_n, static_cast<long long>(a.fit.n));
  if (a.fit.alpha == 0) return;
  put(record, name, s::power_law_alpha, a.fit.alpha);
  put(record, name, s::power_law_alpha_error, a.bootstrap > 0 ? a.alpha_bootstrap_error : a.fit.alpha_error);
  put(record, name, s::power_law_alpha_error_asymptotic, a.fit.alpha_error);
  put(record, name, s::power_law_x_min, a.fit.x_min);
  put(record, name, s::power_law_x_min_error, a.x_min_bootstrap_error);
  put(record, name, s::power_law_n_tail, static_cast<long long>(a.fit.n_tail));
  put(record, name, s::power_law_ks_distance, a.fit.ks);
  if (a.bootstrap > 0) put(record, name, s::power_law_gof_p, a.gof_p);
  put(record, name, s::power_law_lr_exponential, a.vs_exponential.normalised_ratio);
  put(record, name, s::power_law_lr_exponential_p, a.vs_exponential.p);
  put(record, name, s::power_law_lr_lognormal, a.vs_lognormal.normalised_ratio);
  put(record, name, s::power_law_lr_lognormal_p, a.vs_lognormal.p);
}

/// Avalanche statistics (docs/model.md §17), as analyseSliding found them.
void writeAvalanches(CaseRecord &record, const AvalancheAnalysis &a) {
  namespace s = schema;
  put(record, s::avalanches_events_used,
      a.steady_state_window ? fmt::format("the steady state, events {} to {}", a.first, a.last - 1)
                            : std::string("all events (no steady state)"));
  put(record, s::avalanches_bootstrap, a.bootstrap);
  put(record, s::avalanches_bootstrap_seed, static_cast<long long>(avalanche_bootstrap_seed));
  writePowerLaw(record, "size", a.size);
  put(record, s::avalanches_size_bin_lower, a.size_histogram.bin_lower);
  put(record, s::avalanches_size_density, a.size_histogram.density);
  put(record, s::avalanches_n_positive_drops, a.n_positive_drops);
  writePowerLaw(record, "drop", a.drop);
  if (a.drop_histogram) {
    put(record, s::avalanches_drop_bin_lower_over_W, a.drop_histogram->bin_lower);
    put(record, s::avalanches_drop_density, a.drop_histogram->density);
  }
  writePowerLaw(record, "increment", a.increment);
  if (a.increment_histogram) {
    put(record, s::avalanches_increment_bin_lower_over_Lx, a.increment_histogram->bin_lower);
    put(record, s::avalanches_increment_density, a.increment_histogram->density);
  }
}

/// The stationarity test's window and statistic, always; its reason when it failed.
void writeSteadyState(CaseRecord &record, const SteadyState &ss) {
  namespace s = schema;
  put(record, s::steady_state_reached, static_cast<long long>(ss.reached));
  put(record, s::steady_state_start_over_Lx, ss.start_delta);
  put(record, s::steady_state_end_over_Lx, ss.end_delta);
  put(record, s::steady_state_start_index, static_cast<long long>(ss.start_index));
  put(record, s::steady_state_end_index, static_cast<long long>(ss.end_index));
  put(record, s::steady_state_blocks, static_cast<long long>(ss.blocks));
  put(record, s::steady_state_trend_t, ss.trend_t);
  put(record, s::steady_state_trend_p, ss.trend_p);
  put(record, s::steady_state_trend_drift_F_over_W, ss.trend_drift);
  put(record, s::steady_state_significance, StationarityTest::significance);
  if (!ss.reached) put(record, s::steady_state_reason, ss.reason);
}

void writeNormalContact(CaseRecord &record, const NormalContactResult &n) {
  namespace s = schema;
  put(record, s::normal_x, n.x);
  put(record, s::normal_p, n.p);
  put(record, s::normal_tau, n.tau);
  put(record, s::normal_state_changes, n.state_changes);
  put(record, s::normal_contact_nodes, n.contact_nodes);
  put(record, s::normal_contact_patches, n.contact_patches);
  put(record, s::normal_contact_length, n.contact_length);
  put(record, s::normal_hertz_half_width, n.hertz_half_width);
  put(record, s::normal_interference, n.interference);
}

void writeEvents(CaseRecord &record, const SlidingEvents &e, const SlidingProfile &profile) {
  namespace s = schema;
  put(record, s::events_delta, e.delta);
  put(record, s::events_increment, e.increment);
  put(record, s::events_type, e.type);
  put(record, s::events_node, e.node);
  put(record, s::events_state_changes, e.state_changes);
  put(record, s::events_friction_force, e.friction_force);
  put(record, s::events_contact_nodes, e.contact_nodes);
  put(record, s::events_contact_patches, e.contact_patches);
  put(record, s::events_contact_length, e.contact_length);
  put(record, s::events_force_drop_over_W, e.force_drop_over_W);
  put(record, s::profile_delta_over_Lx, profile.delta_over_Lx);
  put(record, s::profile_F_over_W, profile.F_over_W);
}

/// The static peak and the plateau (mu_s and mu_k in the paper's reading, §3.3): only for a steady state.
void writePeakAndPlateau(CaseRecord &record, const SlidingAnalysis &a, double mu_i) {
  namespace s = schema;
  const SteadyState &ss = a.steady_state;
  if (!ss.reached) {
    put(record, s::mu_s_profile_reason, "no steady state to fall back to: " + ss.reason);
    return;
  }
  if (a.static_peak->found) {
    put(record, s::mu_s_profile, a.static_peak->force);
    put(record, s::mu_s_profile_delta_over_Lx, a.static_peak->delta);
    put(record, s::mu_s_profile_prominence, a.static_peak->prominence);
  } else {
    put(record, s::mu_s_profile_reason, a.static_peak->reason);
  }
  put(record, s::plateau_mean_F_over_W, ss.mean);
  put(record, s::plateau_mean_error_F_over_W, ss.mean_error);
  put(record, s::plateau_std_F_over_W, ss.stddev);
  put(record, s::plateau_ratio_to_mu_i, ss.mean / mu_i);
  put(record, s::steady_state_period_over_Lx, ss.period);
}

/// Counts, the solver path, K and the travel, as attributes of the case.
void writeSummary(CaseRecord &record, const SlidingRunResult &r, double Lx, double W, long long events) {
  namespace s = schema;
  put(record, s::profile_K_Lx_over_W, r.lateral_stiffness * Lx / W);
  put(record, s::n_slip, r.n_slip);
  put(record, s::n_release, r.n_release);
  put(record, s::n_contact, r.n_contact);
  put(record, s::n_state_changes, r.n_state_changes);
  put(record, s::n_solves, r.n_solves);
  put(record, s::solver_path_used, r.solver_path_used);
  put(record, s::condensed_zone_nodes, r.condensed_zone_nodes);
  put(record, s::condensed_bytes, r.condensed_bytes);
  put(record, s::condensations, r.condensations);
  put(record, s::compressed_bytes, r.compressed_bytes);
  put(record, s::lateral_stiffness, r.lateral_stiffness);
  put(record, s::total_travel, r.total_travel);
  put(record, s::mean_increment, r.total_travel / static_cast<double>(events));
  put(record, s::mean_increment_over_Lx, r.total_travel / Lx / static_cast<double>(events));
}

/// Progress of one case (issue 19): lines while a long normal contact settles (from half Hertz's width
/// with a hint, once, to the coarser grids' start), a line after it, then lines with the rate of events
/// and the time left at that rate.
SlidingProgressCallback progressPrinter(MPI_Comm comm, const std::string &id, NormalContactStart start) {
  auto hinted = std::make_shared<bool>(start != NormalContactStart::half_hertz);
  return [comm, id, hinted](const SlidingProgress &at) {
    if (at.in_normal_contact) {
      print(comm, "  {}: normal contact settling: {} state changes, {} nodes in contact, {:.0f} s\n", id,
            at.normal_state_changes, at.contact_nodes, at.normal_seconds);
      if (!*hinted)
        print(comm,
              "  {}: (from half Hertz's width this can take hours at n_x >= 32769; "
              "contact.normal_start: coarser_grids settles in minutes, docs/model.md §11)\n",
              id);
      *hinted = true;
      return;
    }
    if (at.events_done == 0) {
      print(comm, "  {}: normal contact in {:.1f} s, F/W = {:.4f}; sliding {} events\n", id,
            at.normal_seconds, at.F_over_W, at.events_total);
      return;
    }
    if (at.events_done == at.resumed_at) {
      print(comm, "  {}: resumed from its checkpoint at event {}/{} ({:.1f} s to restore), F/W = {:.4f}\n",
            id, at.events_done, at.events_total, at.normal_seconds, at.F_over_W);
      return;
    }
    // Rates over this run's part of the sliding.
    const double seconds = std::max(at.seconds, 1e-9);
    const double rate = static_cast<double>(at.events_done - at.resumed_at) / seconds;
    const double left = static_cast<double>(at.events_total - at.events_done) / rate;
    print(comm,
          "  {}: {}/{} events, delta/L_x = {:.4e}, F/W = {:.4f}, {} state changes ({:.0f}/s), "
          "{:.3g} events/s, {:.0f} s left\n",
          id, at.events_done, at.events_total, at.delta_over_Lx, at.F_over_W, at.state_changes,
          static_cast<double>(at.state_changes - at.resumed_state_changes) / seconds, rate, left);
  };
}

/// A failed stationarity test: a warning, or an error where the case needs the steady state.
void checkSteadyState(const ProfileCase &pc, const SteadyState &ss, MPI_Comm comm, const std::string &id) {
  if (ss.reached) return;
  warn(comm, "{}: no steady state, so no plateau, mu_k or mu_s: {}", id, ss.reason);
  if (pc.require_steady_state)
    throw SolverError(fmt::format("no steady state (contact.require_steady_state is true): {}", ss.reason));
  if (pc.dynamics && !pc.dynamics->allow_nonstationary_profile)
    throw SolverError(fmt::format("no steady state, so the profile cannot be extended periodically for the "
                                  "dynamics ({}); set dynamics.allow_nonstationary_profile: true to extend "
                                  "the tested window anyway",
                                  ss.reason));
}

/// The pipeline's dynamics on `profile`. Its checkpoints also carry what the case did before it, the
/// profile phase's `record` and the profile, so that a resume there does not slide again.
void runPipelineDynamics(const ProfileCase &pc, FrictionProfile profile, const std::string &id, MPI_Comm comm,
                         CaseRecord &record, CaseCheckpoint &checkpoint, const CaseRecord *saved) {
  DynamicsSetup dyn = *pc.dynamics;
  usePipelineProfile(dyn, std::move(profile), id);
  RunCheckpoints checkpoints = pinCheckpoints(dyn, checkpoint, saved, comm, id);
  const FrictionProfile &used = dyn.profile->profile();
  if (checkpoints.save)
    checkpoints.save = [&checkpoint, &record, &used](const CaseRecord &pin) {
      CaseRecord state = pin;
      const StateWriter out(state, "pipeline");
      out.putRecord("record", record); // the profile phase's results: the pin writes only at its end
      out.put("profile_delta", used.delta), out.put("profile_force", used.force);
      out.put("profile_surface_stiffness", used.surface_stiffness);
      out.put("profile_steady_state_start", used.steady_state_start);
      checkpoint.save(state);
    };
  runDynamics(dyn, record, checkpoints);
}

/// Resumes a case killed in its pipeline's dynamics, if `saved` is from there: the profile phase's
/// record and profile from the checkpoint, then the pin from its last step. False otherwise.
bool resumePipelineDynamics(const ProfileCase &pc, const CaseRecord &saved, const std::string &id,
                            MPI_Comm comm, CaseRecord &record, CaseCheckpoint &checkpoint) {
  const StateReader in(saved, "pipeline");
  if (!pc.dynamics || !in.has("record")) return false;
  in.record("record", record);
  FrictionProfile profile;
  profile.delta = in.values("profile_delta"), profile.force = in.values("profile_force");
  profile.surface_stiffness = in.value("profile_surface_stiffness");
  profile.steady_state_start = in.value("profile_steady_state_start");
  runPipelineDynamics(pc, std::move(profile), id, comm, record, checkpoint, &saved);
  return true;
}

void runProfileCase(const ProfileCase &pc, const std::string &plan_id, MPI_Comm comm, CaseRecord &record,
                    CaseCheckpoint &checkpoint) {
  const double Lx = pc.setup.slab.length_x, W = pc.setup.load;
  // The full id (with a sweep's tag), as the runner set it; the plan's own without a runner.
  const std::string &id = record.caseId().empty() ? plan_id : record.caseId();
  std::optional<CaseRecord> saved = checkpoint.last();
  if (saved && resumePipelineDynamics(pc, *saved, id, comm, record, checkpoint)) return;
  PinOnSlab model(comm, pc.setup);
  constexpr double report_seconds = 60;
  RunCheckpoints sliding = checkpoint.forLoop(pc.checkpoints, saved ? &*saved : nullptr);
  sliding.restored = [&saved] { saved.reset(); };
  const SlidingRunResult run = runSliding(model, pc.events, progressPrinter(comm, id, pc.setup.normal_start),
                                          report_seconds, pc.field_events, sliding);
  // The paper's lower bound on a triggering displacement over L_x: min_increment_over_dx / (n_x - 1).
  const double increment_floor_over_Lx =
      pc.setup.min_increment_over_dx / std::ldexp(1.0, pc.setup.slab.levels);
  const SlidingAnalysis analysis =
      analyseSliding(run, Lx, W, increment_floor_over_Lx, pc.avalanche_bootstrap);
  const SteadyState &ss = analysis.steady_state;
  {
    const LogStageScope stage(schema::outputStage());
    writeNormalContact(record, run.normal);
    if (pc.pin_profile) { // a tabulated or rough pin: its profile, as the contact used it
      put(record, schema::pin_x, pc.pin_profile->x);
      put(record, schema::pin_h, pc.pin_profile->h);
    }
    writeEvents(record, run.events, run.profile);
    put(record, schema::profile_steady_state_start_over_Lx, ss.start_delta);
    put(record, schema::profile_steady_state_reached, static_cast<long long>(ss.reached));
    writeSteadyState(record, ss);
    writePeakAndPlateau(record, analysis, pc.setup.contact.mu_i);
    put(record, schema::mu_i, pc.setup.contact.mu_i);
    writeSummary(record, run, Lx, W, pc.events);
    writeAvalanches(record, analysis.avalanches);
    writeFieldSnapshots(record, pc.setup.slab.grid(), run.snapshots, comm);
  }
  checkSteadyState(pc, ss, comm, id);
  if (pc.dynamics)
    runPipelineDynamics(pc,
                        scaleProfile(run.profile.delta_over_Lx, run.profile.F_over_W,
                                     run.lateral_stiffness * Lx / W, ss.start_delta, Lx, W),
                        id, comm, record, checkpoint, nullptr);
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
  // The table sums every mode at every point: its work bounded, so that the pin is built in seconds.
  const double points = std::ceil(2 * Lx / spacing) + 1, modes = selfAffineModes(r);
  if (constexpr double most = 2e8; !(modes * points <= most))
    pin.fail(
        "long_wavelength_over_Lx",
        fmt::format("{:g} with short_wavelength_over_Lx {:g} gives {:g} modes at {:g} table points; allowed: "
                    "modes x points <= {:g} (fewer modes: a shorter long wavelength or a longer short one)",
                    r.long_wavelength / Lx, r.short_wavelength / Lx, modes, points, most));
  const auto n = static_cast<std::size_t>(points);
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
  base.checkpoints = readCheckpointSchedule(c);
  // reference: a KSP solve of the slab per provisional equilibrium; condensed: the slab condensed onto
  // a zone of the surface; compressed: the surface compliance in HODLR form (docs/model.md §16); auto:
  // condensed when its dense operators fit in memory, else compressed.
  const std::string path =
      c.getChoice("solver_path", "auto", {"auto", "reference", "condensed", "compressed"});
  base.setup.solver_path = path == "reference"    ? SolverPath::reference
                           : path == "condensed"  ? SolverPath::condensed
                           : path == "compressed" ? SolverPath::compressed
                                                  : SolverPath::automatic;
  // The normal contact's first guess (docs/model.md §11): half of Hertz's width, or the settled contact
  // of the coarser grids refined.
  const std::string start = c.getChoice("normal_start", "half_hertz", {"half_hertz", "coarser_grids"});
  base.setup.normal_start =
      start == "coarser_grids" ? NormalContactStart::coarser_grids : NormalContactStart::half_hertz;
  base.field_events = readFieldEvents(root, base.events);
  if (root.has("dynamics"))
    base.dynamics = std::make_shared<const DynamicsSetup>(readDynamicsSetup(root, ProfileOrigin::pipeline));
  if (base.dynamics && base.dynamics->friction != PinFriction::profile)
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
                            {"normal_start", start},
                            {"pipeline", std::string(pc.dynamics ? "profile+dynamics" : "profile")}});
    addPinParameters(plan, pin_choice, s);
    // Cost grows with the events, the surface nodes and the avalanches (which grow with mu_i).
    plan.cost = static_cast<double>(pc.events) * static_cast<double>(s.slab.grid().nodeCount()) * (1.0 + mu);
    const std::string id = plan.id;
    plan.run = [pc, id](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &checkpoint) {
      runProfileCase(pc, id, comm, record, checkpoint);
    };
    plans.push_back(std::move(plan));
  }
  return plans;
}

} // namespace tribo
