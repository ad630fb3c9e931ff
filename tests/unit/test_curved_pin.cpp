// The pin's circle (docs/model.md §8): its height, its slope, and the bound the gap scan uses to skip
// the root (§16).
#include "tribo/contact/curved_pin.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>

using tribo::CurvedPin;

TEST(CurvedPin, HeightIsTheCircleAndSlopeItsDerivative) {
  const CurvedPin pin{0.2}; // R/L_x = 200 for L_x = 1 mm
  for (double xi : {-0.15, -1e-3, -1e-7, 0.0, 2e-6, 5e-4, 0.19}) {
    const long double R = pin.radius, x = xi;
    const double exact = static_cast<double>(R - std::sqrt(R * R - x * x));
    EXPECT_NEAR(pin.height(xi), exact, 1e-15 * pin.radius) << "xi " << xi;
    // Well away from xi = 0 the cancellation in R - sqrt(...) costs the long double form its digits.
    if (std::abs(xi) > 1e-4) {
      EXPECT_NEAR(pin.height(xi) / exact, 1.0, 1e-12) << "xi " << xi;
    }
    const double h = 1e-6 * std::max(std::abs(xi), 1e-3);
    const double fd = (pin.height(xi + h) - pin.height(xi - h)) / (2 * h);
    EXPECT_NEAR(pin.slope(xi), fd, 1e-6 * std::max(std::abs(fd), 1e-3)) << "xi " << xi;
  }
}

// clearlyAbove(xi, d) may skip the gap's root only where height(xi) > d: it must never claim a pin that
// sits at or below d, not even within round-off of d, anywhere on the circle.
TEST(CurvedPin, ClearlyAboveNeverHidesAPenetration) {
  const CurvedPin pin{0.2};
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int claimed = 0;
  for (int i = 0; i < 200000; ++i) {
    const double xi = pin.radius * unit(rng) * std::pow(10.0, -6.0 * std::abs(unit(rng)));
    const double h = pin.height(xi);
    // Depths just above and just below the pin at xi, down to the last bits of h.
    const double d = h * (1 + std::pow(10.0, -16.0 * std::abs(unit(rng))) * unit(rng));
    if (pin.clearlyAbove(xi, d)) {
      ++claimed;
      EXPECT_GT(h, d) << "xi " << xi << " depth " << d;
    }
  }
  // It does skip: where the depth is well below the pin near the bottom (h ~ xi^2/2R), it claims.
  EXPECT_GT(claimed, 10000);
  EXPECT_TRUE(pin.clearlyAbove(1e-3, 0.99 * pin.height(1e-3)));
  EXPECT_FALSE(pin.clearlyAbove(1e-3, pin.height(1e-3)));
  EXPECT_FALSE(pin.clearlyAbove(0.19, 0.9 * pin.height(0.19))); // far up the circle the bound is loose
}

// The event search's root (docs/model.md §12): a node on a rigid surface to the right of the pin, the
// pin moving right at a fixed interference d, touches where the circle is d high: xi = sqrt(R^2 - (R-d)^2).
TEST(CurvedPin, FirstGapRootIsWhereTheCircleReachesTheDepth) {
  const CurvedPin circle{0.2};
  const tribo::PinShape &pin = circle;
  const double d = 2e-8, x = 5e-4, xc = 3e-4;
  const tribo::GapAlongMotion g{x, 0.0, 0.0, xc, d, 0.0, 0.0, 0.0};
  const double R = circle.radius, xi_touch = std::sqrt((2 * R - d) * d);
  const double s = pin.firstGapRoot(g, std::numeric_limits<double>::infinity(), 1e-20, 1e-12);
  EXPECT_NEAR(s, (x - xc) - xi_touch, 1e-13 * (x - xc));
  // Moving away (a node to the left) there is no root.
  const tribo::GapAlongMotion left{1e-4, 0.0, 0.0, xc, d, 0.0, 0.0, 0.0};
  EXPECT_TRUE(std::isinf(pin.firstGapRoot(left, std::numeric_limits<double>::infinity(), 1e-20, 1e-12)));
}
