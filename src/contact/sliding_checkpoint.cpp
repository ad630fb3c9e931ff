// The profile run's checkpoint: the arrays collected so far, the snapshots, and the contact.
#include "tribo/contact/sliding_checkpoint.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/state_archive.hpp"

#include <fmt/format.h>

namespace tribo {

namespace {

void saveNormal(const StateWriter &out, const NormalContactResult &n) {
  out.put("x", n.x), out.put("p", n.p), out.put("tau", n.tau);
  out.putIntegers("counts", std::vector<long long>{n.state_changes, n.contact_nodes, n.contact_patches});
  out.put("measures", {n.contact_length, n.hertz_half_width, n.interference});
}

void restoreNormal(const StateReader &in, NormalContactResult &n) {
  n.x = in.values("x"), n.p = in.values("p"), n.tau = in.values("tau");
  const auto counts = in.integers<long long>("counts");
  const std::vector<double> &m = in.values("measures");
  if (counts.size() != 3 || m.size() != 3) throw IoError("the checkpoint's normal contact is incomplete");
  n.state_changes = counts[0], n.contact_nodes = counts[1], n.contact_patches = counts[2];
  n.contact_length = m[0], n.hertz_half_width = m[1], n.interference = m[2];
}

void saveEvents(const StateWriter &out, const SlidingEvents &e) {
  out.put("delta", e.delta), out.put("increment", e.increment);
  out.putIntegers("type", e.type), out.putIntegers("node", e.node);
  out.putIntegers("state_changes", e.state_changes);
  out.put("friction_force", e.friction_force);
  out.putIntegers("contact_nodes", e.contact_nodes), out.putIntegers("contact_patches", e.contact_patches);
  out.put("contact_length", e.contact_length), out.put("force_drop_over_W", e.force_drop_over_W);
}

void restoreEvents(const StateReader &in, SlidingEvents &e) {
  e.delta = in.values("delta"), e.increment = in.values("increment");
  e.type = in.integers<long long>("type"), e.node = in.integers<long long>("node");
  e.state_changes = in.integers<long long>("state_changes");
  e.friction_force = in.values("friction_force");
  e.contact_nodes = in.integers<long long>("contact_nodes");
  e.contact_patches = in.integers<long long>("contact_patches");
  e.contact_length = in.values("contact_length"), e.force_drop_over_W = in.values("force_drop_over_W");
}

void saveSnapshot(const StateWriter &out, const SlabSnapshot &s) {
  out.putInteger("event", s.event), out.put("delta", s.delta);
  out.put("u", s.fields.u), out.put("w", s.fields.w), out.put("fx", s.fields.fx), out.put("fz", s.fields.fz);
  out.putIntegers("in_contact", s.in_contact);
}

SlabSnapshot restoreSnapshot(const StateReader &in) {
  SlabSnapshot s;
  s.event = in.integer("event"), s.delta = in.value("delta");
  s.fields = {in.values("u"), in.values("w"), in.values("fx"), in.values("fz")};
  s.in_contact = in.integers<char>("in_contact");
  return s;
}

} // namespace

void saveSlidingRun(PinOnSlab &model, const SlidingRunResult &run, long long events_done, CaseRecord &state) {
  const StateWriter out(state, "sliding");
  out.putInteger("events_done", events_done);
  saveNormal(out.sub("normal"), run.normal);
  saveEvents(out.sub("events"), run.events);
  out.put("profile_delta_over_Lx", run.profile.delta_over_Lx);
  out.put("profile_F_over_W", run.profile.F_over_W);
  out.putIntegers("counts",
                  std::vector<long long>{run.n_slip, run.n_release, run.n_contact, run.n_state_changes});
  out.put("lateral_stiffness", run.lateral_stiffness);
  out.putInteger("snapshots", static_cast<long long>(run.snapshots.size()));
  for (std::size_t i = 0; i < run.snapshots.size(); ++i)
    saveSnapshot(out.sub(fmt::format("snapshot_{}", i)), run.snapshots[i]);
  model.contact().saveState(out.sub("contact"));
}

long long restoreSlidingRun(PinOnSlab &model, const CaseRecord &state, SlidingRunResult &run) {
  const StateReader in(state, "sliding");
  const long long events_done = in.integer("events_done");
  restoreNormal(in.sub("normal"), run.normal);
  restoreEvents(in.sub("events"), run.events);
  run.profile.delta_over_Lx = in.values("profile_delta_over_Lx");
  run.profile.F_over_W = in.values("profile_F_over_W");
  const auto counts = in.integers<long long>("counts");
  if (counts.size() != 4 || static_cast<long long>(run.events.delta.size()) != events_done)
    throw IoError("the checkpoint's events are incomplete");
  run.n_slip = counts[0], run.n_release = counts[1], run.n_contact = counts[2],
  run.n_state_changes = counts[3];
  run.lateral_stiffness = in.value("lateral_stiffness");
  run.snapshots.clear();
  for (long long i = 0, n = in.integer("snapshots"); i < n; ++i)
    run.snapshots.push_back(restoreSnapshot(in.sub(fmt::format("snapshot_{}", i))));
  model.contact().restoreState(in.sub("contact"));
  return events_done;
}

} // namespace tribo
