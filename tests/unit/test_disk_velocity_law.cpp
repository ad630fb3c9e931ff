// The disk under a local velocity-dependent friction law: force and torque against independent
// integrals, limits, Coulomb reductions; the motion to the stop and its final eps.
#include "tribo/core/error.hpp"
#include "tribo/disk/disk_motion.hpp"
#include "tribo/disk/fixed_point.hpp"
#include "tribo/disk/local_friction.hpp"
#include "tribo/friction/coulomb.hpp"
#include "tribo/friction/rate_and_state.hpp"
#include "tribo/friction/static_kinetic.hpp"
#include "tribo/friction/vel_dep_multi_linear.hpp"
#include "tribo/friction/vel_dependent.hpp"
#include "tribo/friction/vel_normal_frc_dep.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/disk_study.hpp"

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

using namespace tribo;

namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double eps0_uniform = 0.65300178920559763899; // mpmath, see test_disk_fixed_point

std::shared_ptr<const FrictionLaw> velDependent(double muSlow, double muFast, double transRate) {
  return std::make_shared<VelDependent>(muSlow, muFast, transRate);
}

// Independent truth for a uniformly pressed disk under VelDependent, mu(s) = muFast - D exp(-a s):
// polar coordinates (sigma, phi) about the centre of rotation C = (0, eps) (in units of R). There
// the slip direction is (-sin phi, cos phi) whatever sigma, the slip speed is w sigma (w = R omega),
// and the integrands of Eq. 1 and of the torque are (-sin phi) and (sigma + eps sin phi), times
// mu(w sigma) sigma dsigma dphi / pi. The sigma integrals are closed forms with lower incomplete gamma
// functions, int_0^D sigma^n exp(-k sigma) dsigma = gamma(n + 1, k D)/k^(n+1), k = a w; only phi is left.
struct PolarReference {
  double muSlow, muFast, a, w;
  double I1(double D) const { // int_0^D sigma mu dsigma
    const double k = a * w;
    return muFast * D * D / 2.0 - (muFast - muSlow) * boost::math::tgamma_lower(2.0, k * D) / (k * k);
  }
  double I2(double D) const { // int_0^D sigma^2 mu dsigma
    const double k = a * w;
    return muFast * D * D * D / 3.0 - (muFast - muSlow) * boost::math::tgamma_lower(3.0, k * D) / (k * k * k);
  }
  ForceTorque at(double eps) const {
    if (eps < 1.0) {
      // C inside: the ray in direction phi leaves the disk at D(phi) = -eps sin phi +
      // sqrt(1 - eps^2 cos^2 phi), smooth and periodic, so the trapezoidal rule converges
      // exponentially (strip of analyticity acosh(1/eps); 2000 points are exact to rounding for eps <= 0.9).
      const int n = 2000;
      double F = 0.0, T = 0.0;
      for (int j = 0; j < n; ++j) {
        const double phi = 2.0 * pi * j / n, s = std::sin(phi), c = std::cos(phi);
        const double D = -eps * s + std::sqrt(1.0 - eps * eps * c * c);
        F += -s * I1(D);
        T += I2(D) + eps * s * I1(D);
      }
      return {F * 2.0 / n, T * 2.0 / n}; // (1/pi) (2 pi/n) sum
    }
    // C outside: the rays phi = 3pi/2 + theta, |sin theta| <= 1/eps, cross the disk between
    // sigma = eps cos theta -+ sqrt(1 - eps^2 sin^2 theta); square-root ends at the tangent rays,
    // where tanh-sinh keeps its accuracy. Even in theta.
    boost::math::quadrature::tanh_sinh<double> ts;
    const double theta_max = std::asin(1.0 / eps);
    auto parts = [&](double theta, double &dI1, double &dI2) {
      const double c = std::cos(theta), s = std::sin(theta);
      const double h = std::sqrt(std::max(0.0, (1.0 - eps * s) * (1.0 + eps * s)));
      dI1 = I1(eps * c + h) - I1(eps * c - h);
      dI2 = I2(eps * c + h) - I2(eps * c - h);
    };
    auto fF = [&](double theta) {
      double dI1, dI2;
      parts(theta, dI1, dI2);
      return std::cos(theta) * dI1;
    };
    auto fT = [&](double theta) {
      double dI1, dI2;
      parts(theta, dI1, dI2);
      return dI2 - eps * std::cos(theta) * dI1;
    };
    return {2.0 / pi * ts.integrate(fF, 0.0, theta_max, 1e-15),
            2.0 / pi * ts.integrate(fT, 0.0, theta_max, 1e-15)};
  }
};

