// The analysis of a sliding run (the log stage "Profile analysis"): the steady state (docs/model.md §14), the
// static peak mu_s of the profile, and the avalanche statistics (§17) over the steady state's events.
#pragma once

#include "tribo/contact/power_law.hpp"
#include "tribo/contact/profile_analysis.hpp"
#include "tribo/contact/sliding_run.hpp"
#include "tribo/contact/static_peak.hpp"
#include "tribo/contact/steady_state.hpp"

#include <cstdint>
#include <optional>

namespace tribo {

/// The bootstrap's seed, fixed: the same data give the same errors and p-values on every run.
constexpr std::uint64_t avalanche_bootstrap_seed = 2009;

/// Avalanche statistics over events [first, last) (the steady state when there is one).
struct AvalancheAnalysis {
  std::size_t first = 0, last = 0;
  bool steady_state_window = false;
  long long bootstrap = 0;
  PowerLawAnalysis size, drop, increment; // sizes (discrete), force drops over W > 1e-6, steps / L_x
  LogHistogram size_histogram;
  long long n_positive_drops = 0;
  std::optional<LogHistogram> drop_histogram;      // at least 2 positive drops
  std::optional<LogHistogram> increment_histogram; // steps and a positive floor
};

struct SlidingAnalysis {
  SteadyState steady_state;
  std::optional<StaticPeak> static_peak; // tested only with a steady state
  AvalancheAnalysis avalanches;
};

/// Analyses `run` of a slab of length L_x [m] under W [N]; `increment_floor_over_Lx` is the lower
/// bound on a triggering displacement over L_x; `bootstrap` the resamples (0 skips them).
SlidingAnalysis analyseSliding(const SlidingRunResult &run, double Lx, double W,
                               double increment_floor_over_Lx, long long bootstrap);

} // namespace tribo
