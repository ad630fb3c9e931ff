// The profile run of the paper (§3.2): normal contact under W, then event-driven sliding, as a run()
// of named phases ("Normal contact", "Sliding": PETSc log stages of FrictionalContact). Returns plain
// arrays; the study maps them into its record.
#pragma once

#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/io/case_record.hpp"
#include "tribo/io/run_checkpoints.hpp"

#include <functional>
#include <string>
#include <vector>

namespace tribo {

/// The state after normal contact (constraints I-III): surface tractions and contact measures.
struct NormalContactResult {
  std::vector<double> x, p, tau; // surface nodes [m], pressure and shear [Pa] (0 off contact)
  long long state_changes = 0;   // slips, releases and contacts until equilibrium
  long long contact_nodes = 0, contact_patches = 0;
  double contact_length = 0.0;   // [m]
  double hertz_half_width = 0.0; // [m]
  double interference = 0.0;     // [m]
};

/// One entry per event (§3.2.1), in the record's units: forces [N] over the depth L_y.
struct SlidingEvents {
  std::vector<double> delta, increment;                  // pin displacement after / of the event [m]
  std::vector<long long> type, node, state_changes;      // EventType, trigger node, avalanche size
  std::vector<double> friction_force;                    // F [N] after equilibrium
  std::vector<long long> contact_nodes, contact_patches; // after equilibrium
  std::vector<double> contact_length;                    // [m]
  std::vector<double> force_drop_over_W;                 // F before the trigger minus after, over W
};

/// The dimensionless profile the dynamics reads (docs/dynamics.md §7): F/W against delta/L_x, two
/// samples per event (the force reached as the pin moved, then the force after the avalanche, at the
/// same delta), so the sawtooth of slips is kept.
struct SlidingProfile {
  std::vector<double> delta_over_Lx, F_over_W;
};

/// The whole slab at one state of the run (output.fields): after event `event` (0: the normal contact),
/// the pin displaced by `delta` [m]; `fields` on rank 0 of the case only (PinOnSlab::slabFields).
struct SlabSnapshot {
  long long event = 0;
  double delta = 0.0;
  SlabFields fields;
  std::vector<char> in_contact; // per top node
};

struct SlidingRunResult {
  NormalContactResult normal;
  std::vector<SlabSnapshot> snapshots; // at the events asked for, in order
  SlidingEvents events;
  SlidingProfile profile;
  long long n_slip = 0, n_release = 0, n_contact = 0, n_state_changes = 0;
  double lateral_stiffness = 0.0; // K [N/m], Eq. 15, every contact node stuck, times L_y
  double total_travel = 0.0;      // [m]
  long long n_solves = 0;
  std::string solver_path_used; // "reference" | "condensed" | "compressed"
  long long condensed_zone_nodes = 0, condensed_bytes = 0, condensations = 0, compressed_bytes = 0;
};

/// Where the run is: while the normal contact settles (`in_normal_contact`), after it (`events_done` = 0)
/// and during sliding.
struct SlidingProgress {
  bool in_normal_contact = false;
  long long normal_state_changes = 0, contact_nodes = 0; // while in normal contact
  long long events_done = 0, events_total = 0;
  double delta_over_Lx = 0.0, F_over_W = 0.0;
  long long state_changes = 0; // so far, during sliding
  double seconds = 0.0;        // since sliding began or resumed (0 after normal contact)
  double normal_seconds = 0.0; // normal contact's wall time
  // Events and state changes done when the run resumed from a checkpoint (0: not resumed).
  long long resumed_at = 0, resumed_state_changes = 0;
};
using SlidingProgressCallback = std::function<void(const SlidingProgress &)>;

/// Checkpoints of the run (issue 18), counted in events (io/run_checkpoints.hpp).
using SlidingCheckpoints = RunCheckpoints;

/// Normal contact, then `events` events. `progress` (may be empty) is called every `report_seconds`
/// while the normal contact settles, once after it, then at every quarter of the events and at least every
/// `report_seconds` of sliding; only these calls depend on the clock. After each event of `snapshot_events`
/// (sorted; 0 = the normal contact) the whole slab is kept in `snapshots`: one extra slab solve each, which
/// leaves the run's events as they are.
SlidingRunResult runSliding(PinOnSlab &model, long long events, const SlidingProgressCallback &progress,
                            double report_seconds = 60.0, const std::vector<long long> &snapshot_events = {},
                            const SlidingCheckpoints &checkpoints = {});

} // namespace tribo