void expectRelNear(double a, double b, double rel, const std::string &what) {
  EXPECT_NEAR(a, b, rel * std::abs(b)) << what;
}

} // namespace

// A constant coefficient is Coulomb's disk: (mu F(eps), mu T(eps)) of the closed forms, 1e-10 relative
// (each ring's Coulomb part is the closed-form ring average and the law's variation along the ring is
// exactly 0, so what is left is the radial quadrature of the ring method, 1e-15 measured).
TEST(DiskVelocityLaw, ConstantMuReproducesClosedForms) {
  const double R = 0.06, load = 0.016 * 9.81, mu = 0.202;
  const LocalFrictionContact contact(std::make_shared<Coulomb>(mu), PressureProfile::uniform(), R, load);
  for (double eps : {1e-3, 0.1, 0.5, 0.653, 0.999, 1.0, 1.001, 2.0, 10.0, 1e3}) {
    for (double omega : {0.1, 30.0}) {
      const ForceTorque q = contact.forceTorque(eps * R * omega, omega), c = uniformForceTorque(eps);
      expectRelNear(q.F, mu * c.F, 1e-10, "F at eps = " + std::to_string(eps));
      expectRelNear(q.T, mu * c.T, 1e-10, "T at eps = " + std::to_string(eps));
    }
  }
}

// VelDependent with muSlow = muFast is Coulomb; so is transRate = 0 (mu = muSlow everywhere).
TEST(DiskVelocityLaw, VelDependentWithoutVelocityDependenceIsCoulomb) {
  const double R = 0.06, load = 0.157;
  const LocalFrictionContact equal(velDependent(0.2, 0.2, 50.0), PressureProfile::uniform(), R, load);
  const LocalFrictionContact no_rate(velDependent(0.15, 0.3, 0.0), PressureProfile::uniform(), R, load);
  for (double eps : {0.01, 0.653, 1.0, 5.0, 200.0}) {
    const double omega = 20.0, v = eps * R * omega;
    const ForceTorque c = uniformForceTorque(eps);
    const ForceTorque a = equal.forceTorque(v, omega), b = no_rate.forceTorque(v, omega);
    expectRelNear(a.F, 0.2 * c.F, 1e-10, "F, muSlow = muFast, eps = " + std::to_string(eps));
    expectRelNear(a.T, 0.2 * c.T, 1e-10, "T, muSlow = muFast, eps = " + std::to_string(eps));
    expectRelNear(b.F, 0.15 * c.F, 1e-10, "F, transRate = 0, eps = " + std::to_string(eps));
    expectRelNear(b.T, 0.15 * c.T, 1e-10, "T, transRate = 0, eps = " + std::to_string(eps));
  }
}

// The ring quadrature against the polar integrals about C (independent: other coordinates, closed-form
// radial integrals, no elliptic functions). Velocity strengthening and weakening, a k = a R omega of
// order 1 (mu varies across the contact). Agreement 1e-10 relative at the default rel_tol 1e-8:
// tanh-sinh's error after its stopping test is about the square of the last level change, so the
// delivered error is near rounding (measured <= 3e-15, docs/disk.md section 7.3).
TEST(DiskVelocityLaw, MatchesPolarIntegralsAboutTheCentreOfRotation) {
  const double R = 0.5, omega = 3.0;
  for (auto [muSlow, muFast, a] : {std::tuple{0.1, 0.3, 2.0}, std::tuple{0.4, 0.15, 0.7}}) {
    const LocalFrictionContact contact(velDependent(muSlow, muFast, a), PressureProfile::uniform(), R, 1.0);
    const PolarReference ref{muSlow, muFast, a, R * omega};
    for (double eps : {0.05, 0.3, 0.653, 0.9, 1.5, 3.0, 10.0}) {
      const ForceTorque q = contact.forceTorque(eps * R * omega, omega), r = ref.at(eps);
      expectRelNear(q.F, r.F, 1e-10,
                    "F at eps = " + std::to_string(eps) + ", muSlow = " + std::to_string(muSlow));
      expectRelNear(q.T, r.T, 1e-10,
                    "T at eps = " + std::to_string(eps) + ", muSlow = " + std::to_string(muSlow));
    }
  }
}

