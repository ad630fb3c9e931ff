// Frictional contact of the pin: Hertz, constraints after every event, linearity between events,
// invariance under scaling of G and W, the same events on 1 and 2 ranks, and the runaway guard.
#include "hertz_line_contact.hpp"
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <petscsys.h>
#include <string>
#include <utility>
#include <vector>

using namespace tribo;

namespace {

// These tests pin down the reference KSP path; tests/mpi/test_condensed_contact.cpp compares the
// condensed path with it.
PinOnSlabSetup fig6Like(int levels, double mu_i) {
  PinOnSlabSetup s;
  s.solver_path = SolverPath::reference;
  s.slab.levels = levels;
  s.contact.mu_i = mu_i;
  return s;
}

} // namespace

TEST(Contact, HertzLineContactFrictionless) {
  // a << L_x: a = 0.05 L_x at R/L_x = 200 (hertz_line_contact.hpp), from half Hertz's width.
  PinOnSlabSetup s = fig6Like(9, 0.5);
  test::setHertzLineContact(s);
  PinOnSlab model(PETSC_COMM_WORLD, s);
  EXPECT_NEAR(model.hertzHalfWidth(), 0.05 * s.slab.length_x, 1e-12 * s.slab.length_x);
  model.establishNormalContact();
  RecordProperty("hertz_rms_error", std::to_string(test::expectHertzLineContact(model)));
}

TEST(Contact, ConstraintsHoldAfterEveryEvent) {
  PinOnSlab model(PETSC_COMM_WORLD, fig6Like(5, 0.5));
  auto &c = model.contact();
  model.establishNormalContact();
  EXPECT_EQ(c.worstViolation(), 0.0);
  double delta = 0;
  for (int e = 0; e < 150; ++e) {
    const SlipEvent ev = c.advance();
    ASSERT_EQ(c.worstViolation(), 0.0) << "event " << e;
    EXPECT_GT(ev.delta, delta);
    delta = ev.delta;
    // Constraint II with the sign: |tau| <= mu_i p at every contact node.
    for (std::size_t k = 0; k < c.inContact().size(); ++k)
      if (c.inContact()[k]) {
        EXPECT_GE(c.state().fz[k], -1e-11 * model.loadPerDepth());
        EXPECT_LE(std::abs(c.state().fx[k]), 0.5 * c.state().fz[k] + 1e-11 * model.loadPerDepth());
      }
  }
}

TEST(Contact, RunawayAvalancheNamesTheCapAndTheLastChanges) {
  // A cap of 3 state changes is below the avalanches of the loading ramp: the error names the key and
  // the last changes (type, node, violation), so a user can tell a slow cascade from a cycle.
  PinOnSlabSetup s = fig6Like(5, 0.5);
  s.contact.max_state_changes = 3;
  PinOnSlab model(PETSC_COMM_WORLD, s);
  try {
    model.establishNormalContact();
    for (int e = 0; e < 500; ++e)
      model.contact().advance();
    FAIL() << "no avalanche of more than 3 state changes in 500 events";
  } catch (const SolverError &err) {
    const std::string what = err.what();
    EXPECT_NE(what.find("contact.max_state_changes"), std::string::npos) << what;
    EXPECT_NE(what.find(" of node "), std::string::npos) << what;
  }
}

TEST(Contact, LinearBetweenEventsWithSlopeK) {
  // Between events every contact node is stuck: F rises with the slope K of the partition (Eq. 15).
  PinOnSlab model(PETSC_COMM_WORLD, fig6Like(5, 0.5));
  auto &c = model.contact();
  model.establishNormalContact();
  for (int e = 0; e < 40; ++e) {
    const double K = c.lateralStiffness();
    const double F_prev = c.frictionForce();
    const SlipEvent ev = c.advance();
    const double F_before_trigger = ev.friction_force + ev.force_drop;
    // MUMPS solves this ill-conditioned system to about 1e-9 of the load in the forces.
    EXPECT_NEAR(F_before_trigger, F_prev + K * ev.increment, 1e-8 * model.loadPerDepth()) << "event " << e;
  }
}

TEST(Contact, InvariantUnderScalingOfShearModulusAndLoad) {
  PinOnSlabSetup a = fig6Like(5, 0.25), b = a;
  b.slab.elastic.shear_modulus *= 3.0;
  b.load *= 3.0;
  PinOnSlab ma(PETSC_COMM_WORLD, a), mb(PETSC_COMM_WORLD, b);
  ma.establishNormalContact();
  mb.establishNormalContact();
  for (int e = 0; e < 60; ++e) {
    const SlipEvent ea = ma.contact().advance(), eb = mb.contact().advance();
    ASSERT_EQ(ea.node, eb.node) << "event " << e;
    ASSERT_EQ(ea.type, eb.type) << "event " << e;
    EXPECT_NEAR(ea.delta, eb.delta, 1e-9 * ea.delta);
    EXPECT_NEAR(ea.friction_force / ma.loadPerDepth(), eb.friction_force / mb.loadPerDepth(), 1e-9);
  }
}

