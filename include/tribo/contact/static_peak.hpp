// The static friction of a friction profile: its first major peak (paper §3.3, "the static coefficient
// of friction corresponds to a major peak in the nanoscale friction force profile"), docs/model.md §14.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tribo {

/// found: the peak F (mu_s when F is F/W) at delta, sample `index`; otherwise `reason` says why not.
struct StaticPeak {
  bool found = false;
  std::string reason;
  std::size_t index = 0;
  double delta = 0, force = 0;
  double prominence = 0; // (force - plateau mean) / plateau standard deviation
};

/// The rule, on a profile (delta, F) whose steady state has plateau mean m and standard deviation s:
///  1. the rise ends at the first sample with F >= m;
///  2. the profile falls back at the first later sample with F < m - s (below the plateau's band);
///  3. the peak is the largest F before that sample (the first such sample if several are equal);
///  4. it is major when F_peak >= m + major_peak_sigmas * s.
/// Without 1 or 2 the profile does not rise and fall back; without 4 it has no major peak.
constexpr double major_peak_sigmas = 2.0;
StaticPeak findStaticPeak(const std::vector<double> &delta, const std::vector<double> &force,
                          double plateau_mean, double plateau_stddev);

} // namespace tribo