// Pure sliding: every point slips with v, F = mu(v) exactly (N_loc = N for uniform pressure), T = 0.
// Pure spinning: F = 0, T = int_0^1 2 rho^2 mu(omega R rho) drho = (2/3) muFast - 2 D gamma(3, k)/k^3.
TEST(DiskVelocityLaw, PureSlidingAndPureSpinningLimits) {
  const double R = 0.06, load = 0.157;
  const auto law = velDependent(0.12, 0.25, 8.0);
  const LocalFrictionContact contact(law, PressureProfile::uniform(), R, load);
  for (double v : {1e-4, 0.05, 0.3, 2.0}) {
    const ForceTorque s = contact.forceTorque(v, 0.0);
    EXPECT_EQ(s.F, law->coefficient(load, v)) << "v = " << v;
    EXPECT_EQ(s.T, 0.0);
  }
  for (double omega : {0.01, 1.0, 10.0, 100.0}) {
    const ForceTorque s = contact.forceTorque(0.0, omega);
    const double k = 8.0 * R * omega;
    const double T = 2.0 / 3.0 * 0.25 - 2.0 * (0.25 - 0.12) * boost::math::tgamma_lower(3.0, k) / (k * k * k);
    EXPECT_EQ(s.F, 0.0);
    expectRelNear(s.T, T, 1e-12, "pure spinning T at omega = " + std::to_string(omega));
  }
}

// The piecewise-linear law has kinks in |u|: the quadratures split at them. Pure spinning against the
// exact piecewise integral of 2 rho^2 (alpha + beta rho); mixed states against a run at rel_tol 1e-13.
TEST(DiskVelocityLaw, PiecewiseLinearLawSplitsAtItsKinks) {
  const double R = 0.1, omega = 10.0; // rim speed 1 m/s
  const std::vector<double> vp = {0.0, 0.2, 0.5, 2.0}, fp = {0.3, 0.15, 0.2, 0.2};
  const auto law = std::make_shared<VelDepMultiLinear>(vp, fp);
  const LocalFrictionContact contact(law, PressureProfile::uniform(), R, 1.0);
  // Pure spinning: the ring at rho slips with rho (m/s); mu linear between rho = 0, 0.2, 0.5, 1.
  double T = 0.0;
  const std::vector<double> rho = {0.0, 0.2, 0.5, 1.0};
  for (std::size_t i = 0; i + 1 < rho.size(); ++i) {
    const double beta = (fp[i + 1] - fp[i]) / (vp[i + 1] - vp[i]), alpha = fp[i] - beta * vp[i];
    auto prim = [&](double r) { return 2.0 * (alpha * r * r * r / 3.0 + beta * r * r * r * r / 4.0); };
    T += prim(rho[i + 1]) - prim(rho[i]);
  }
  expectRelNear(contact.forceTorque(0.0, omega).T, T, 1e-13, "pure spinning T");
  EXPECT_EQ(contact.speedBreakpoints(), (std::vector<double>{0.2, 0.5, 2.0}));
  // Mixed: against a tighter run (rel_tol 1e-13); the kink splits make both converge geometrically.
  const LocalFrictionContact tight(law, PressureProfile::uniform(), R, 1.0, {1e-13});
  for (double eps : {0.3, 0.653, 1.4}) {
    const ForceTorque a = contact.forceTorque(eps * R * omega, omega),
                      b = tight.forceTorque(eps * R * omega, omega);
    expectRelNear(a.F, b.F, 1e-10, "F at eps = " + std::to_string(eps));
    expectRelNear(a.T, b.T, 1e-10, "T at eps = " + std::to_string(eps));
  }
}

// ---- Motion to the stop ---------------------------------------------------------------------------

namespace {
DiskBody cd() {
  DiskBody b;
  b.radius = 0.06;
  b.mass = 0.016;
  b.g = 9.81;
  return b;
}
LocalFrictionContact contactFor(std::shared_ptr<const FrictionLaw> law, const DiskBody &b,
                                PressureProfile p = PressureProfile::uniform()) {
  return LocalFrictionContact(std::move(law), std::move(p), b.radius, b.mass * b.g);
}
MotionOptions loose() {
  MotionOptions o;
  o.rel_tol = 1e-8;
  o.samples_per_step = 1;
  return o;
}
} // namespace

