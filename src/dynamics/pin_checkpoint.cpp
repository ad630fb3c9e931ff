// The pin integration's checkpoint: the step, the integrated vector, the friction's state, the record.
#include "tribo/dynamics/pin_checkpoint.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/state_archive.hpp"

#include <fmt/format.h>

namespace tribo {

namespace {

constexpr const char *prefix = "dynamics";

void saveTrajectory(const StateWriter &out, const PinTrajectory &tr) {
  out.put("t", tr.t), out.put("x", tr.x), out.put("v", tr.v);
  out.put("spring_force", tr.spring_force), out.put("friction_force", tr.friction_force);
  out.put("work_driving", tr.work_driving), out.put("work_friction", tr.work_friction);
  out.put("theta", tr.theta), out.put("stability_limit", tr.stability_limit);
  std::vector<long long> kind;
  std::vector<double> t, x, driving;
  for (const PinEvent &e : tr.events) {
    kind.push_back(static_cast<long long>(e.kind));
    t.push_back(e.t), x.push_back(e.x), driving.push_back(e.driving_force);
  }
  out.putIntegers("event_kind", kind);
  out.put("event_t", t), out.put("event_x", x), out.put("event_driving_force", driving);
}

void restoreTrajectory(const StateReader &in, PinTrajectory &tr) {
  tr.t = in.values("t"), tr.x = in.values("x"), tr.v = in.values("v");
  tr.spring_force = in.values("spring_force"), tr.friction_force = in.values("friction_force");
  tr.work_driving = in.values("work_driving"), tr.work_friction = in.values("work_friction");
  tr.theta = in.values("theta"), tr.stability_limit = in.value("stability_limit");
  for (const auto *a :
       {&tr.x, &tr.v, &tr.spring_force, &tr.friction_force, &tr.work_driving, &tr.work_friction})
    if (a->size() != tr.t.size()) throw IoError("the checkpoint's pin record is incomplete");
  if (!tr.theta.empty() && tr.theta.size() != tr.t.size())
    throw IoError("the checkpoint's pin record is incomplete");
  const auto kind = in.integers<long long>("event_kind");
  const std::vector<double> &t = in.values("event_t"), &x = in.values("event_x"),
                            &driving = in.values("event_driving_force");
  if (t.size() != kind.size() || x.size() != kind.size() || driving.size() != kind.size())
    throw IoError("the checkpoint's pin events are incomplete");
  tr.events.clear();
  for (std::size_t i = 0; i < kind.size(); ++i)
    tr.events.push_back({static_cast<PinEventKind>(kind[i]), t[i], x[i], driving[i]});
}

} // namespace

void savePinIntegration(const RunCheckpoints &checkpoints, const PinIntegrationState &state,
                        const PinTrajectory &so_far) {
  CaseRecord checkpoint;
  const StateWriter out(checkpoint, prefix);
  out.putInteger("steps_done", state.steps_done);
  out.put("y", state.y);
  out.put("carried", state.carried);
  saveTrajectory(out.sub("trajectory"), so_far);
  checkpoints.save(checkpoint);
}

PinIntegrationState restorePinIntegration(const CaseRecord &checkpoint, std::size_t y_size,
                                          std::size_t carried_size, const IntegrationSettings &settings,
                                          PinTrajectory &so_far) {
  const StateReader in(checkpoint, prefix);
  PinIntegrationState state;
  state.steps_done = in.integer("steps_done");
  state.y = in.values("y");
  state.carried = in.values("carried");
  restoreTrajectory(in.sub("trajectory"), so_far);
  const long long steps = stepCount(settings);
  const auto samples = static_cast<std::size_t>(state.steps_done / settings.output_stride + 1);
  if (state.y.size() != y_size || state.carried.size() != carried_size || state.steps_done < 1 ||
      state.steps_done >= steps || so_far.t.size() != samples)
    throw IoError(fmt::format("the checkpoint of the pin ({} steps of {}, {} samples, {} + {} values) "
                              "does not fit this integration ({} steps, {} + {} values)",
                              state.steps_done, steps, so_far.t.size(), state.y.size(), state.carried.size(),
                              steps, y_size, carried_size));
  return state;
}

long long savedPinSteps(const CaseRecord &checkpoint) {
  return StateReader(checkpoint, prefix).integer("steps_done");
}

} // namespace tribo
