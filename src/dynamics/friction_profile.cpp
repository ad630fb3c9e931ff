// The nanoscale friction profile: scaling to physical units, validation, the bucket table for look-up.
#include "tribo/dynamics/friction_profile.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace tribo {

FrictionProfile scaleProfile(const std::vector<double> &delta_over_Lx, const std::vector<double> &F_over_W,
                             double K_Lx_over_W, double steady_state_start_over_Lx, double L_x, double W) {
  if (!(L_x > 0.0) || !std::isfinite(L_x))
    throw InputError(fmt::format("slab width L_x = {} m: must be in (0, inf)", L_x));
  if (!(W > 0.0) || !std::isfinite(W))
    throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  FrictionProfile profile;
  profile.delta.reserve(delta_over_Lx.size());
  for (double d : delta_over_Lx)
    profile.delta.push_back(d * L_x);
  profile.force.reserve(F_over_W.size());
  for (double f : F_over_W)
    profile.force.push_back(f * W);
  profile.surface_stiffness = K_Lx_over_W * W / L_x;
  profile.steady_state_start = steady_state_start_over_Lx * L_x;
  return profile;
}

void validateProfile(const FrictionProfile &p, const std::string &source) {
  const auto bad = [&](const std::string &what) {
    throw InputError(fmt::format("friction profile {}: {}", source, what));
  };
  if (p.delta.size() != p.force.size())
    bad(fmt::format("delta has {} samples but F has {}: they must have equal lengths", p.delta.size(),
                    p.force.size()));
  if (p.delta.size() < 2) bad(fmt::format("{} samples: at least 2 are needed", p.delta.size()));
  for (std::size_t i = 0; i < p.delta.size(); ++i) {
    if (!std::isfinite(p.delta[i])) bad(fmt::format("delta[{}] = {} is not finite", i, p.delta[i]));
    if (!std::isfinite(p.force[i])) bad(fmt::format("F[{}] = {} is not finite", i, p.force[i]));
    if (i > 0 && p.delta[i] < p.delta[i - 1])
      bad(fmt::format("delta decreases at sample {} ({} < {}): the pin displacement must be non-decreasing",
                      i, p.delta[i], p.delta[i - 1]));
  }
  if (!(p.delta.back() > p.delta.front()))
    bad(fmt::format("delta spans zero length ({} to {})", p.delta.front(), p.delta.back()));
  if (!(p.surface_stiffness > 0.0) || !std::isfinite(p.surface_stiffness))
    bad(fmt::format("surface stiffness K = {} N/m: must be in (0, inf)", p.surface_stiffness));
  if (!std::isfinite(p.steady_state_start) || p.steady_state_start < p.delta.front() ||
      !(p.steady_state_start < p.delta.back()))
    bad(fmt::format("steady-state start {} m: must be in [{}, {}) (the record's first and last delta)",
                    p.steady_state_start, p.delta.front(), p.delta.back()));
}

ProfileLookup::ProfileLookup(FrictionProfile profile) : profile_(std::move(profile)) {
  validateProfile(profile_, "(look-up table)");
  const std::vector<double> &d = profile_.delta;
  first_ = d.front();
  last_ = d.back();
  steady_state_start_ = profile_.steady_state_start;
  period_ = profile_.period();
  const std::size_t n_buckets = 4 * d.size();
  buckets_per_metre_ = static_cast<double>(n_buckets) / (last_ - first_);
  bucket_start_.resize(n_buckets);
  // Bucket b starts at first_ + b / buckets_per_metre_; its first interval is the last i with
  // d[i] <= that edge (a zero-length interval is skipped by the forward walk in interpolate()).
  std::size_t i = 0;
  for (std::size_t b = 0; b < n_buckets; ++b) {
    const double edge = first_ + static_cast<double>(b) / buckets_per_metre_;
    while (i + 2 < d.size() && d[i + 1] <= edge)
      ++i;
    bucket_start_[b] = i;
  }
}

} // namespace tribo