// A constant coefficient through the local path is the Coulomb disk: same stop time and final eps.
// Tolerance 1e-7: both runs integrate to rel_tol 1e-8 (the local one with F, T exact to ~1e-15).
TEST(DiskVelocityLawMotion, ConstantMuIsTheCoulombTrajectory) {
  DiskBody b = cd();
  b.mu = 0.202;
  const auto contact = contactFor(std::make_shared<Coulomb>(0.202), b);
  const Trajectory c = integrateMotion(makeFrictionCurve(PressureProfile::uniform()), b, 1.0, 30.0, loose());
  const Trajectory l = integrateMotion(contact, b, 1.0, 30.0, loose());
  EXPECT_NEAR(l.stop_time, c.stop_time, 1e-7 * c.stop_time);
  EXPECT_NEAR(l.stop_distance, c.stop_distance, 1e-7 * c.stop_distance);
  EXPECT_NEAR(l.final_eps, c.final_eps, 1e-7);
}

// Near the stop every local speed vanishes, so mu -> mu(0+) = muSlow everywhere and Eq. 6 becomes the
// Coulomb one (muSlow cancels in F/T): every trajectory ends at eps0 = 0.65300..., whether the law
// strengthens or weakens with speed and whatever its velocity scale 1/transRate. The slow limit's own
// fixed point is that eps0 (1e-9: findFixedPoint's bracket, the ring quadrature's rounding). final_eps
// within 1e-7: rel_tol 1e-8, and phase 2 contracts |eps - eps0| by exp(-0.615 * 64).
TEST(DiskVelocityLawMotion, EveryTrajectoryEndsAtTheCoulombEps0) {
  const DiskBody b = cd();
  for (auto [muSlow, muFast, a] : {std::tuple{0.15, 0.3, 10.0}, std::tuple{0.3, 0.15, 1000.0}}) {
    const auto contact = contactFor(velDependent(muSlow, muFast, a), b);
    const FixedPoint slow = findFixedPoint([&](double eps) { return contact.slowLimit(eps); });
    EXPECT_NEAR(slow.eps0, eps0_uniform, 1e-9);
    for (double eps_init : {0.05, 20.0}) {
      const double omega0 = 30.0, v0 = eps_init * b.radius * omega0;
      const Trajectory tr = integrateMotion(contact, b, v0, omega0, loose());
      ASSERT_EQ(tr.kind, Trajectory::Kind::mixed);
      EXPECT_NEAR(tr.final_eps, eps0_uniform, 1e-7) << "transRate " << a << ", eps(0) " << eps_init;
      for (std::size_t i = 0; i + 1 < tr.t.size(); ++i) {
        ASSERT_GT(tr.v[i], 0.0);
        ASSERT_GT(tr.omega[i], 0.0);
        ASSERT_LE(tr.v[i + 1], tr.v[i]);
        ASSERT_LE(tr.omega[i + 1], tr.omega[i]);
      }
      EXPECT_EQ(tr.v.back(), 0.0);
      EXPECT_EQ(tr.omega.back(), 0.0);
    }
  }
}

// Pure sliding stays pure and stops at t = int_0^v0 dv/(g mu(v)) = ln((muFast e^(a v0) - D)/muSlow)
// /(g a muFast) (D = muFast - muSlow). Tolerance 1e-9 relative: rel_tol 1e-10, the stop a TSEvent.
TEST(DiskVelocityLawMotion, PureSlidingStopsAtTheClosedFormTime) {
  const DiskBody b = cd();
  const double muSlow = 0.12, muFast = 0.3, a = 4.0, v0 = 1.5;
  const auto contact = contactFor(velDependent(muSlow, muFast, a), b);
  const Trajectory tr = integrateMotion(contact, b, v0, 0.0);
  ASSERT_EQ(tr.kind, Trajectory::Kind::pure_sliding);
  const double t = std::log((muFast * std::exp(a * v0) - (muFast - muSlow)) / muSlow) / (b.g * a * muFast);
  EXPECT_NEAR(tr.stop_time, t, 1e-9 * t);
  for (double w : tr.omega)
    ASSERT_EQ(w, 0.0);
}

