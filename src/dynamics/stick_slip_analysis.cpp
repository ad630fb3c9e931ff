// Macroscopic stick/slip classification of a pin record, slip onsets, re-sticks, mu_s and mu_k (§3.3).
#include "tribo/dynamics/stick_slip_analysis.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

namespace {

struct Run {
  bool stuck;
  std::size_t first, last; // inclusive sample indices
};

std::vector<Run> runsOf(const std::vector<char> &stuck) {
  std::vector<Run> runs;
  for (std::size_t i = 0; i < stuck.size(); ++i) {
    if (runs.empty() || runs.back().stuck != static_cast<bool>(stuck[i]))
      runs.push_back({static_cast<bool>(stuck[i]), i, i});
    else
      runs.back().last = i;
  }
  return runs;
}

} // namespace

StickSlipSummary analyseStickSlip(const PinTrajectory &rec, const PinParameters &pin, double W,
                                  const StickDetection &rule) {
  if (!(rule.velocity_tolerance > 0.0))
    throw InputError(
        fmt::format("stick velocity tolerance = {} m/s: must be in (0, inf)", rule.velocity_tolerance));
  if (!(rule.min_duration >= 0.0))
    throw InputError(fmt::format("stick minimum duration = {} s: must be in [0, inf)", rule.min_duration));
  if (!(W > 0.0)) throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  StickSlipSummary out;
  const std::size_t n = rec.t.size();
  if (n == 0) return out;
  out.stuck.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    out.stuck[i] = std::fabs(rec.v[i]) < rule.velocity_tolerance;
  // A run of samples stands for the time between its first and last sample plus one spacing.
  const double spacing = n > 1 ? rec.t[1] - rec.t[0] : 0.0;
  const auto duration = [&](const Run &r) { return rec.t[r.last] - rec.t[r.first] + spacing; };

  // Rule 2: short bursts inside a stick are part of the stick.
  auto runs = runsOf(out.stuck);
  for (std::size_t r = 1; r + 1 < runs.size(); ++r)
    if (!runs[r].stuck && duration(runs[r]) < rule.min_duration)
      for (std::size_t i = runs[r].first; i <= runs[r].last; ++i)
        out.stuck[i] = 1;
  // Rule 3: short stuck runs are passing zeros of the speed.
  runs = runsOf(out.stuck);
  for (const Run &r : runs)
    if (r.stuck && duration(r) < rule.min_duration)
      for (std::size_t i = r.first; i <= r.last; ++i)
        out.stuck[i] = 0;
  runs = runsOf(out.stuck);

  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (runs[r].stuck) {
      if (r > 0) out.resticks.push_back(rec.t[runs[r].first]);
      if (r + 1 < runs.size()) {
        const std::size_t i = runs[r].last;
        out.slip_onsets.push_back(rec.t[i]);
        out.mu_s.push_back(pin.drivingForce(rec.t[i], rec.x[i], rec.v[i]) / W);
      }
    }
  }
  double sum = 0.0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!out.stuck[i]) {
      sum += rec.friction_force[i];
      ++count;
    }
  for (const Run &r : runs)
    if (!r.stuck) out.sliding_time += duration(r);
  if (count > 0) out.mu_k = sum / static_cast<double>(count) / W;
  return out;
}

} // namespace tribo
