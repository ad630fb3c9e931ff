// Equations of motion of the disk (Eqs. 2-6): pure motions, common stop, eps -> eps0, scaling.
#include "tribo/core/error.hpp"
#include "tribo/disk/disk_motion.hpp"
#include "tribo/disk/fixed_point.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

namespace {
const FrictionCurve uniform = makeFrictionCurve(PressureProfile::uniform());
constexpr double eps0_uniform = 0.65300178920559763899; // mpmath, see test_disk_fixed_point
} // namespace

// Pure sliding (omega0 = 0): F(inf) = 1, T(inf) = 0, so dv*/dt* = -1 and omega* stays 0 exactly;
// the stop is at t* = v0* and the path is v0*^2/2. Located by TSEvent to 1e-14 v0.
TEST(DiskMotion, PureSlidingStaysPure) {
  const Trajectory tr = integrateMotion(uniform, DiskBody::dimensionless(), 2.0, 0.0);
  EXPECT_EQ(tr.kind, Trajectory::Kind::pure_sliding);
  EXPECT_NEAR(tr.stop_time, 2.0, 1e-12);
  EXPECT_NEAR(tr.stop_distance, 2.0, 1e-12);
  for (double w : tr.omega)
    ASSERT_EQ(w, 0.0);
  EXPECT_TRUE(std::isinf(tr.final_eps));
  EXPECT_EQ(tr.v.back(), 0.0);
}

// Pure spinning (v0 = 0): F(0) = 0 keeps v* = 0; domega*/dt* = -2 T(0) = -4/3, stop at 3 omega0*/4.
TEST(DiskMotion, PureSpinningStaysPure) {
  const Trajectory tr = integrateMotion(uniform, DiskBody::dimensionless(), 0.0, 3.0);
  EXPECT_EQ(tr.kind, Trajectory::Kind::pure_spinning);
  EXPECT_NEAR(tr.stop_time, 2.25, 1e-12);
  EXPECT_NEAR(tr.stop_angle, 9.0 * 3.0 / 8.0, 1e-12); // omega0^2 / (2 * 4/3)
  for (double v : tr.v)
    ASSERT_EQ(v, 0.0);
  EXPECT_EQ(tr.final_eps, 0.0);
}

// Fig. 3: for initial conditions with both speeds non-zero, over eps(0) from 1e-3 to 1e3, v* and
// omega* decrease monotonically, stay positive until the stop, vanish together, and eps -> eps0.
// final_eps tolerance 1e-8: phase 2 runs over Delta x = ln(switch/end) = 64, where |eps - eps0|
// contracts like exp(f'(eps0) x) = exp(-0.615 x), far below the 1e-10 integration tolerance.
TEST(DiskMotion, SlidingAndSpinningStopTogether) {
  for (double eps_init : {1e-3, 0.1, 0.653, 1.0, 5.0, 100.0, 1e3}) {
    const double omega0 = 1.0, v0 = eps_init * omega0;
    const Trajectory tr = integrateMotion(uniform, DiskBody::dimensionless(), v0, omega0);
    ASSERT_EQ(tr.kind, Trajectory::Kind::mixed);
    const std::size_t n = tr.t.size();
    ASSERT_GT(n, 20u);
    for (std::size_t i = 0; i + 1 < n; ++i) {
      ASSERT_GT(tr.v[i], 0.0) << "eps(0) = " << eps_init << " sample " << i;
      ASSERT_GT(tr.omega[i], 0.0) << "eps(0) = " << eps_init << " sample " << i;
      // Late in phase 2 the time increments fall below the integration error of the elapsed time.
      ASSERT_LE(tr.t[i], tr.t[i + 1] + 1e-12 * tr.stop_time);
      ASSERT_LE(tr.v[i + 1], tr.v[i]);
      ASSERT_LE(tr.omega[i + 1], tr.omega[i]);
    }
    EXPECT_EQ(tr.v.back(), 0.0);
    EXPECT_EQ(tr.omega.back(), 0.0);
    EXPECT_NEAR(tr.final_eps, eps0_uniform, 1e-8) << "eps(0) = " << eps_init;
    // Just before the stop the ratio is already eps0 (Fig. 3b), with both speeds tiny.
    EXPECT_NEAR(tr.eps[n - 2], eps0_uniform, 1e-8);
    EXPECT_LT(tr.omega[n - 2], 1e-20);
  }
}

