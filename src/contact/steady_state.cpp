// The stationarity test of a friction profile: block means of the late record, the t test of their
// least-squares trend (Schmeiser 1982; Flyvbjerg & Petersen 1989), the plateau where it passes.
#include "tribo/contact/steady_state.hpp"

#include "tribo/core/error.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numeric>

namespace tribo {

SteadyState findSteadyState(const std::vector<double> &delta, const std::vector<double> &force) {
  const std::size_t n = force.size();
  if (delta.size() != n)
    throw SolverError(fmt::format("steady state: {} delta samples but {} forces", delta.size(), n));
  SteadyState s;
  constexpr std::size_t n_min = StationarityTest::min_samples;
  if (n < n_min) {
    s.reason = fmt::format("{} samples: the stationarity test needs at least {} ({} blocks of {})", n, n_min,
                           StationarityTest::blocks, StationarityTest::min_block_samples);
    if (n > 0) s.end_index = n - 1, s.start_delta = delta.front(), s.end_delta = delta.back();
    return s;
  }

  // The window: from where F first reaches the mean of the second half, to the end.
  const double late_mean = std::accumulate(force.begin() + n / 2, force.end(), 0.0) / double(n - n / 2);
  s.start_index = n / 2;
  for (std::size_t i = 0; i < n; ++i)
    if (force[i] >= late_mean) {
      s.start_index = i;
      break;
    }
  s.end_index = n - 1;
  s.start_delta = delta[s.start_index];
  s.end_delta = delta[s.end_index];
  const std::size_t m = n - s.start_index;
  if (m < n_min) {
    s.reason =
        fmt::format("the window from the first sample at the late mean (index {}) holds {} samples: "
                    "the stationarity test needs at least {} (the late record is still rising, or too short)",
                    s.start_index, m, n_min);
    return s;
  }

  // Block means: B blocks of consecutive samples, sizes differing by at most one.
  const std::size_t B = StationarityTest::blocks;
  std::vector<double> x(B, 0.0), y(B, 0.0);
  for (std::size_t b = 0; b < B; ++b) {
    const std::size_t lo = s.start_index + b * m / B, hi = s.start_index + (b + 1) * m / B;
    for (std::size_t i = lo; i < hi; ++i)
      x[b] += delta[i], y[b] += force[i];
    x[b] /= double(hi - lo);
    y[b] /= double(hi - lo);
  }
  s.blocks = B;
  const double xm = std::accumulate(x.begin(), x.end(), 0.0) / double(B);
  const double ym = std::accumulate(y.begin(), y.end(), 0.0) / double(B);
  double sxx = 0, sxy = 0, syy = 0;
  for (std::size_t b = 0; b < B; ++b)
    sxx += (x[b] - xm) * (x[b] - xm), sxy += (x[b] - xm) * (y[b] - ym), syy += (y[b] - ym) * (y[b] - ym);

  // The window's own mean and band (reported only if stationary, but needed for the scale below).
  double mean = std::accumulate(force.begin() + s.start_index, force.end(), 0.0) / double(m), var = 0;
  for (std::size_t i = s.start_index; i < n; ++i)
    var += (force[i] - mean) * (force[i] - mean);
  const double stddev = std::sqrt(var / double(m - 1));

  // Least-squares line through the block means, slope standard error from their residuals (B - 2 dof).
  const double dof = double(B - 2);
  const double span = s.end_delta - s.start_delta;
  if (!(sxx > 0)) {
    s.reason = "the window spans no pin displacement: no trend can be fitted";
    return s;
  }
  s.trend_slope = sxy / sxx;
  const double rss = std::max(syy - s.trend_slope * sxy, 0.0);
  s.trend_slope_error = std::sqrt(rss / dof / sxx);
  s.trend_drift = s.trend_slope * span;
  // Block means equal to round-off (a constant or exactly periodic record): no trend at all.
  const double roundoff = 1e-12 * (std::fabs(mean) + stddev);
  if (std::fabs(s.trend_drift) <= roundoff) {
    s.trend_t = 0;
    s.trend_p = 1;
  } else if (!(s.trend_slope_error * span > roundoff)) {
    s.trend_t = std::copysign(INFINITY, s.trend_slope);
    s.trend_p = 0;
  } else {
    s.trend_t = s.trend_slope / s.trend_slope_error;
    const boost::math::students_t t_dist(dof);
    s.trend_p = 2 * boost::math::cdf(boost::math::complement(t_dist, std::fabs(s.trend_t)));
  }
  if (s.trend_p < StationarityTest::significance) {
    s.reason = fmt::format("the block means of the window [{}, {}] have a trend: F changes by {:.4g} over it "
                           "(t = {:.3g} with {} dof, p = {:.2g} < {})",
                           s.start_index, s.end_index, s.trend_drift, s.trend_t, B - 2, s.trend_p,
                           StationarityTest::significance);
    return s;
  }
  s.reached = true;
  s.mean = mean;
  s.stddev = stddev;
  s.mean_error = std::sqrt(syy / double(B - 1) / double(B));
  s.period = span;
  return s;
}

} // namespace tribo
