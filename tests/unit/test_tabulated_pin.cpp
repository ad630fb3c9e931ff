// The tabulated pin (docs/model.md §8.1): the interpolant, the clearly-above bound and the exact first
// root of the gap along the pin's motion, against closed forms and a brute-force scan.
#include "tribo/contact/curved_pin.hpp"
#include "tribo/contact/tabulated_pin.hpp"
#include "tribo/core/error.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

using tribo::GapAlongMotion;
using tribo::TabulatedPin;

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();

// A wavy pin: a circle's bottom with a ripple, so the gap along the motion is not convex.
double wavy(double x) {
  return x * x / 0.4 + 2e-9 * std::sin(x / 7e-6);
}
// A coarse table of a strong ripple: its pieces have interior extrema, a gap may cross twice in one.
double coarseRipple(double x) {
  return x * x / 0.4 + 3e-8 * std::sin(x / 3e-5);
}

TabulatedPin table(double (*h)(double), double half, int n, bool jitter) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  std::vector<double> x(n), y(n);
  const double dx = 2 * half / (n - 1);
  for (int i = 0; i < n; ++i) {
    x[i] = -half + i * dx + (jitter && i > 0 && i + 1 < n ? u(rng) * dx : 0.0);
    y[i] = h(x[i]);
  }
  return TabulatedPin(x, y, "test table");
}
} // namespace

// The three-point slopes are exact for a parabola, and a cubic Hermite with exact slopes reproduces it.
TEST(TabulatedPin, ReproducesAParabolaOnAnUnevenGrid) {
  auto parabola = [](double x) { return 3.0 * (x - 1e-4) * (x - 1e-4) + 1e-9; };
  const TabulatedPin pin = table(+parabola, 1e-3, 101, true);
  for (double xi = -9.9e-4; xi < 1e-3; xi += 1.37e-5) {
    EXPECT_NEAR(pin.height(xi), parabola(xi), 1e-13 * (parabola(xi) + 1e-9)) << xi;
    EXPECT_NEAR(pin.slope(xi), 6.0 * (xi - 1e-4), 1e-9 * std::abs(6.0 * (xi - 1e-4)) + 1e-14) << xi;
  }
  EXPECT_NEAR(pin.bottomRadius(), 1 / 6.0, 1e-9);
}

TEST(TabulatedPin, AFineCircleTableIsTheCircle) {
  const tribo::CurvedPin circle{0.2};
  const TabulatedPin pin = table(
      +[](double x) { return x * x / (0.2 + std::sqrt((0.2 - x) * (0.2 + x))); }, 1e-3, 4001, false);
  for (double xi = -9.99e-4; xi < 1e-3; xi += 3.1e-6) {
    EXPECT_NEAR(pin.height(xi), circle.height(xi), 1e-13 * circle.height(xi) + 1e-24) << xi;
    EXPECT_NEAR(pin.slope(xi), circle.slope(xi), 1e-10 * std::abs(circle.slope(xi)) + 1e-16) << xi;
  }
  EXPECT_NEAR(pin.bottomRadius() / 0.2, 1.0, 1e-10);
}

// clearlyAbove may only claim a height the interpolant really exceeds, down to its last bits, even on a
// rough table whose pieces overshoot their nodes.
TEST(TabulatedPin, ClearlyAboveNeverHidesAPenetration) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> x(300), h(300);
  for (int i = 0; i < 300; ++i) {
    x[i] = -1e-3 + i * (2e-3 / 299) + (i > 0 && i < 299 ? 2e-6 * unit(rng) : 0.0);
    h[i] = x[i] * x[i] / 0.4 + 1e-8 * unit(rng);
  }
  const TabulatedPin pin(x, h, "rough");
  int claimed = 0;
  for (int i = 0; i < 200000; ++i) {
    const double xi = 1e-3 * unit(rng);
    const double ht = pin.height(xi);
    const double d = ht + std::abs(ht) * std::pow(10.0, -16.0 * std::abs(unit(rng))) * unit(rng) +
                     (i % 2 ? 2e-8 * unit(rng) : 0.0);
    if (pin.clearlyAbove(xi, d)) {
      ++claimed;
      EXPECT_GT(ht, d) << "xi " << xi << " depth " << d;
    }
  }
  EXPECT_GT(claimed, 10000);                  // it does skip
  EXPECT_FALSE(pin.clearlyAbove(2e-3, -1.0)); // off the table: never claimed
}

