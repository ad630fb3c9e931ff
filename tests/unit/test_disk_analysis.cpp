// The experiment's analysis step: F and T recovered from decelerations and from video-like frames.
#include "tribo/core/error.hpp"
#include "tribo/disk/throw_analysis.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

namespace {
DiskBody cd() {
  DiskBody b;
  b.radius = 0.06; // the CD of the experiment
  b.mass = 0.016;
  b.g = 9.81;
  return b;
}
const FrictionDrift paper_drift{0.202, 0.00053}; // the paper's fit mu = 0.202 + 0.00053 n
} // namespace

// Synthetic decelerations from Eqs. 2-3 with the drifting mu_n: inverting with mu_n returns F(eps)
// and T(eps) to rounding (1e-14); inverting with the constant mu0 instead scales both by
// mu_n/mu0, up to 10% at n = 40 -- the systematic error the paper's drift correction removes.
TEST(DiskAnalysis, RecoversFrictionFunctionsFromDecelerations) {
  const DiskBody body = cd();
  for (int n = 0; n <= 40; ++n) {
    const double eps = std::pow(10.0, -1.0 + 2.0 * n / 40.0); // 0.1 ... 10
    const double omega = 20.0, v = eps * body.radius * omega;
    const double mu = paper_drift.at(n);
    const ForceTorque ft = uniformForceTorque(eps);
    const ThrowMeasurement m{n, v, omega, -mu * body.g * ft.F,
                             -mu * body.g * ft.T / (body.inertia_factor * body.radius)};
    const RecoveredFriction r = recoverFriction(m, body, mu);
    EXPECT_NEAR(r.eps, eps, 1e-14 * eps);
    EXPECT_NEAR(r.F, ft.F, 1e-14);
    EXPECT_NEAR(r.T, ft.T, 1e-14);
    const RecoveredFriction naive = recoverFriction(m, body, paper_drift.mu0);
    EXPECT_NEAR(naive.F / r.F, mu / paper_drift.mu0, 1e-13);
  }
}

TEST(DiskAnalysis, QuadraticFitIsExactForQuadratics) {
  std::vector<double> t, y;
  for (int i = 0; i < 7; ++i) {
    t.push_back(0.3 + 0.04 * i);
    y.push_back(1.5 + 2.0 * t.back() - 0.7 * t.back() * t.back());
  }
  const QuadraticFit q = fitQuadratic(t, y, t[3]);
  EXPECT_NEAR(q.value, 1.5 + 2.0 * t[3] - 0.7 * t[3] * t[3], 1e-13);
  EXPECT_NEAR(q.rate, 2.0 - 1.4 * t[3], 1e-12);
  EXPECT_NEAR(q.acceleration, -1.4, 1e-10);
}

// The whole pipeline of the experiment on simulated throws: 25 frames/s video of a CD, 7 frames
// (0.24 s) from 0.04 s after launch, quadratic fits, Eqs. 2-3 inverted with mu_n. The fits are
// centred on a symmetric window, so the cubic term of the motion does not bias the acceleration;
// the remaining errors are O(window^2) changes of F along the window: measured <= 2.5e-3 (at eps ~ 0.2),
// tolerance 5e-3.
TEST(DiskAnalysis, RecoversFrictionFromSimulatedVideoFrames) {
  DiskBody body = cd();
  for (int n : {0, 10, 25, 40}) {
    body.mu = paper_drift.at(n);
    const double eps_init = 0.2 + 0.1 * n, omega0 = 30.0, v0 = eps_init * body.radius * omega0;
    MotionOptions o;
    for (int k = 0; k < 7; ++k)
      o.frame_times.push_back(0.04 + k / 25.0);
    const Trajectory tr = integrateMotion(makeFrictionCurve(PressureProfile::uniform()), body, v0, omega0, o);
    ASSERT_EQ(tr.frame_t.size(), 7u);
    const ThrowMeasurement m = measureThrow(n, tr.frame_t, tr.frame_distance, tr.frame_angle);
    const RecoveredFriction r = recoverFriction(m, body, paper_drift.at(n));
    const ForceTorque truth = uniformForceTorque(r.eps);
    EXPECT_NEAR(r.F, truth.F, 5e-3 * truth.F) << "throw " << n;
    EXPECT_NEAR(r.T, truth.T, 5e-3 * truth.T) << "throw " << n;
  }
}

TEST(DiskAnalysis, BadInput) {
  const ThrowMeasurement m{1, 1.0, 0.0, -1.0, -1.0};
  EXPECT_THROW(recoverFriction(m, cd(), 0.2), InputError);
  const ThrowMeasurement ok{1, 1.0, 10.0, -1.0, -1.0};
  EXPECT_THROW(recoverFriction(ok, cd(), -0.2), InputError);
  EXPECT_THROW(fitQuadratic({0.0, 1.0}, {1.0, 2.0}, 0.5), InputError);
}