// Pure spinning stays pure and stops at t = int_0^omega0 kappa R domega/(g T(omega)), T of the
// closed form above, integrated here by tanh-sinh. Tolerance 1e-9 relative.
TEST(DiskVelocityLawMotion, PureSpinningStopsAtTheIntegratedTime) {
  const DiskBody b = cd();
  const double muSlow = 0.12, muFast = 0.3, a = 4.0, omega0 = 40.0;
  const auto contact = contactFor(velDependent(muSlow, muFast, a), b);
  const Trajectory tr = integrateMotion(contact, b, 0.0, omega0);
  ASSERT_EQ(tr.kind, Trajectory::Kind::pure_spinning);
  auto T = [&](double omega) {
    const double k = a * b.radius * omega;
    if (k < 1e-3)
      return muSlow * 2.0 / 3.0 + (muFast - muSlow) * k / 2.0; // series: gamma(3,k)/k^3 ~ 1/3 - k/4
    return 2.0 / 3.0 * muFast - 2.0 * (muFast - muSlow) * boost::math::tgamma_lower(3.0, k) / (k * k * k);
  };
  boost::math::quadrature::tanh_sinh<double> ts;
  const double t =
      ts.integrate([&](double w) { return b.inertia_factor * b.radius / (b.g * T(w)); }, 0.0, omega0, 1e-14);
  EXPECT_NEAR(tr.stop_time, t, 1e-9 * t);
  for (double v : tr.v)
    ASSERT_EQ(v, 0.0);
}

// A pressure-dependent law does move the end point: VelNormalFrcDep with nSlow = nFast = n on a Hertz
// contact sees N_loc = P(r) pi R^2, so the slow limit is a Coulomb disk with pressure mu p ~ p^n, i.e.
// (1 - rho^2)^(n/2): between Hertz (n = 1, no interior eps0) and uniform (n -> 0, 0.653).
//  - n = 1: mu = aSlow whatever N: aSlow times the Hertz quadrature of contact_integral (1e-12).
//  - F(inf) = int mu p dA = aSlow (pi N)^(n-1) (3/(2 pi))^n 2 pi/(n + 2) in closed form (1e-12).
//  - the trajectory ends at the slow limit's eps0 (0.26475 for n = 0.8). Its f'(eps0) = -0.10 is
//    weak, so phase 2 runs to omega = 1e-200 omega0 (contraction exp(-0.10 * 460) ~ 1e-20); 1e-6.
TEST(DiskVelocityLawMotion, PressureDependentLawMovesTheEndPoint) {
  const DiskBody b = cd();
  const double N = b.mass * b.g, aSlow = 0.2, aFast = 0.3;
  {
    const auto law = std::make_shared<VelNormalFrcDep>(aSlow, 1.0, aFast, 1.0, 0.0, 0.0, 0.0, 3.0);
    const auto contact = contactFor(law, b, PressureProfile::hertz());
    for (double eps : {0.0, 0.2, 0.653, 1.0, 4.0}) {
      const ForceTorque s = contact.slowLimit(eps), c = contactForceTorque(PressureProfile::hertz(), eps);
      EXPECT_NEAR(s.F, aSlow * c.F, 1e-12 * aSlow * std::max(c.F, 1e-3)) << "eps " << eps;
      EXPECT_NEAR(s.T, aSlow * c.T, 1e-12 * aSlow * c.T) << "eps " << eps;
    }
  }
  const double n = 0.8;
  const auto law = std::make_shared<VelNormalFrcDep>(aSlow, n, aFast, n, 10.0, 0.0, 0.0, 3.0);
  const auto contact = contactFor(law, b, PressureProfile::hertz());
  const double F_inf =
      aSlow * std::pow(pi * N, n - 1.0) * std::pow(3.0 / (2.0 * pi), n) * 2.0 * pi / (n + 2.0);
  EXPECT_NEAR(contact.slowLimit(std::numeric_limits<double>::infinity()).F, F_inf, 1e-12 * F_inf);
  EXPECT_NEAR(contact.localNormalForce(0.0), 3.0 / (2.0 * pi) * pi * N, 1e-14 * N); // p(0) A_c
  const FixedPoint slow = findFixedPoint([&](double eps) { return contact.slowLimit(eps); });
  ASSERT_TRUE(slow.interior);
  EXPECT_NEAR(slow.eps0, 0.2647482978, 1e-8);
  MotionOptions o = loose();
  o.end_ratio = 1e-200;
  const Trajectory tr = integrateMotion(contact, b, 0.5, 30.0, o);
  EXPECT_NEAR(tr.final_eps, slow.eps0, 1e-6);
}

