// Closed forms of F(eps), T(eps) for the uniformly pressed disk: paper values, limits, branches.
#include "tribo/core/error.hpp"
#include "tribo/disk/friction_functions.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

using namespace tribo;

namespace {
constexpr double pi = 3.14159265358979323846;

struct Reference {
  double eps, F, T;
};
// 40-digit mpmath values of the closed forms (T for eps > 1 with the corrected factor eps, which the
// same script checked against an independent ring-by-ring quadrature of Eq. 1), rounded to 20 digits.
const std::vector<Reference> references = {
    {1e-6, 9.99999999999875e-7, 0.66666666666616666667},
    {1e-3, 0.000999999874999984375, 0.66666616666676041668},
    {0.1, 0.099874843259571237807, 0.66167605473041790435},
    {0.25, 0.24803130976099119511, 0.63578612360833580983},
    {0.5, 0.48384375563012581852, 0.54774835477220136116},
    {0.653, 0.61603194184709086574, 0.47169447174857020656},
    {0.9, 0.7957593088999490001, 0.33321169073322700401},
    {0.95, 0.82443459635967369288, 0.306701891819160702},
    {0.99, 0.84440586367528944589, 0.28734025894954330191},
    {0.999999, 0.84882593873890538467, 0.28294254546991590445},
    {1, 0.8488263631567751241, 0.2829421210522583747},
    {1.000001, 0.84882678756526854581, 0.28294169664355274949},
    {1.01, 0.85289556554684370244, 0.27885282834027332312},
    {1.05, 0.86699191277345266872, 0.26434330790589779601},
    {1.1, 0.88135387875832779593, 0.24891650406064400986},
    {2, 0.96768751126025163703, 0.12780919828415108528},
    {4, 0.99212523904396478043, 0.062831396823431288221},
    {10, 0.99874843259571237807, 0.025020892172477348295},
    {1e3, 0.999999874999984375, 0.00025000002083333919271},
    {1e6, 0.999999999999875, 2.5000000000002083199e-7},
};
} // namespace

// Every branch, at points spread over all of them, against high-precision values. 4e-15 relative:
// a few ulps from the elliptic integrals and the short sums; cancellation is kept out of every branch
// (the closed forms lose at most a factor ~1/eps^2 or eps^4 in their ranges, see docs/disk.md).
TEST(DiskFriction, MatchesHighPrecisionValues) {
  for (const auto &r : references) {
    const ForceTorque ft = uniformForceTorque(r.eps);
    EXPECT_NEAR(ft.F, r.F, 4e-15 * r.F) << "eps = " << r.eps;
    EXPECT_NEAR(ft.T, r.T, 4e-15 * r.T) << "eps = " << r.eps;
  }
}

// The values the paper states.
TEST(DiskFriction, PaperLimitsAndValues) {
  EXPECT_EQ(uniformForce(0.0), 0.0);
  EXPECT_NEAR(uniformTorque(0.0), 2.0 / 3.0, 1e-16);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(uniformForce(inf), 1.0);
  EXPECT_EQ(uniformTorque(inf), 0.0);
  // Approach to the limits: F -> 1 and T -> 0 like 1/(4 eps) (docs/disk.md).
  EXPECT_NEAR(uniformForce(1e8), 1.0, 1e-15);
  EXPECT_NEAR(uniformTorque(1e8) * 4e8, 1.0, 1e-12);
  EXPECT_NEAR(uniformForce(1.0), 8.0 / (3.0 * pi), 2e-16);
  EXPECT_NEAR(uniformTorque(1.0), 8.0 / (9.0 * pi), 2e-16);
}

// F'(1) = 4/(3 pi) and T'(1) = -4/(3 pi) from the left and from the right. One-sided differences
// with h = 1e-7: the expansion at 1 is F(1) + F'(1) d + O(d^2 ln d), so the truncation error is
// ~ h |ln h| ~ 2e-6 and rounding ~ 1e-16/h = 1e-9; tolerance 1e-5.
TEST(DiskFriction, SlopesAtOneFromBothSides) {
  const double h = 1e-7;
  const ForceTorque c = uniformForceTorque(1.0), lo = uniformForceTorque(1.0 - h),
                    hi = uniformForceTorque(1.0 + h);
  EXPECT_NEAR((hi.F - c.F) / h, 4.0 / (3.0 * pi), 1e-5);
  EXPECT_NEAR((c.F - lo.F) / h, 4.0 / (3.0 * pi), 1e-5);
  EXPECT_NEAR((hi.T - c.T) / h, -4.0 / (3.0 * pi), 1e-5);
  EXPECT_NEAR((c.T - lo.T) / h, -4.0 / (3.0 * pi), 1e-5);
  // The central difference cancels the symmetric d^2 ln d part: much closer.
  EXPECT_NEAR((hi.F - lo.F) / (2 * h), 4.0 / (3.0 * pi), 1e-7);
  EXPECT_NEAR((hi.T - lo.T) / (2 * h), -4.0 / (3.0 * pi), 1e-7);
}

