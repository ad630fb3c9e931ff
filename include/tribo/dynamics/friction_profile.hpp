// The nanoscale friction profile F~(delta_p) of paper §3.2 as data, with O(1) periodic look-up (§2.2.2).
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace tribo {

/// A friction force record of the quasistatic contact simulation in physical units (Fig. 6 scaled by
/// L_x and W). Samples are in the order of the event loop: delta is non-decreasing, and a repeated
/// delta is a force drop at constant pin position (a slip event); the value just right of such a
/// position is the last sample written there.
struct FrictionProfile {
  std::vector<double> delta;       // pin displacement delta_p [m]
  std::vector<double> force;       // friction force F~(delta_p) [N]
  double surface_stiffness = 0.0;  // K = dF~/d delta_p without slip [N/m], Eq. 15
  double steady_state_start = 0.0; // delta_ss [m]: F~ on [delta_ss, delta_last] repeats periodically

  /// Length of the periodic steady-state portion, delta_last - delta_ss [m].
  double period() const { return delta.back() - steady_state_start; }
};

/// The dimensionless record of the contact study (F/W against delta_p/L_x, K L_x/W, delta_ss/L_x)
/// scaled to physical units by the slab width L_x [m] and the normal load W [N] (§3.2.2).
FrictionProfile scaleProfile(const std::vector<double> &delta_over_Lx, const std::vector<double> &F_over_W,
                             double K_Lx_over_W, double steady_state_start_over_Lx, double L_x, double W);

/// Throws InputError naming `source` unless: at least two samples, equal lengths, all values finite,
/// delta non-decreasing with delta_last > delta_first, K finite and > 0, and
/// delta_first <= delta_ss < delta_last.
void validateProfile(const FrictionProfile &profile, const std::string &source);

/// F~(x) for any pin position x, evaluated in O(1):
///  - inside [delta_first, delta_last]: piecewise-linear interpolation of the samples, right-continuous
///    at repeated positions;
///  - beyond delta_last: the steady-state portion repeated with period delta_last - delta_ss (§3.3);
///  - below delta_first: the record mirrored about delta_first (a virgin interface loaded backwards is
///    taken to behave as one loaded forwards; the paper's pin never goes there far).
/// The interval containing x is found through a uniform bucket table (4 buckets per sample, each
/// holding the first interval that reaches into it) and a short forward walk inside the bucket, so a
/// call costs O(1) and the object is immutable (safe to share).
class ProfileLookup {
public:
  explicit ProfileLookup(FrictionProfile profile); // validates
  double operator()(double x) const {
    if (x < first_) x = 2.0 * first_ - x;
    if (x > last_) x = steady_state_start_ + std::fmod(x - steady_state_start_, period_);
    return interpolate(x);
  }
  const FrictionProfile &profile() const { return profile_; }

private:
  double interpolate(double x) const {
    const double *d = profile_.delta.data();
    const std::size_t last_interval = profile_.delta.size() - 2;
    std::size_t bucket = static_cast<std::size_t>((x - first_) * buckets_per_metre_);
    if (bucket >= bucket_start_.size()) bucket = bucket_start_.size() - 1;
    std::size_t i = bucket_start_[bucket];
    while (i > 0 && d[i] > x)
      --i; // rounding at a bucket edge
    while (i < last_interval && d[i + 1] <= x)
      ++i;
    const double width = d[i + 1] - d[i];
    if (width <= 0.0) return profile_.force[i + 1];
    const double s = (x - d[i]) / width;
    return profile_.force[i] + s * (profile_.force[i + 1] - profile_.force[i]);
  }

  FrictionProfile profile_;
  double first_ = 0.0, last_ = 0.0, steady_state_start_ = 0.0, period_ = 0.0;
  double buckets_per_metre_ = 0.0;
  std::vector<std::size_t> bucket_start_;
};

} // namespace tribo