// Bad input: a law with state, mismatched body, speeds out of range; nothing is computed.
TEST(DiskVelocityLaw, BadInputIsAnInputError) {
  const DiskBody b = cd();
  const auto rs = std::make_shared<RateAndState>(0.01, 0.015, 1e-5, 0.6, 1e-6);
  EXPECT_THROW(contactFor(rs, b), InputError);
  const auto law = velDependent(0.1, 0.2, 5.0);
  EXPECT_THROW(LocalFrictionContact(law, PressureProfile::uniform(), -1.0, 1.0), InputError);
  EXPECT_THROW(LocalFrictionContact(law, PressureProfile::uniform(), 1.0, 0.0), InputError);
  EXPECT_THROW(LocalFrictionContact(nullptr, PressureProfile::uniform(), 1.0, 1.0), InputError);
  const auto contact = contactFor(law, b);
  EXPECT_THROW(contact.forceTorque(0.0, 0.0), InputError);
  EXPECT_THROW(contact.forceTorque(-1.0, 1.0), InputError);
  EXPECT_THROW(contact.forceTorque(1.0, std::nan("")), InputError);
  EXPECT_THROW(contact.forceTorqueAtEps(0.5, 0.0), InputError);
  EXPECT_THROW(integrateMotion(contact, b, 0.0, 0.0), InputError);
  DiskBody other = b;
  other.radius = 0.05;
  EXPECT_THROW(integrateMotion(contact, other, 1.0, 1.0), InputError);
  other = b;
  other.mass = 0.02;
  EXPECT_THROW(integrateMotion(contact, other, 1.0, 1.0), InputError);
}

// StaticKinetic: no point of a moving disk sticks (only C, of zero area), so the disk feels mu_k.
TEST(DiskVelocityLaw, StaticKineticActsWithItsKineticCoefficient) {
  const auto contact = contactFor(std::make_shared<StaticKinetic>(0.4, 0.25), cd());
  for (double eps : {0.3, 1.0, 3.0}) {
    const ForceTorque q = contact.forceTorque(eps * 0.06 * 10.0, 10.0), c = uniformForceTorque(eps);
    EXPECT_NEAR(q.F, 0.25 * c.F, 1e-12);
    EXPECT_NEAR(q.T, 0.25 * c.T, 1e-12);
  }
  EXPECT_EQ(contact.slowLimit(1e300).F, contact.slowLimit(std::numeric_limits<double>::infinity()).F);
}

// ---- Study keys ------------------------------------------------------------------------------------

namespace {
const char *study_input = R"(study: disk
disk:
  radius: 0.06
  mass: 0.016
  g: 9.81
  friction_law: {law: VelDependent, muSlow: 0.15, muFast: 0.3, transRate: 10.0}
  velocity_law:
    pressure: {kind: uniform}
    frozen_points: 2
    samples_per_step: 1
    initial:
      - {v0: 1.0, omega0: 30.0}
      - {v0: 0.5, omega0: 0.0}
)";

CaseRecord runPlan(const CasePlan &plan) {
  CaseRecord record;
  runWithoutCheckpoints(plan, MPI_COMM_SELF, record);
  return record;
}

double attribute(const CaseRecord &r, const std::string &group, const std::string &name) {
  return std::get<double>(r.attributes().at(group).at(name));
}

void expectStudyFailureNaming(const std::string &yaml, const std::string &key) {
  try {
    buildDiskStudy(ConfigNode::fromString(yaml));
    FAIL() << "no InputError for " << key;
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
  }
}
} // namespace

