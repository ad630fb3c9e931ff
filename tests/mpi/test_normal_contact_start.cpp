// The normal contact's first guesses (docs/model.md §11): the refinement of a coarser grid's settled
// contact, and the equilibrium settled from it: Hertz's pressure without friction, and with friction an
// equilibrium (I-III hold, the contact carries W) in far fewer state changes than from half Hertz's
// width, the same on one rank and on all.
#include "hertz_line_contact.hpp"
#include "tribo/contact/normal_contact_guess.hpp"
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/error.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using namespace tribo;

namespace {

PinOnSlabSetup coarserGridsStart(int levels, double mu_i) {
  PinOnSlabSetup s;
  s.slab.levels = levels;
  s.contact.mu_i = mu_i;
  s.normal_start = NormalContactStart::coarser_grids;
  return s;
}

} // namespace

TEST(NormalContactGuess, RefinesContactAndInterpolatesOffsets) {
  const std::vector<double> coarse_x{0.0, 1.0, 2.0, 3.0, 4.0}, x{0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0};
  const double xc = 2.0;
  // Nodes 1..3 in contact, offsets xi - (x - x_c) of 0.1, -0.2, 0.4; node 4's xi (free) is ignored.
  const NormalContactGuess coarse{{0, 1, 1, 1, 0}, {-2.0, -0.9, -0.2, 1.4, 99.0}};
  const NormalContactGuess g = refineGuess(coarse_x, coarse, x, xc);
  const std::vector<char> in_contact{0, 0, 1, 1, 1, 1, 1, 0, 0};
  const std::vector<double> offset{0, 0, 0.1, -0.05, -0.2, 0.1, 0.4, 0, 0};
  ASSERT_EQ(g.in_contact, in_contact);
  for (std::size_t k = 0; k < x.size(); ++k)
    EXPECT_NEAR(g.xi[k] - (x[k] - xc), offset[k], 1e-14) << "node " << k;
}

TEST(NormalContactGuess, RefusesGridsThatAreNotNested) {
  const NormalContactGuess coarse{{0, 1, 0}, {-1.0, 0.0, 1.0}};
  EXPECT_THROW(refineGuess({0.0, 1.0, 2.0}, coarse, {0.0, 1.0, 2.0, 3.0}, 1.0), SolverError);
  EXPECT_THROW(refineGuess({0.0, 1.0, 2.0}, coarse, {0.0, 0.6, 1.1, 1.5, 2.0}, 1.0), SolverError);
}

TEST(NormalContactStart, FrictionlessMatchesHertzFromEitherStart) {
  // Johnson's line contact, a = 0.05 L_x << L_x, at n_x = 1025 (the coarser grids from n_x = 257): the
  // same contact set from either start, and Hertz's pressure as closely as test_contact.cpp asks from
  // half Hertz's width. The nodes sit where they touched (xi), which differs between the starts, so the
  // pressures differ by more than round-off.
  PinOnSlabSetup s = coarserGridsStart(10, 0.5);
  test::setHertzLineContact(s);
  PinOnSlab coarse_start(PETSC_COMM_WORLD, s);
  s.normal_start = NormalContactStart::half_hertz;
  PinOnSlab hertz_start(PETSC_COMM_WORLD, s);
  coarse_start.establishNormalContact();
  hertz_start.establishNormalContact();
  ASSERT_EQ(coarse_start.contact().inContact(), hertz_start.contact().inContact());
  test::expectHertzLineContact(coarse_start);
}

TEST(NormalContactStart, SettlesFromTheCoarserGridInFewChangesAndAloneAsOnAllRanks) {
  // n_x = 1025, mu_i = 0.5: from half Hertz's width 471 state changes, from n_x = 513's contact 24.
  PinOnSlabSetup s = coarserGridsStart(10, 0.5);
  PinOnSlab world(PETSC_COMM_WORLD, s), alone(PETSC_COMM_SELF, s);
  const long long changes = world.establishNormalContact();
  EXPECT_EQ(alone.establishNormalContact(), changes);
  const FrictionalContact &c = world.contact();
  EXPECT_EQ(c.worstViolation(), 0.0);
  double total = 0;
  for (std::size_t k = 0; k < c.inContact().size(); ++k)
    if (c.inContact()[k]) total += c.state().fz[k];
  EXPECT_NEAR(total, world.loadPerDepth(), 1e-9 * world.loadPerDepth());
  EXPECT_EQ(c.inContact(), alone.contact().inContact());
  EXPECT_NEAR(c.frictionForce(), alone.contact().frictionForce(), 1e-9 * world.loadPerDepth());

  s.normal_start = NormalContactStart::half_hertz;
  PinOnSlab hertz_start(PETSC_COMM_WORLD, s);
  const long long hertz_changes = hertz_start.establishNormalContact();
  EXPECT_LT(10 * changes, hertz_changes);
}