TEST(Contact, SameEventsOnAllRanksAndAlone) {
  // The world's ranks share one slab; each rank alone (PETSC_COMM_SELF) must find the same events.
  PinOnSlab world(PETSC_COMM_WORLD, fig6Like(6, 0.5)), alone(PETSC_COMM_SELF, fig6Like(6, 0.5));
  world.establishNormalContact();
  alone.establishNormalContact();
  for (int e = 0; e < 80; ++e) {
    const SlipEvent a = world.contact().advance(), b = alone.contact().advance();
    ASSERT_EQ(a.node, b.node) << "event " << e;
    ASSERT_EQ(a.type, b.type) << "event " << e;
    ASSERT_EQ(a.state_changes, b.state_changes) << "event " << e;
    EXPECT_NEAR(a.delta, b.delta, 1e-8 * a.delta); // distributed MUMPS: round-off of ~1e-10 measured
    EXPECT_NEAR(a.friction_force, b.friction_force, 1e-8 * world.loadPerDepth());
  }
}

TEST(Contact, LateralStiffnessStaysBoundedUnderRefinement) {
  // Pitfall 7: a point restraint's compliance grows like log(n_x), so K would drift by a few per cent
  // per level. The bottom row bonded to its platen does not: K L_x / W stays within 6% over N = 5..8
  // (measured 474, 465, 492, 486: the spread is the contact set's discreteness, not a trend), and the
  // interference that carries W converges (4.716, 4.677, 4.664, 4.660 x 1e-7 m).
  std::vector<double> K, d;
  for (int levels = 5; levels <= 8; ++levels) {
    PinOnSlab model(PETSC_COMM_WORLD, fig6Like(levels, 0.5));
    model.establishNormalContact();
    K.push_back(model.contact().lateralStiffness() * model.setup().slab.depth_y);
    d.push_back(model.contact().interference());
  }
  const auto [lo, hi] = std::minmax_element(K.begin(), K.end());
  EXPECT_LT(*hi / *lo, 1.06);
  EXPECT_LT(std::abs(d[3] - d[2]), std::abs(d[2] - d[1]));
  EXPECT_LT(std::abs(d[2] - d[1]), std::abs(d[1] - d[0]));
}

TEST(Contact, NoSlipMeansLinearProfileWithSlopeK) {
  // mu_i so large that only the contact's edge nodes, whose pressure vanishes, can slip: until the
  // contact set changes (a new contact stiffens it), F(delta) is the straight line K delta of Eq. 15.
  PinOnSlab model(PETSC_COMM_WORLD, fig6Like(5, 1e3));
  auto &c = model.contact();
  model.establishNormalContact();
  const double F0 = c.frictionForce(), K = c.lateralStiffness();
  int checked = 0;
  for (int e = 0; e < 30; ++e) {
    const SlipEvent ev = c.advance();
    if (ev.type != EventType::slip) break;
    // Measured within 0.3% (the edge slips); at mu_i = 0.5 the plateau departs from the line by 50%.
    EXPECT_NEAR(ev.friction_force - F0, K * ev.delta, 5e-3 * K * ev.delta) << "event " << e;
    ++checked;
  }
  EXPECT_GE(checked, 3); // at N = 5 the 4th event is the first new contact (at the trailing edge)
}

namespace {

/// Sets PETSc options for the lifetime of the object (a solver that cannot converge, under `prefix`).
class CrippledKsp {
public:
  explicit CrippledKsp(std::string prefix) : prefix_(std::move(prefix)) {
    for (const auto &[key, value] : options())
      TRIBO_PETSC_CALL(PetscOptionsSetValue(nullptr, ("-" + prefix_ + key).c_str(), value));
  }
  ~CrippledKsp() {
    for (const auto &[key, value] : options())
      PetscOptionsClearValue(nullptr, ("-" + prefix_ + key).c_str());
  }

private:
  static std::vector<std::pair<std::string, const char *>> options() {
    return {{"ksp_type", "gmres"}, {"pc_type", "none"}, {"ksp_max_it", "1"}};
  }
  std::string prefix_;
};

bool normalContactFails(SolverPath path) {
  PinOnSlabSetup s = fig6Like(5, 0.5);
  s.solver_path = path;
  PinOnSlab model(PETSC_COMM_WORLD, s);
  try {
    model.establishNormalContact();
  } catch (const SolverError &) {
    return true;
  }
  return false;
}

} // namespace

// Each path's slab KSP reads its own prefix (docs/input.md): a solver that cannot converge under one
// prefix stops that path only, and the global options reach neither.
TEST(Contact, KspOptionsPrefixPerPath) {
  {
    const CrippledKsp slab(PinOnSlab::slab_options_prefix);
    EXPECT_TRUE(normalContactFails(SolverPath::reference));
    EXPECT_FALSE(normalContactFails(SolverPath::condensed));
  }
  {
    const CrippledKsp condensation(PinOnSlab::condensation_options_prefix);
    EXPECT_TRUE(normalContactFails(SolverPath::condensed));
    EXPECT_FALSE(normalContactFails(SolverPath::reference));
  }
  {
    const CrippledKsp global("");
    EXPECT_FALSE(normalContactFails(SolverPath::reference));
    EXPECT_FALSE(normalContactFails(SolverPath::condensed));
  }
}
