// Log-binned densities of avalanche data (the histograms of the figures); the power-law analysis is in
// power_law.hpp, the steady state in steady_state.hpp.
#pragma once

#include <cstddef>
#include <vector>

namespace tribo {

/// Log-binned probability density: bins [x_min 2^k, x_min 2^(k+1)), density = count / (n * width).
struct LogHistogram {
  std::vector<double> bin_lower, bin_upper, density;
};
LogHistogram logBinnedDensity(const std::vector<double> &samples, double x_min);

} // namespace tribo
