// The rigid pin's shape as the contact sees it (docs/model.md §8, §12, §16): its height above its lowest
// point, its slope, the first root of a free node's gap along the pin's motion, and a cheap bound that
// lets the gap scan skip the height.
#pragma once

namespace tribo {

/// A free node's gap as the pin moves on by s (docs/model.md §12): the node's horizontal offset from the
/// pin's centre is xi(s) = x + u + s du - x_c - s, and the gap is
/// g(s) = h(xi(s)) - (interference + s interference_rate) + w + s dw. Written out term by term so that
/// every shape evaluates it in the same order (the circle's numbers stay bitwise what they were).
struct GapAlongMotion {
  double x, u, du;                        // the node, its displacement and rate per unit step [m, m, -]
  double pin_center;                      // x_c [m]
  double interference, interference_rate; // d [m] and dd/ds [-]
  double w, dw;                           // the node's deflection (downward) and its rate [m, -]

  double xi(double s) const { return x + u + s * du - pin_center - s; }
  double xiRate() const { return du - 1.0; }
  /// The gap once the pin's height h at xi(s) is known.
  double gap(double s, double height) const {
    return height - (interference + s * interference_rate) + w + s * dw;
  }
  /// dg/ds once the pin's slope at xi(s) is known.
  double gapRate(double slope) const { return slope * (du - 1.0) - interference_rate + dw; }
};

/// What the contact algorithm needs of the pin. xi is the horizontal offset from the pin's centre [m];
/// heights are measured upward from the pin's lowest point (or any fixed level: the interference
/// absorbs an offset).
class PinShape {
public:
  virtual ~PinShape() = default;
  /// h(xi) [m].
  virtual double height(double xi) const = 0;
  /// h'(xi) [-].
  virtual double slope(double xi) const = 0;
  /// True only where h(xi) > depth surely (round-off included): the gap scan then skips h (§16).
  virtual bool clearlyAbove(double xi, double depth) const = 0;
  /// The first s > 0 at which the gap reaches zero (to within gap_tol), or +inf when there is none
  /// before `limit` (the event search, §12: the smallest step so far; a root found at or past it may be
  /// returned, the caller keeps the smallest). `resolution` is the smallest step worth resolving [m].
  virtual double firstGapRoot(const GapAlongMotion &g, double limit, double gap_tol,
                              double resolution) const = 0;
  /// The radius of curvature at the lowest point [m]: Hertz's estimates (first guess, condensed zone).
  virtual double bottomRadius() const = 0;
};

} // namespace tribo