// The first root, against a brute-force scan of the gap: positive before it, zero at it, on a wavy pin
// (several roots along the motion) for nodes on either side, with the slab's rates.
class FirstGapRoot : public testing::TestWithParam<int> {};

TEST_P(FirstGapRoot, IsTheFirstCrossing) {
  const TabulatedPin pin =
      GetParam() == 0 ? table(&wavy, 1e-3, 2001, true) : table(&coarseRipple, 1e-3, 41, true);
  const double depth_spread = GetParam() == 0 ? 1e-9 : 6e-8;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int found = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double xc = 5e-4, x = xc + 3e-4 * unit(rng);
    GapAlongMotion g{x,    1e-7 * unit(rng), 0.2 * unit(rng),  xc,
                     1e-8, 1e-4 * unit(rng), 1e-9 * unit(rng), 1e-4 * unit(rng)};
    const double xi0 = g.xi(0);
    g.interference = pin.height(xi0) + g.w - depth_spread * std::abs(unit(rng)) - 1e-12; // a gap > 0 at s = 0
    const double s = pin.firstGapRoot(g, inf, 1e-18, 1e-12);
    const double span = 4e-4; // scan the motion up to here, staying on the table
    auto gap = [&](double t) { return g.gap(t, pin.height(g.xi(t))); };
    const double end = std::isinf(s) ? span : s;
    for (int i = 0; i < 4000; ++i) {
      const double t = end * i / 4000.0;
      ASSERT_GT(gap(t), -1e-18) << "trial " << trial << ": the gap is negative at " << t << " before " << s;
    }
    if (!std::isinf(s)) {
      ++found;
      EXPECT_LE(std::abs(gap(s)), 1e-18) << "trial " << trial;
      EXPECT_TRUE(std::isinf(pin.firstGapRoot(g, 0.5 * s, 1e-18, 1e-12)) ||
                  pin.firstGapRoot(g, 0.5 * s, 1e-18, 1e-12) >= 0.5 * s);
      // Any bound above the root gives the root to the last bit (the event search's order and its split
      // among the ranks set the bound, at least 2e-9 above the smallest step: Smallest::reach).
      for (double above : {s * (1 + 1e-9), s * (1 + 2e-9), 1.5 * s, 10 * s})
        EXPECT_EQ(pin.firstGapRoot(g, above, 1e-18, 1e-12), s) << "trial " << trial << ", bound " << above;
    }
  }
  EXPECT_GT(found, 100);
}

INSTANTIATE_TEST_SUITE_P(FineAndCoarse, FirstGapRoot, testing::Values(0, 1));

TEST(TabulatedPin, RefusesWhatIsNotAProfile) {
  const std::vector<double> h{1, 0, 0, 1};
  EXPECT_THROW(TabulatedPin({0, 1, 1, 2}, h, "t"), tribo::InputError);      // not a function of x
  EXPECT_THROW(TabulatedPin({0, 2, 1, 3}, h, "t"), tribo::InputError);      // x decreasing
  EXPECT_THROW(TabulatedPin({0, 1, 2, NAN}, h, "t"), tribo::InputError);    // non-finite
  EXPECT_THROW(TabulatedPin({0, 1, 2}, {1, 0, 1}, "t"), tribo::InputError); // too short
  const TabulatedPin pin({0, 1, 2, 3}, {1, 0, 0.5, 1}, "t");
  EXPECT_THROW(pin.height(3.5), tribo::SolverError); // off the table, named
}
