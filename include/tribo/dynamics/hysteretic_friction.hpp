// Friction from the nanoscale profile with hysteresis: the relaxation-point rule of Eqs. 13-15.
#pragma once

#include "tribo/dynamics/friction_profile.hpp"

#include <algorithm>
#include <memory>

namespace tribo {

/// The interface as an elastic-plastic element (paper §2.2.2): elastic with stiffness K about the
/// relaxation point x_R until the force reaches the profile F~(x), which then caps it and drags x_R along.
///
///   F(x) = clamp(K (x - x_R), -F~+(x), +F~+(x)),  F~+ = max(F~, 0)          (Eq. 13)
///   after an accepted time step, if the cap was active: x_R = x - F(x)/K      (Eq. 14)
///
/// Eq. 13's two branches are one clamp: for x > x_R it is min(K(x - x_R), F~(x)); for x < x_R it is
/// -min(K|x - x_R|, F~(x)), the cap being the same profile value in both directions (the paper's sign
/// handling). A negative F~ (noise below zero) would make the cap meaningless, so the cap is F~+.
/// x_R is only ever assigned when the cap is active, so rounding never makes it drift while sticking.
class HystereticFriction {
public:
  HystereticFriction(std::shared_ptr<const ProfileLookup> profile, double relaxation_point = 0.0)
      : profile_(std::move(profile)), K_(profile_->profile().surface_stiffness), x_R_(relaxation_point) {}

  /// Eq. 13 with the current (frozen) relaxation point.
  double force(double x) const {
    const double cap = std::max((*profile_)(x), 0.0);
    return std::clamp(K_ * (x - x_R_), -cap, cap);
  }

  /// Eq. 14, applied once per accepted step at the step's end position.
  void accept(double x) {
    const double elastic = K_ * (x - x_R_);
    const double cap = std::max((*profile_)(x), 0.0);
    if (elastic > cap)
      x_R_ = x - cap / K_;
    else if (elastic < -cap)
      x_R_ = x + cap / K_;
  }

  double relaxationPoint() const { return x_R_; }
  double surfaceStiffness() const { return K_; }

private:
  std::shared_ptr<const ProfileLookup> profile_;
  double K_;
  double x_R_;
};

} // namespace tribo
