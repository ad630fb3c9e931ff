// Checkpoints of the pin integrators (issue 18): each integrator resumed from a saved step, after the
// state's round trip through bytes, ends bitwise as the uninterrupted run; saving changes nothing; a
// state that does not fit the integration is refused.
#include "tribo/core/error.hpp"
#include "tribo/dynamics/pin_checkpoint.hpp"
#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/rate_state_pin.hpp"
#include "tribo/friction/rate_and_state.hpp"

#include <functional>
#include <gtest/gtest.h>

using namespace tribo;

namespace {

// The paper's spring-mass-damper (§3.3): k = 200 kN/m, zeta = 0.1, V_o = 2 mm/s, m = 0.5 kg; W = 100 N.
const PinParameters pin{0.5, 2e5, 0.1, 2e-3};
constexpr double W = 100.0;

using Integration = std::function<PinTrajectory(const RunCheckpoints &)>;

void expectSame(const PinTrajectory &a, const PinTrajectory &b) {
  EXPECT_EQ(a.t, b.t);
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.v, b.v);
  EXPECT_EQ(a.spring_force, b.spring_force);
  EXPECT_EQ(a.friction_force, b.friction_force);
  EXPECT_EQ(a.work_driving, b.work_driving);
  EXPECT_EQ(a.work_friction, b.work_friction);
  EXPECT_EQ(a.theta, b.theta);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.stability_limit, b.stability_limit);
  ASSERT_EQ(a.events.size(), b.events.size());
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    EXPECT_EQ(a.events[i].kind, b.events[i].kind);
    EXPECT_EQ(a.events[i].t, b.events[i].t);
    EXPECT_EQ(a.events[i].x, b.events[i].x);
    EXPECT_EQ(a.events[i].driving_force, b.events[i].driving_force);
  }
}

/// Saves every `every` steps (not a multiple of the output stride), then resumes from the first and a
/// middle checkpoint; each run must equal the one without checkpoints.
void expectResumesBitwise(const Integration &integrate, long long every) {
  const PinTrajectory plain = integrate({});
  std::vector<CaseRecord> saved;
  RunCheckpoints saving;
  saving.due = [every](long long steps) { return steps % every == 0; };
  saving.save = [&saved](const CaseRecord &state) {
    saved.push_back(CaseRecord::deserialize(state.serialize())); // as a checkpoint file holds it
  };
  expectSame(plain, integrate(saving));
  ASSERT_GE(saved.size(), 3u);
  EXPECT_EQ(savedPinSteps(saved.front()), every);
  for (const CaseRecord *state : {&saved.front(), &saved[saved.size() / 2]}) {
    RunCheckpoints resume;
    resume.resume = state;
    expectSame(plain, integrate(resume));
  }
}

// A synthetic profile: elastic rise with slope K to a peak of 28.2 N, then a saw-tooth between 26 and
// 27.4 N of period 20 nm.
std::shared_ptr<const ProfileLookup> sawTooth() {
  FrictionProfile p;
  const double K = 1e8, peak = 28.2, period = 20e-9;
  p.surface_stiffness = K;
  p.delta = {0.0, peak / K};
  p.force = {0.0, peak};
  double d = peak / K;
  for (int i = 0; i < 5; ++i) {
    p.delta.insert(p.delta.end(), {d, d + period});
    p.force.insert(p.force.end(), {26.0, 27.4});
    d += period;
  }
  p.delta.push_back(d);
  p.force.push_back(26.0);
  p.steady_state_start = peak / K;
  return std::make_shared<const ProfileLookup>(p);
}

} // namespace

TEST(PinCheckpoint, ProfileFrictionResumesBitwise) {
  const auto profile = sawTooth();
  expectResumesBitwise(
      [&](const RunCheckpoints &c) {
        return integratePinProfile(pin, profile, {1e-7, 0.09, 7}, 0.0, c);
      },
      100000);
}

TEST(PinCheckpoint, StickSlipResumesBitwiseThroughItsEvents) {
  const StickSlipLaw law = coulombLaw(CoulombParameters::constant(0.4, 0.2), W);
  const Integration integrate = [&](const RunCheckpoints &c) {
    return integratePinStickSlip(pin, law, {1e-6, 0.3, 7}, c);
  };
  ASSERT_GE(integrate({}).events.size(), 4u); // slips and resticks on both sides of the checkpoints
  expectResumesBitwise(integrate, 30001);
}

TEST(PinCheckpoint, RateAndStateResumesBitwise) {
  // input/dynamics_rate_state.yaml: creeping at V_o/1000, it breaks loose and stick-slips.
  const RateAndState law(0.01, 0.015, 1e-6, 0.27, 2e-3);
  const RateStateStart start = steadyCreepStart(law, 2e-6);
  expectResumesBitwise(
      [&](const RunCheckpoints &c) {
        return integratePinRateState(pin, law, W, start, {1e-7, 0.06, 7}, c);
      },
      100000);
}

TEST(PinCheckpoint, SmoothFrictionResumesBitwise) {
  const auto friction = [](double, double, double v) { return 20.0 * std::tanh(v / 1e-4); };
  expectResumesBitwise(
      [&](const RunCheckpoints &c) {
        return integratePinSmooth(pin, friction, {1e-6, 0.05, 7}, c);
      },
      10000);
}

TEST(PinCheckpoint, AStateThatDoesNotFitIsRefused) {
  const StickSlipLaw law = coulombLaw({0.282, 0.272, 0.05, 0.267}, W);
  std::vector<CaseRecord> saved;
  RunCheckpoints saving;
  saving.due = [](long long steps) { return steps == 1000; };
  saving.save = [&saved](const CaseRecord &state) { saved.push_back(state); };
  integratePinStickSlip(pin, law, {1e-6, 0.01, 7}, saving);
  ASSERT_EQ(saved.size(), 1u);
  RunCheckpoints resume;
  resume.resume = &saved.front();
  // Another integrator (its friction carries another state), or a run shorter than the saved step.
  EXPECT_THROW(integratePinProfile(pin, sawTooth(), {1e-6, 0.01, 7}, 0.0, resume), IoError);
  EXPECT_THROW(integratePinStickSlip(pin, law, {1e-6, 0.0005, 7}, resume), IoError);
  EXPECT_THROW(integratePinStickSlip(pin, law, {1e-6, 0.01, 5}, resume), IoError); // another stride
  EXPECT_NO_THROW(integratePinStickSlip(pin, law, {1e-6, 0.01, 7}, resume));
}
