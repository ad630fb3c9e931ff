// Contact quadrature of Eq. 1 and the torque for axisymmetric pressures: against closed forms and mpmath.
#include "tribo/core/error.hpp"
#include "tribo/disk/contact_integral.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

using namespace tribo;

namespace {
const std::vector<double> eps_grid = {1e-3, 0.01,  0.1, 0.3, 0.5, 0.653, 0.9,   0.999,
                                      1.0,  1.001, 1.1, 2.0, 3.0, 10.0,  100.0, 1e3};

void expectRelNear(double a, double b, double rel, const char *what, double eps) {
  EXPECT_NEAR(a, b, rel * std::abs(b)) << what << " at eps = " << eps;
}
} // namespace

// Uniform pressure, ring quadrature (elliptic ring averages, radial Gauss-Kronrod split at rho = eps)
// against the closed forms: 1e-12 relative (requested quadrature accuracy 1e-13, plus rounding).
TEST(DiskContact, RingQuadratureMatchesClosedFormsUniform) {
  const auto p = PressureProfile::uniform();
  for (double eps : eps_grid) {
    const ForceTorque q = contactForceTorque(p, eps), c = uniformForceTorque(eps);
    expectRelNear(q.F, c.F, 1e-12, "F", eps);
    expectRelNear(q.T, c.T, 1e-12, "T", eps);
  }
}

// The direct 2-D quadrature uses no special function at all. Required agreement 1e-10 relative.
// Its own rounding: the angular average of a unit vector cancels to F ~ eps (small eps) or T ~ 1/eps
// (large eps), so its relative error grows like 1e-16 max(1/eps, eps); over [1e-3, 1e3] that is <= 1e-13.
TEST(DiskContact, DirectQuadratureMatchesClosedFormsUniform) {
  const auto p = PressureProfile::uniform();
  ContactQuadratureOptions direct;
  direct.method = ContactQuadrature::direct;
  for (double eps : eps_grid) {
    const ForceTorque q = contactForceTorque(p, eps, direct), c = uniformForceTorque(eps);
    expectRelNear(q.F, c.F, 1e-10, "F", eps);
    expectRelNear(q.T, c.T, 1e-10, "T", eps);
  }
}

// Non-uniform pressures against 25-digit mpmath quadratures of the ring formula written with the
// unreduced K(k), E(k) of each ring (an independent form). Ring and direct quadrature both 1e-10.
TEST(DiskContact, NonUniformPressuresMatchMpmath) {
  struct Ref {
    double eps, F, T;
  };
  const std::vector<Ref> hertz = {
      {0.01, 0.0117806779266504506, 0.588989719894763758}, {0.3, 0.345477017124452575, 0.537823481709748283},
      {0.653, 0.687288656516727716, 0.378036820065072285}, {1, 0.883572933822129348, 0.220893233455532337},
      {2.5, 0.983712682040159232, 0.0809532566416769726},  {20, 0.999749932989165015, 0.0100017868314152753}};
  const std::vector<Ref> annulus = {{0.01, 0.00888977859051880257, 0.675881474808041293},
                                    {0.3, 0.285772997757470572, 0.632105932186472246},
                                    {0.653, 0.610010252465509517, 0.479086440125934877},
                                    {1, 0.846457844452154104, 0.287371180771160048},
                                    {2.5, 0.979259280640563061, 0.102982374101066557},
                                    {20, 0.999682517903939398, 0.0126979598546127478}};
  const std::vector<Ref> table = {{0.1, 0.106829099509440863, 0.599489036381463393},
                                  {0.653, 0.67861953149437974, 0.389546047505593633},
                                  {1, 0.879139187903300571, 0.228971577549684335},
                                  {3, 0.988365700526458415, 0.0695192236417755596}};
  const std::vector<std::pair<PressureProfile, const std::vector<Ref> *>> cases = {
      {PressureProfile::hertz(), &hertz},
      {PressureProfile::annulus(0.75 / 6.0), &annulus}, // the CD: hole diameter 1.5 cm, R = 6 cm
      {PressureProfile::table({0.0, 0.5, 1.0}, {1.0, 2.0, 0.5}), &table}};
  ContactQuadratureOptions direct;
  direct.method = ContactQuadrature::direct;
  for (const auto &[p, refs] : cases) {
    for (const auto &r : *refs) {
      const ForceTorque q = contactForceTorque(p, r.eps);
      expectRelNear(q.F, r.F, 1e-10, p.name().c_str(), r.eps);
      expectRelNear(q.T, r.T, 1e-10, p.name().c_str(), r.eps);
      const ForceTorque d = contactForceTorque(p, r.eps, direct);
      expectRelNear(d.F, r.F, 1e-10, p.name().c_str(), r.eps);
      expectRelNear(d.T, r.T, 1e-10, p.name().c_str(), r.eps);
    }
  }
}

