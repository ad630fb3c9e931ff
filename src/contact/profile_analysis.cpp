// Log-binned densities of avalanche data.
#include "tribo/contact/profile_analysis.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tribo {

LogHistogram logBinnedDensity(const std::vector<double> &samples, double x_min) {
  LogHistogram h;
  if (samples.empty() || x_min <= 0) return h;
  const double x_max = *std::max_element(samples.begin(), samples.end());
  for (double lo = x_min; lo <= x_max; lo *= 2) {
    h.bin_lower.push_back(lo);
    h.bin_upper.push_back(2 * lo);
  }
  std::vector<double> counts(h.bin_lower.size(), 0.0);
  for (double x : samples)
    if (x >= x_min) {
      const auto k = static_cast<std::size_t>(std::floor(std::log2(x / x_min)));
      counts[std::min(k, counts.size() - 1)] += 1;
    }
  const double n = double(samples.size());
  for (std::size_t k = 0; k < counts.size(); ++k)
    h.density.push_back(counts[k] / (n * (h.bin_upper[k] - h.bin_lower[k])));
  return h;
}

} // namespace tribo
