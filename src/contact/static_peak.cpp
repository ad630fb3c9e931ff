// The first major peak of a friction profile, the paper's mu_s (rule in static_peak.hpp).
#include "tribo/contact/static_peak.hpp"

#include "tribo/core/error.hpp"

#include <fmt/format.h>

namespace tribo {

StaticPeak findStaticPeak(const std::vector<double> &delta, const std::vector<double> &force,
                          double plateau_mean, double plateau_stddev) {
  const std::size_t n = force.size();
  if (delta.size() != n)
    throw SolverError(fmt::format("static peak: {} delta samples but {} forces", delta.size(), n));
  StaticPeak p;
  std::size_t rise_end = n;
  for (std::size_t i = 0; i < n && rise_end == n; ++i)
    if (force[i] >= plateau_mean) rise_end = i;
  if (rise_end == n) {
    p.reason = fmt::format("the profile never reaches its plateau mean {:.6g}", plateau_mean);
    return p;
  }
  std::size_t fall_back = n;
  for (std::size_t i = rise_end + 1; i < n && fall_back == n; ++i)
    if (force[i] < plateau_mean - plateau_stddev) fall_back = i;
  if (fall_back == n) {
    p.reason = fmt::format("the profile does not fall back below the plateau band (mean - std = {:.6g}) "
                           "after its rise",
                           plateau_mean - plateau_stddev);
    return p;
  }
  std::size_t k = 0;
  for (std::size_t i = 1; i < fall_back; ++i)
    if (force[i] > force[k]) k = i;
  p.index = k;
  p.delta = delta[k];
  p.force = force[k];
  p.prominence = plateau_stddev > 0 ? (force[k] - plateau_mean) / plateau_stddev : 0.0;
  if (!(force[k] >= plateau_mean + major_peak_sigmas * plateau_stddev)) {
    p.reason =
        fmt::format("the highest F before the profile falls back, {:.6g}, is {:.2f} standard deviations "
                    "above the plateau mean: a major peak needs {:g}",
                    force[k], p.prominence, major_peak_sigmas);
    return p;
  }
  p.found = true;
  return p;
}

} // namespace tribo
