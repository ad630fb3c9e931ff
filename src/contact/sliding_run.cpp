// Normal contact, then event-driven sliding (§3.2.1), collected into plain arrays.
#include "tribo/contact/sliding_run.hpp"

#include "tribo/contact/sliding_checkpoint.hpp"

#include <algorithm>
#include <mpi.h>

namespace tribo {

namespace {

NormalContactResult normalContact(PinOnSlab &model, const SlidingProgressCallback &progress,
                                  double report_seconds) {
  FrictionalContact &contact = model.contact();
  NormalContactResult n;
  // Normal contact under W (constraints I-III, slips allowed: pitfall 6).
  FrictionalContact::NormalContactProgress settling;
  if (progress) {
    const double t0 = MPI_Wtime();
    settling = [&progress, t0](long long changes, int contact_nodes) {
      SlidingProgress at;
      at.in_normal_contact = true;
      at.normal_state_changes = changes;
      at.contact_nodes = contact_nodes;
      at.normal_seconds = MPI_Wtime() - t0;
      progress(at);
    };
  }
  n.state_changes = model.establishNormalContact(settling, report_seconds);
  n.x = model.surface().surfaceX();
  const auto &width = model.surface().surfaceWidth();
  n.p.assign(n.x.size(), 0.0);
  n.tau.assign(n.x.size(), 0.0);
  for (std::size_t k = 0; k < n.x.size(); ++k) {
    if (!contact.inContact()[k]) continue;
    n.p[k] = contact.state().fz[k] / width[k];
    n.tau[k] = contact.state().fx[k] / width[k];
  }
  n.contact_nodes = static_cast<long long>(contact.contactCount());
  n.contact_patches = static_cast<long long>(contact.contactPatches());
  n.contact_length = contact.contactLength();
  n.hertz_half_width = model.hertzHalfWidth();
  n.interference = contact.interference();
  return n;
}

void recordEvent(const SlipEvent &ev, double Ly, double P, double Lx, SlidingRunResult &r) {
  SlidingEvents &e = r.events;
  e.delta.push_back(ev.delta);
  e.increment.push_back(ev.increment);
  e.type.push_back(static_cast<long long>(ev.type));
  e.node.push_back(ev.node);
  e.state_changes.push_back(ev.state_changes);
  e.friction_force.push_back(ev.friction_force * Ly);
  e.contact_nodes.push_back(ev.contact_nodes);
  e.contact_patches.push_back(ev.contact_patches);
  e.contact_length.push_back(ev.contact_length);
  e.force_drop_over_W.push_back(ev.force_drop / P);
  // Two profile samples per event: before the avalanche's drop, then after it.
  r.profile.delta_over_Lx.push_back(ev.delta / Lx);
  r.profile.F_over_W.push_back((ev.friction_force + ev.force_drop) / P);
  r.profile.delta_over_Lx.push_back(ev.delta / Lx);
  r.profile.F_over_W.push_back(ev.friction_force / P);
  long long *count[3] = {&r.n_slip, &r.n_release, &r.n_contact};
  ++*count[static_cast<int>(ev.type)];
  r.n_state_changes += ev.state_changes;
}

void finish(PinOnSlab &model, SlidingRunResult &r) {
  r.total_travel = model.contact().delta();
  r.n_solves = model.surface().solveCount();
  // Which path ran (solver_path may be auto), the condensed zone and dense memory, the compressed
  // operator's memory (each 0 on the other paths).
  r.solver_path_used = model.solverPathName();
  r.condensed_zone_nodes = model.condensedZoneNodes();
  r.condensed_bytes = static_cast<long long>(model.condensedBytes());
  r.compressed_bytes = static_cast<long long>(model.compressedBytes());
  r.condensations = static_cast<long long>(model.condensed() ? model.condensed()->condensations() : 0);
}

/// Keeps the whole slab after `event` when it is the next one asked for.
void snapshotIfAsked(PinOnSlab &model, long long event, const std::vector<long long> &asked,
                     std::size_t &next, SlidingRunResult &r) {
  if (next >= asked.size() || asked[next] != event) return;
  ++next;
  r.snapshots.push_back({event, model.contact().delta(), model.slabFields(), model.contact().inContact()});
}

} // namespace

SlidingRunResult runSliding(PinOnSlab &model, long long events, const SlidingProgressCallback &progress,
                            double report_seconds, const std::vector<long long> &snapshot_events,
                            const SlidingCheckpoints &checkpoints) {
  FrictionalContact &contact = model.contact();
  const double Lx = model.setup().slab.length_x, Ly = model.setup().slab.depth_y, P = model.loadPerDepth();
  SlidingRunResult r;
  SlidingProgress at;
  at.events_total = events;
  const double t0 = MPI_Wtime();
  long long first_event = 0;
  std::size_t next_snapshot = 0;
  const bool resumed = checkpoints.resume != nullptr;
  if (resumed) {
    // Where the checkpoint left off: normal contact, the events so far and the snapshots among them.
    first_event = at.resumed_at = at.events_done = restoreSlidingRun(model, *checkpoints.resume, r);
    if (checkpoints.restored) checkpoints.restored();
    next_snapshot = r.snapshots.size();
    at.state_changes = at.resumed_state_changes = r.n_state_changes;
    at.F_over_W = r.profile.F_over_W.back();
  } else {
    r.normal = normalContact(model, progress, report_seconds);
    // Eq. 15: K from the response with every contact node stuck, per unit depth times L_y.
    r.lateral_stiffness = contact.lateralStiffness() * Ly;
    r.profile.delta_over_Lx.push_back(0.0);
    r.profile.F_over_W.push_back(contact.frictionForce() / P);
    at.F_over_W = r.profile.F_over_W.back();
  }
  const double start = MPI_Wtime();
  at.normal_seconds = start - t0;
  if (progress) progress(at);
  if (!resumed) snapshotIfAsked(model, 0, snapshot_events, next_snapshot, r);

  // Event-driven sliding (§3.2.1). Progress at every quarter of the events, and at least every
  // report_seconds (fine grids spend hours in the avalanches of steady sliding).
  const long long report_every = std::max<long long>(1, events / 4);
  double last_report = start;
  for (long long e = first_event; e < events; ++e) {
    const SlipEvent ev = contact.advance();
    recordEvent(ev, Ly, P, Lx, r);
    snapshotIfAsked(model, e + 1, snapshot_events, next_snapshot, r);
    if (checkpoints.dueAfter(e + 1, events)) {
      CaseRecord state;
      saveSlidingRun(model, r, e + 1, state);
      checkpoints.save(state);
    }
    const double now = MPI_Wtime();
    if (progress && ((e + 1) % report_every == 0 || now - last_report >= report_seconds)) {
      last_report = now;
      at.events_done = e + 1;
      at.delta_over_Lx = ev.delta / Lx;
      at.F_over_W = ev.friction_force / P;
      at.state_changes = r.n_state_changes;
      at.seconds = now - start;
      progress(at);
    }
  }
  finish(model, r);
  return r;
}

} // namespace tribo