// Small-argument behaviour the paper uses for Eq. 6: F ~ eps, T(0) - T ~ eps^2/4 ... and f ~ eps/4.
TEST(DiskFriction, SmallEpsSlope) {
  for (double eps : {1e-12, 1e-8, 1e-4}) {
    const ForceTorque ft = uniformForceTorque(eps);
    EXPECT_NEAR(ft.F / eps, 1.0, eps) << eps;
    const double f = eps - ft.F / (2.0 * ft.T);
    EXPECT_NEAR(f / eps, 0.25, 2.0 * eps) << eps;
  }
}

// The symmetry of the closed forms F(1/eps) = F(eps)/eps (the two branches of F map onto each other).
TEST(DiskFriction, ForceReciprocitySymmetry) {
  for (double eps : {1e-5, 0.01, 0.3, 0.49, 0.51, 0.9, 0.97, 0.999, 1.0}) {
    EXPECT_NEAR(uniformForce(1.0 / eps), uniformForce(eps) / eps, 5e-15 * uniformForce(1.0 / eps)) << eps;
  }
}

// Strictly monotonic: F increasing, T decreasing, on a fine log grid where neighbouring values
// differ by more than rounding (F = 1 - O(1/eps^2) is resolvable up to eps ~ 1e6).
TEST(DiskFriction, StrictlyMonotonic) {
  ForceTorque prev = uniformForceTorque(1e-6);
  const int n = 4000;
  for (int i = 1; i <= n; ++i) {
    const double eps = std::pow(10.0, -6.0 + 12.0 * i / n);
    const ForceTorque ft = uniformForceTorque(eps);
    ASSERT_GT(ft.F, prev.F) << "eps = " << eps;
    ASSERT_LT(ft.T, prev.T) << "eps = " << eps;
    prev = ft;
  }
  // Across every branch switch, also at the finest spacing the switch allows.
  const double q = uniform_near_one_q_switch;
  for (double s : {uniform_small_eps_switch, uniform_large_eps_switch, std::sqrt(1.0 - q),
                   1.0 / std::sqrt(1.0 - q), 1.0}) {
    const double a = std::nextafter(s, 0.0) * (1 - 1e-12), b = s * (1 + 1e-12);
    EXPECT_LT(uniformForce(a), uniformForce(b)) << s;
    EXPECT_GT(uniformTorque(a), uniformTorque(b)) << s;
  }
}

// Neighbouring branches agree at each switch to 1e-13 relative (the evaluations are independent:
// power series vs elliptic closed forms vs the logarithmic series).
TEST(DiskFriction, ContinuousAcrossBranchSwitches) {
  const double q = uniform_near_one_q_switch;
  struct Switch {
    double eps;
    UniformBranch a, b;
  };
  const std::vector<Switch> switches = {
      {uniform_small_eps_switch, UniformBranch::small_eps, UniformBranch::elliptic_lo},
      {std::sqrt(1.0 - q), UniformBranch::elliptic_lo, UniformBranch::near_one},
      {1.0 / std::sqrt(1.0 - q), UniformBranch::near_one, UniformBranch::elliptic_hi},
      {uniform_large_eps_switch, UniformBranch::elliptic_hi, UniformBranch::large_eps},
  };
  for (const auto &s : switches) {
    const ForceTorque a = uniformForceTorque(s.eps, s.a), b = uniformForceTorque(s.eps, s.b);
    EXPECT_NEAR(a.F, b.F, 1e-13 * b.F) << "switch at eps = " << s.eps;
    EXPECT_NEAR(a.T, b.T, 1e-13 * b.T) << "switch at eps = " << s.eps;
  }
  // The near-one series covers eps = 1 from both sides: its two halves meet there.
  const ForceTorque lo = uniformForceTorque(std::nextafter(1.0, 0.0)),
                    hi = uniformForceTorque(std::nextafter(1.0, 2.0));
  EXPECT_NEAR(lo.F, hi.F, 1e-15);
  EXPECT_NEAR(lo.T, hi.T, 1e-15);
}

TEST(DiskFriction, NegativeEpsIsInputError) {
  EXPECT_THROW(uniformForceTorque(-0.1), InputError);
  EXPECT_THROW(uniformForceTorque(std::nan("")), InputError);
}
