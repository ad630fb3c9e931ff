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

// The gap scan's pretest (FrictionalContact::mostOffending) takes two nodes at a time: each lane must say
// what the scalar test says, NaN included (not clearly above: the node-by-node test looks).
TEST(CurvedPin, ClearlyAboveOfAPairIsTheScalarTestInEachLane) {
  const CurvedPin pin{0.2};
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  auto check = [&](double xi0, double xi1, double d0, double d1) {
    const tribo::scan_pair::Mask m =
        pin.clearlyAbove(tribo::scan_pair::Value{xi0, xi1}, tribo::scan_pair::Value{d0, d1});
    EXPECT_EQ(m[0] != 0, pin.clearlyAbove(xi0, d0)) << "xi " << xi0 << " depth " << d0;
    EXPECT_EQ(m[1] != 0, pin.clearlyAbove(xi1, d1)) << "xi " << xi1 << " depth " << d1;
    EXPECT_TRUE(m[0] == 0 || m[0] == -1);
    EXPECT_TRUE(m[1] == 0 || m[1] == -1);
  };
  for (int i = 0; i < 100000; ++i) {
    double xi[2], d[2];
    for (int l = 0; l < 2; ++l) {
      xi[l] = pin.radius * unit(rng) * std::pow(10.0, -6.0 * std::abs(unit(rng)));
      d[l] = pin.height(xi[l]) * (1 + std::pow(10.0, -16.0 * std::abs(unit(rng))) * unit(rng));
    }
    check(xi[0], xi[1], d[0], d[1]);
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  check(nan, 1e-3, 0.0, 0.99 * pin.height(1e-3));
  check(1e-3, 1e-3, nan, pin.height(1e-3));
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

// Any bound above the root (by more than its round-off; the search's bound lies 2e-9 above the smallest
// step, Smallest::reach) gives the root to the last bit: Newton approaches the convex gap's first root
// from below, so the bound (set by the event search's order and its split among the ranks) never cuts an
// iteration that leads to it.
TEST(CurvedPin, FirstGapRootDoesNotDependOnTheBoundAboveIt) {
  const CurvedPin circle{0.2};
  const tribo::PinShape &pin = circle;
  const double inf = std::numeric_limits<double>::infinity();
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int found = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const double xc = 3e-4;
    tribo::GapAlongMotion g{xc + 2e-4 * unit(rng), 1e-7 * unit(rng), 0.05 * unit(rng), xc, 2e-8,
                            1e-3 * unit(rng),      1e-9 * unit(rng), 1e-3 * unit(rng)};
    g.interference = circle.height(g.xi(0)) + g.w - 1e-8 * std::abs(unit(rng)) - 1e-12; // a gap > 0 at 0
    const double s = pin.firstGapRoot(g, inf, 1e-20, 1e-12);
    if (std::isinf(s)) continue;
    ++found;
    for (double above : {s * (1 + 1e-9), s * (1 + 2e-9), 1.5 * s, 10 * s})
      ASSERT_EQ(pin.firstGapRoot(g, above, 1e-20, 1e-12), s) << "trial " << trial << ", bound " << above;
    EXPECT_TRUE(std::isinf(pin.firstGapRoot(g, s, 1e-20, 1e-12))) << "trial " << trial; // at the root: none
  }
  EXPECT_GT(found, 500);
}
