// What a friction profile F(delta) and its event log say: the steady state (for the dynamics) and the
// statistics of avalanches (paper §1, Burridge-Knopoff / OFC and mean-field discussion).
#pragma once

#include <cstddef>
#include <vector>

namespace tribo {

/// The noisy plateau that follows the near-linear rise (paper Fig. 6).
struct SteadyState {
  std::size_t start_index = 0; // first sample of the plateau
  double start_delta = 0;      // pin displacement there [m or dimensionless, as given]
  double mean = 0, stddev = 0; // of F over the plateau
  double period = 0;           // length of the plateau in delta: the spatial period of its extension
};

/// The plateau starts where F first reaches the mean of the record's second half (the rise is
/// monotone on average; the second half is taken to be steady). Mean and standard deviation are over
/// [start, end]. Needs at least 4 samples.
SteadyState findSteadyState(const std::vector<double> &delta, const std::vector<double> &force);

/// A maximum-likelihood power law p(x) ~ x^-alpha for x >= x_min (Clauset, Shalizi, Newman 2009):
/// alpha = 1 + n / sum ln(x_i / x_min'), x_min' = x_min - 1/2 for integer data (their discrete
/// approximation), x_min for continuous data; standard error (alpha - 1) / sqrt(n).
struct PowerLawFit {
  double alpha = 0, alpha_error = 0, x_min = 0;
  std::size_t n_tail = 0;
};
PowerLawFit fitPowerLaw(const std::vector<double> &samples, double x_min, bool discrete);

/// Log-binned probability density: bins [x_min 2^k, x_min 2^(k+1)), density = count / (n * width).
struct LogHistogram {
  std::vector<double> bin_lower, bin_upper, density;
};
LogHistogram logBinnedDensity(const std::vector<double> &samples, double x_min);

} // namespace tribo
