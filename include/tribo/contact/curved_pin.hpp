// The rigid curved pin of radius R: the exact circle, measured from its lowest point (paper Fig. 1).
#pragma once

#include <cmath>

namespace tribo {

struct CurvedPin {
  double radius; // R [m]

  /// Height of the pin surface above its lowest point at horizontal offset xi from its centre.
  /// R - sqrt(R^2 - xi^2), written to keep its digits when xi << R (R/L_x = 200 in the paper).
  double height(double xi) const { return xi * xi / (radius + std::sqrt((radius - xi) * (radius + xi))); }
  /// d height / d xi.
  double slope(double xi) const { return xi / std::sqrt((radius - xi) * (radius + xi)); }
  /// True when the pin at xi is surely higher than `depth` above its lowest point: height >= xi^2 / 2R
  /// (the root is at most R), with a margin for round-off. Lets a gap test skip the root.
  bool clearlyAbove(double xi, double depth) const { return xi * xi * ((0.5 - 1e-12) / radius) > depth; }
};

} // namespace tribo