// Limits for any pressure: F(0) = 0, T(0) = mean lever arm, F(inf) = 1, T(inf) = 0, and the
// first-order slopes F ~ eps pi int p drho, T ~ <rho^2>/(2 eps) (docs/disk.md).
TEST(DiskContact, LimitsForAnyPressure) {
  const double pi = 3.14159265358979323846;
  const auto hertz = PressureProfile::hertz();
  EXPECT_EQ(contactForceTorque(hertz, 0.0).F, 0.0);
  EXPECT_NEAR(contactForceTorque(hertz, 0.0).T, 3.0 * pi / 16.0, 1e-15);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(contactForceTorque(hertz, inf).F, 1.0);
  EXPECT_EQ(contactForceTorque(hertz, inf).T, 0.0);
  // Hertz: F'(0) = pi * (3/(2 pi)) * pi/4 = 3 pi/8; <rho^2> = 2/5.
  const double small = 1e-6, large = 1e6;
  EXPECT_NEAR(contactForceTorque(hertz, small).F / small, 3.0 * pi / 8.0, 1e-6);
  EXPECT_NEAR(contactForceTorque(hertz, large).T * 2.0 * large, hertz.meanRho2(), 1e-6);
  EXPECT_NEAR(hertz.meanRho2(), 0.4, 1e-15);
}

// A tabulated Hertz profile converges to the analytic one. Linear interpolation errs by O(h^2)
// inside but O(h^1.5) in the last interval at the square-root edge, which dominates: refining the
// table 4x must cut the error by 4^1.5 = 8 (observed order 1.5 +- 0.25), and at h = 1/4000 the
// error is ~ h^1.5 ~ 4e-6 relative.
TEST(DiskContact, TabulatedHertzConvergesToHertz) {
  auto tabulated = [](int n) {
    std::vector<double> rho, p;
    for (int i = 0; i <= n; ++i) {
      rho.push_back(static_cast<double>(i) / n);
      p.push_back(std::sqrt(std::max(0.0, 1.0 - rho.back() * rho.back())));
    }
    return PressureProfile::table(rho, p);
  };
  const auto hertz = PressureProfile::hertz();
  const auto coarse = tabulated(1000), fine = tabulated(4000);
  for (double eps : {0.2, 0.653, 2.0}) {
    const ForceTorque b = contactForceTorque(hertz, eps);
    const ForceTorque c = contactForceTorque(coarse, eps), f = contactForceTorque(fine, eps);
    const double order_T = std::log2(std::abs(c.T - b.T) / std::abs(f.T - b.T)) / 2.0;
    EXPECT_NEAR(order_T, 1.5, 0.25) << eps;
    EXPECT_NEAR(f.F, b.F, 1e-5 * b.F) << eps;
    EXPECT_NEAR(f.T, b.T, 1e-5 * b.T) << eps;
  }
}

TEST(DiskContact, BadPressureTablesAreInputErrors) {
  EXPECT_THROW(PressureProfile::table({0.0, 0.5, 1.0}, {1.0, -0.1, 1.0}), InputError);
  EXPECT_THROW(PressureProfile::table({0.0, 0.5, 1.0}, {0.0, 0.0, 0.0}), InputError);
  EXPECT_THROW(PressureProfile::table({0.0, 0.5, 0.4}, {1.0, 1.0, 1.0}), InputError);
  EXPECT_THROW(PressureProfile::table({0.0, 1.5}, {1.0, 1.0}), InputError);
  EXPECT_THROW(PressureProfile::table({0.0}, {1.0}), InputError);
  EXPECT_THROW(PressureProfile::annulus(1.0), InputError);
  EXPECT_THROW(contactForceTorque(PressureProfile::uniform(), -1.0), InputError);
}
