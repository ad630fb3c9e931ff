// The rigid curved pin of radius R: the exact circle, measured from its lowest point (paper Fig. 1).
#pragma once

#include "tribo/contact/pin_shape.hpp"
#include "tribo/contact/scan_pair.hpp"

#include <cmath>

namespace tribo {

class CurvedPin final : public PinShape {
public:
  explicit CurvedPin(double radius_m) : radius(radius_m), above_factor_((0.5 - 1e-12) / radius_m) {}

  const double radius; // R [m]

  /// Height of the pin surface above its lowest point at horizontal offset xi from its centre.
  /// R - sqrt(R^2 - xi^2), written to keep its digits when xi << R (R/L_x = 200 in the paper).
  double height(double xi) const override {
    return xi * xi / (radius + std::sqrt((radius - xi) * (radius + xi)));
  }
  /// d height / d xi.
  double slope(double xi) const override { return xi / std::sqrt((radius - xi) * (radius + xi)); }
  /// True when the pin at xi is surely higher than `depth` above its lowest point: height >= xi^2 / 2R
  /// (the root is at most R), with a margin for round-off. Lets a gap test skip the root.
  bool clearlyAbove(double xi, double depth) const override { return xi * xi * above_factor_ > depth; }
  /// The same for two nodes (the gap scan's pretest, FrictionalContact::mostOffending), lane by lane.
  scan_pair::Mask clearlyAbove(scan_pair::Value xi, scan_pair::Value depth) const {
    return xi * xi * scan_pair::broadcast(above_factor_) > depth;
  }
  /// The gap at the deformed position is convex in the step (the circle is convex, xi affine in s;
  /// pitfall 8): Newton from the left finds its first root exactly, or shows it has none.
  double firstGapRoot(const GapAlongMotion &g, double limit, double gap_tol,
                      double resolution) const override;
  double bottomRadius() const override { return radius; }

private:
  const double above_factor_; // (1/2 - 1e-12) / R: height >= xi^2 / 2R, less a margin for round-off
};

} // namespace tribo
