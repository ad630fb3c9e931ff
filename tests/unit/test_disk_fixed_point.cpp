// The fixed point eps0 of Eq. 6 for every pressure distribution, and its stability.
#include "tribo/core/error.hpp"
#include "tribo/disk/fixed_point.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

// Paper: eps0 ~ 0.653 for the uniform disk. Reference 0.65300178920559763899 from 40-digit mpmath
// (closed forms). Tolerance 1e-12: the root is refined to 1e-14 relative and f is accurate to a
// few ulps, so |eps0 error| <= |f error| / |f'(eps0)| ~ 1e-15 / 0.6.
TEST(DiskFixedPoint, UniformMatchesPaper) {
  const FixedPoint fp = findFixedPoint(makeFrictionCurve(PressureProfile::uniform()));
  ASSERT_TRUE(fp.interior);
  EXPECT_NEAR(fp.eps0, 0.653, 5e-4); // the paper's printed value
  EXPECT_NEAR(fp.eps0, 0.65300178920559763899, 1e-12);
  // Stable: f'(eps0) = -0.615114446972 (mpmath); central difference good to ~1e-8.
  EXPECT_NEAR(fp.slope, -0.615114446972, 1e-7);
  EXPECT_LT(fp.slope, 0.0);
}

// The same root from the contact quadrature instead of the closed forms, and from the direct
// (special-function-free) quadrature: both within 1e-10 of the closed-form root.
TEST(DiskFixedPoint, UniformFromQuadratures) {
  const auto p = PressureProfile::uniform();
  const FixedPoint ring = findFixedPoint(makeFrictionCurve(p, {}, false));
  EXPECT_NEAR(ring.eps0, 0.65300178920559763899, 1e-10);
  ContactQuadratureOptions direct;
  direct.method = ContactQuadrature::direct;
  // Bracket the scan tightly to keep the slow direct quadrature to a few dozen evaluations.
  const FixedPoint d = findFixedPoint(makeFrictionCurve(p, direct, false), 0.5, 1e-14, 0.1, 10.0);
  EXPECT_NEAR(d.eps0, 0.65300178920559763899, 1e-10);
}

// The CD annulus (hole 1.5 cm in 6 cm) and a tabulated profile: roots against 25-digit mpmath
// roots of the same f (ring formula with unreduced K, E); 1e-10.
TEST(DiskFixedPoint, AnnulusAndTable) {
  const FixedPoint cd = findFixedPoint(makeFrictionCurve(PressureProfile::annulus(0.125)));
  ASSERT_TRUE(cd.interior);
  EXPECT_NEAR(cd.eps0, 0.678447940308428065, 1e-10);
  EXPECT_LT(cd.slope, 0.0);
  const FixedPoint tab =
      findFixedPoint(makeFrictionCurve(PressureProfile::table({0.0, 0.5, 1.0}, {1.0, 2.0, 0.5})));
  ASSERT_TRUE(tab.interior);
  EXPECT_NEAR(tab.eps0, 0.346775484751372221, 1e-10);
  EXPECT_LT(tab.slope, 0.0);
}

// Hertz pressure: F'(0) = 3 pi/8 = 2 T(0) exactly, so f = eps - F/(2T) has no linear term, and
// mpmath gives f = -0.75 eps^3 + ... < 0 for every eps > 0 (f(0.1) = -7.5376e-4, f(1) = -1).
// There is no interior fixed point: eps -> 0 at the stop (sliding dies out relative to spinning).
TEST(DiskFixedPoint, HertzHasNoInteriorFixedPoint) {
  const auto curve = makeFrictionCurve(PressureProfile::hertz());
  const FixedPoint fp = findFixedPoint(curve);
  EXPECT_FALSE(fp.interior);
  EXPECT_EQ(fp.eps0, 0.0);
  EXPECT_NEAR(fixedPointRhs(curve(0.1), 0.1), -0.0007537593273, 1e-12);
  EXPECT_NEAR(fixedPointRhs(curve(1.0), 1.0), -1.0, 1e-12);
  EXPECT_NEAR(fixedPointRhs(curve(0.01), 0.01) / 1e-6, -0.7500375009, 1e-6);
}

// Eq. 6 asymptotics the paper states for the uniform disk: f ~ eps/4 (small), f ~ -eps (large).
TEST(DiskFixedPoint, UniformAsymptotics) {
  const auto curve = makeFrictionCurve(PressureProfile::uniform());
  EXPECT_NEAR(fixedPointRhs(curve(1e-6), 1e-6) / 1e-6, 0.25, 1e-6);
  EXPECT_NEAR(fixedPointRhs(curve(1e6), 1e6) / 1e6, -1.0, 1e-6);
}

TEST(DiskFixedPoint, BadInertiaFactor) {
  EXPECT_THROW(findFixedPoint(makeFrictionCurve(PressureProfile::uniform()), -0.5), InputError);
}