// One case per initial condition; a mixed launch records the trajectory to the stop, final eps = the
// slow limit's eps0 (1e-7, as in the motion tests), eps one frame before the stop, and the frozen
// fixed points; pure sliding stays pure and stops at the closed-form time.
TEST(DiskVelocityLawStudy, PlansAndRecordsTrajectories) {
  const auto plans = buildDiskStudy(ConfigNode::fromString(study_input));
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].id, "disk-velocity-law-0-v0=1-omega0=30");
  EXPECT_EQ(std::get<std::string>(plans[0].parameters.at("friction_law")), "VelDependent");
  EXPECT_EQ(plans[0].parameters.count("mu"), 0u);
  const CaseRecord mixed = runPlan(plans[0]);
  EXPECT_NEAR(attribute(mixed, "trajectory", "final_eps"), eps0_uniform, 1e-7);
  EXPECT_NEAR(attribute(mixed, "velocity_law", "eps0_slow"), eps0_uniform, 1e-9);
  const double eps_frame = attribute(mixed, "velocity_law", "eps_frame_before_stop");
  EXPECT_GT(eps_frame, 1.0 / 1.8); // between the launch eps 0.556 and eps0: eps rises monotonically
  EXPECT_LT(eps_frame, eps0_uniform);
  EXPECT_EQ(attribute(mixed, "friction_law", "transRate"), 10.0);
  const auto &d = mixed.datasets();
  for (const char *name : {"trajectory/t", "trajectory/v", "trajectory/omega", "trajectory/eps"})
    EXPECT_EQ(d.at(name).values.size(), d.at("trajectory/t").values.size()) << name;
  EXPECT_EQ(d.at("velocity_law/frozen_eps0").values.size(), 2u);
  EXPECT_EQ(d.at("trajectory/v").values.back(), 0.0);
  const CaseRecord sliding = runPlan(plans[1]);
  const double t = std::log((0.3 * std::exp(10.0 * 0.5) - 0.15) / 0.15) / (9.81 * 10.0 * 0.3);
  EXPECT_NEAR(attribute(sliding, "trajectory", "stop_time"), t, 1e-9 * t);
  EXPECT_EQ(std::get<std::string>(sliding.attributes().at("trajectory").at("kind")), "pure_sliding");
}

// A sweep over the law's rate makes one case per value, tagged with it (the study registry's sweep).
TEST(DiskVelocityLawStudy, SweepsOverTheLawsParameters) {
  const std::string yaml =
      std::string(study_input) + "sweep:\n  parameters:\n    disk.friction_law.transRate: [1.0, 100.0]\n";
  const auto plans = buildStudy(ConfigNode::fromString(yaml));
  ASSERT_EQ(plans.size(), 4u);
  EXPECT_EQ(plans[0].id, "disk-velocity-law-0-v0=1-omega0=30@disk.friction_law.transRate=1.0");
  EXPECT_EQ(plans[3].id, "disk-velocity-law-1-v0=0.5-omega0=0@disk.friction_law.transRate=100.0");
}

TEST(DiskVelocityLawStudy, BadInputNamesTheKey) {
  const std::string head = "study: disk\ndisk:\n";
  const std::string ic = "  velocity_law:\n    initial: [{v0: 1.0, omega0: 2.0}]\n";
  expectStudyFailureNaming(head + ic, "disk.friction_law");
  expectStudyFailureNaming(
      head + "  friction_law: {law: Coulomb, mu: 0.2}\n  curves: {pressures: [{kind: uniform}]}\n",
      "disk.friction_law");
  expectStudyFailureNaming(
      head + "  friction_law: {law: RateAndState, a: 0.01, b: 0.015, D_c: 1.0e-5, mu0: 0.6, V0: 1.0e-6}\n" +
          ic,
      "disk.friction_law");
  expectStudyFailureNaming(
      head + "  friction_law: {law: VelDependent, muSlow: -0.1, muFast: 0.3, transRate: 1.0}\n" + ic,
      "muSlow");
  expectStudyFailureNaming(
      head +
          "  friction_law: {law: Coulomb, mu: 0.2}\n  velocity_law:\n    initial: [{v0: 0.0, omega0: 0.0}]\n",
      "disk.velocity_law.initial[0]");
  expectStudyFailureNaming(
      head + "  friction_law: {law: Coulomb, mu: 0.2}\n  velocity_law: {pressure: {kind: uniform}}\n",
      "disk.velocity_law.initial");
  expectStudyFailureNaming(
      head + "  friction_law: {law: Coulomb, mu: 0.2}\n  velocity_law:\n    rel_tol: 0.5\n" +
          "    initial: [{v0: 1.0, omega0: 2.0}]\n",
      "disk.velocity_law.rel_tol");
}
