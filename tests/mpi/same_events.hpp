// Shared by the tests of the fast contact paths (test_condensed_contact.cpp, test_compressed_contact.cpp):
// the Fig. 6 setup, and a path's events side by side with the reference path's.
#pragma once

#include "tribo/contact/pin_on_slab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <string>

namespace tribo::test {

inline PinOnSlabSetup fig6Like(int levels, double mu_i, SolverPath path) {
  PinOnSlabSetup s;
  s.slab.levels = levels;
  s.contact.mu_i = mu_i;
  s.solver_path = path;
  return s;
}

/// A fast path (`path`) and the reference path side by side: the event loop must take the same decisions, and
/// F(delta) agree to 1e-9 of the load. Tolerance: the two paths differ by the round-off of one MUMPS solve
/// against that of the condensed operator (itself from MUMPS solves) and by the linear updates' accumulation
/// over an avalanche; both stay well below 1e-9 W (ties are broken at 1e-9 relative in FrictionalContact, so
/// a difference larger than that could flip a decision). delta is compared through F: a shift of delta by
/// 1e-9 P / K moves F along the stuck branch by 1e-9 W (at n_x = 1025 the increments are ~1e-12 L_x, so a
/// relative test on delta would ask for digits the forces that set the increments do not have).
inline void expectSameEvents(int levels, double mu_i, int events, SolverPath path = SolverPath::condensed) {
  PinOnSlab reference(PETSC_COMM_WORLD, fig6Like(levels, mu_i, SolverPath::reference));
  PinOnSlab fast(PETSC_COMM_WORLD, fig6Like(levels, mu_i, path));
  ASSERT_NE(fast.solverPathName(), "reference");
  ASSERT_EQ(reference.solverPathName(), "reference");
  const double P = reference.loadPerDepth();
  const long long normal_ref = reference.establishNormalContact();
  const long long normal_fast = fast.establishNormalContact();
  ASSERT_EQ(normal_ref, normal_fast);
  ASSERT_EQ(reference.contact().inContact(), fast.contact().inContact());
  EXPECT_NEAR(reference.contact().frictionForce(), fast.contact().frictionForce(), 1e-9 * P);
  EXPECT_NEAR(reference.contact().interference(), fast.contact().interference(),
              1e-9 * std::abs(reference.contact().interference()));
  const double delta_tol = 1e-9 * P / reference.contact().lateralStiffness();
  double worst_force = 0, worst_delta = 0;
  long long changes = 0;
  for (int e = 0; e < events; ++e) {
    const SlipEvent a = reference.contact().advance(), b = fast.contact().advance();
    ASSERT_EQ(a.type, b.type) << "event " << e;
    ASSERT_EQ(a.node, b.node) << "event " << e;
    ASSERT_EQ(a.state_changes, b.state_changes) << "event " << e;
    ASSERT_EQ(a.contact_nodes, b.contact_nodes) << "event " << e;
    ASSERT_NEAR(a.delta, b.delta, delta_tol) << "event " << e;
    ASSERT_NEAR(a.friction_force, b.friction_force, 1e-9 * P) << "event " << e;
    ASSERT_NEAR(a.force_drop, b.force_drop, 1e-9 * P) << "event " << e;
    worst_force = std::max(worst_force, std::abs(a.friction_force - b.friction_force) / P);
    worst_delta = std::max(worst_delta, std::abs(a.delta - b.delta) / a.delta);
    changes += a.state_changes;
  }
  ASSERT_EQ(reference.contact().inContact(), fast.contact().inContact());
  ::testing::Test::RecordProperty("worst_force_difference_over_W", fmt::format("{:.3e}", worst_force));
  ::testing::Test::RecordProperty("worst_delta_difference_relative", fmt::format("{:.3e}", worst_delta));
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (rank == 0)
    std::printf("%s, levels %d mu_i %g: %d events, %lld state changes, worst |dF|/W %.3e, worst |d "
                "delta|/delta %.3e\n",
                fast.solverPathName().c_str(), levels, mu_i, events, changes, worst_force, worst_delta);
  ::testing::Test::RecordProperty("state_changes", std::to_string(changes));
}

} // namespace tribo::test