// The stop time does not depend on where the integration hands over from Eqs. 4-5 in t to Eq. 6 in
// x (from almost at once to omega = 1e-6 omega0), nor on the tolerance: 1e-8 relative.
TEST(DiskMotion, StopTimeIndependentOfSwitchAndTolerance) {
  const auto body = DiskBody::dimensionless();
  MotionOptions ref;
  ref.rel_tol = 1e-12;
  const double t_ref = integrateMotion(uniform, body, 0.7, 2.0, ref).stop_time;
  for (double sw : {0.9999, 0.5, 1e-2, 1e-6}) {
    MotionOptions o;
    o.switch_ratio = sw;
    const Trajectory tr = integrateMotion(uniform, body, 0.7, 2.0, o);
    EXPECT_NEAR(tr.stop_time, t_ref, 1e-8 * t_ref) << "switch_ratio " << sw;
    EXPECT_NEAR(tr.final_eps, eps0_uniform, 1e-8);
  }
}

// Eqs. 2-3 with (R, m, mu, g) are Eqs. 4-5 under the paper's scaling: the dimensional stop time,
// distance and final eps equal the dimensionless ones scaled (1e-8, the integration tolerance).
TEST(DiskMotion, DimensionalMatchesDimensionlessScaling) {
  DiskBody cd;
  cd.radius = 0.06;
  cd.mass = 0.016;
  cd.mu = 0.202;
  cd.g = 9.81;
  const double v0 = 1.2, omega0 = 25.0; // m/s, rad/s
  const Trajectory dim = integrateMotion(uniform, cd, v0, omega0);
  const Trajectory star = integrateMotion(uniform, DiskBody::dimensionless(), v0 / cd.velocityScale(),
                                          omega0 / cd.angularVelocityScale());
  EXPECT_NEAR(dim.stop_time, star.stop_time * cd.timeScale(), 1e-8 * dim.stop_time);
  EXPECT_NEAR(dim.stop_distance, star.stop_distance * cd.velocityScale() * cd.timeScale(),
              1e-8 * dim.stop_distance);
  EXPECT_NEAR(dim.final_eps, star.final_eps, 1e-9);
  // Eq. 2 directly: the initial deceleration is mu g F(eps(0)).
  const double eps_init = v0 / (cd.radius * omega0);
  const double a0 = (dim.v[0] - dim.v[1]) / (dim.t[1] - dim.t[0]);
  EXPECT_NEAR(a0, cd.mu * cd.g * uniformForce(eps_init), 1e-3 * a0);
}

// Hertz pressure has no interior fixed point (f < 0): eps decreases all the way, like
// f ~ -0.75 eps^3, so it is still O(0.1) when omega has dropped by 1e-30; both speeds still stop
// together, at a finite time.
TEST(DiskMotion, HertzEpsDecreasesToTheStop) {
  const auto hertz = makeFrictionCurve(PressureProfile::hertz());
  const Trajectory tr = integrateMotion(hertz, DiskBody::dimensionless(), 1.0, 1.0);
  EXPECT_LT(tr.final_eps, 0.2);
  EXPECT_GT(tr.final_eps, 0.0);
  for (std::size_t i = 0; i + 2 < tr.eps.size(); ++i)
    ASSERT_LE(tr.eps[i + 1], tr.eps[i] * (1 + 1e-9));
  EXPECT_TRUE(std::isfinite(tr.stop_time));
}

TEST(DiskMotion, BadInput) {
  const auto body = DiskBody::dimensionless();
  EXPECT_THROW(integrateMotion(uniform, body, 0.0, 0.0), InputError);
  EXPECT_THROW(integrateMotion(uniform, body, -1.0, 1.0), InputError);
  DiskBody bad = body;
  bad.radius = -0.06;
  EXPECT_THROW(integrateMotion(uniform, bad, 1.0, 1.0), InputError);
  bad = body;
  bad.mass = -1;
  EXPECT_THROW(integrateMotion(uniform, bad, 1.0, 1.0), InputError);
  bad = body;
  bad.mu = -0.2;
  EXPECT_THROW(integrateMotion(uniform, bad, 1.0, 1.0), InputError);
}
