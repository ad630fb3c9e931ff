// What the event log of a friction profile says about its avalanches (paper §1, Burridge-Knopoff / OFC
// and mean-field discussion). The steady state is in steady_state.hpp.
#pragma once

#include <cstddef>
#include <vector>

namespace tribo {

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
