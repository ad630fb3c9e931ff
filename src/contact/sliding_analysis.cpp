// Steady state, static peak and avalanches of a sliding run (docs/model.md §§14, 17).
#include "tribo/contact/sliding_analysis.hpp"

#include "tribo/core/log_stage.hpp"

#include <cmath>

namespace tribo {

namespace {

/// Sizes (state changes, integers), force drops over W above 1e-6 (round-off stays below it), and
/// the pin displacement of each event over L_x, over the steady state when there is one.
AvalancheAnalysis analyseAvalanches(const SlidingEvents &ev, const SteadyState &ss, double Lx,
                                    double increment_floor_over_Lx, long long bootstrap) {
  AvalancheAnalysis a;
  a.steady_state_window = ss.reached;
  a.first = ss.reached ? ss.start_index : 0;
  a.last = ss.reached ? ss.end_index + 1 : ev.state_changes.size();
  a.bootstrap = bootstrap;
  const auto B = static_cast<std::size_t>(bootstrap);
  std::vector<double> sizes, positive, steps;
  for (std::size_t i = a.first; i < a.last; ++i) {
    sizes.push_back(static_cast<double>(ev.state_changes[i]));
    if (ev.force_drop_over_W[i] > 1e-6) positive.push_back(ev.force_drop_over_W[i]);
    steps.push_back(ev.increment[i] / Lx);
  }
  a.size = analysePowerLaw(sizes, true, B, avalanche_bootstrap_seed);
  a.size_histogram = logBinnedDensity(sizes, 1.0);
  a.n_positive_drops = static_cast<long long>(positive.size());
  a.drop = analysePowerLaw(positive, false, B, avalanche_bootstrap_seed + 1);
  if (positive.size() >= 2) a.drop_histogram = logBinnedDensity(positive, 1e-6);
  a.increment = analysePowerLaw(steps, false, B, avalanche_bootstrap_seed + 2);
  // Bins anchored at the lower bound of a triggering displacement over sqrt(2), so that events at the
  // bound sit mid-bin and round-off (1 vs 2 ranks) cannot move them across an edge.
  if (!steps.empty() && increment_floor_over_Lx > 0)
    a.increment_histogram = logBinnedDensity(steps, increment_floor_over_Lx / std::sqrt(2.0));
  return a;
}

} // namespace

SlidingAnalysis analyseSliding(const SlidingRunResult &run, double Lx, double W,
                               double increment_floor_over_Lx, long long bootstrap) {
  const LogStageScope stage(logStage("Profile analysis"));
  SlidingAnalysis out;
  // The steady state, from the force after each event (the plateau of Fig. 6), by the trend test.
  const SlidingEvents &ev = run.events;
  std::vector<double> d_after, f_after;
  for (std::size_t i = 0; i < ev.delta.size(); ++i)
    d_after.push_back(ev.delta[i] / Lx), f_after.push_back(ev.friction_force[i] / W);
  out.steady_state = findSteadyState(d_after, f_after);
  const SteadyState &ss = out.steady_state;
  if (ss.reached)
    out.static_peak = findStaticPeak(run.profile.delta_over_Lx, run.profile.F_over_W, ss.mean, ss.stddev);
  out.avalanches = analyseAvalanches(ev, ss, Lx, increment_floor_over_Lx, bootstrap);
  return out;
}

} // namespace tribo
