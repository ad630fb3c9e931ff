// Shared by the tests of the fast contact paths (test_condensed_contact.cpp, test_compressed_contact.cpp):
// the Fig. 6 setup, a path's solves and unit responses beside the reference path's, and its events.
#pragma once

#include "tribo/contact/pin_on_slab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <vector>

namespace tribo::test {

inline PinOnSlabSetup fig6Like(int levels, double mu_i, SolverPath path) {
  PinOnSlabSetup s;
  s.slab.levels = levels;
  s.contact.mu_i = mu_i;
  s.solver_path = path;
  return s;
}

/// How far apart two surface states are: the largest difference of u and w relative to `dmax` and of
/// f_x and f_z relative to the largest force of `a`; each expected below 1e-10 (MUMPS round-off; free
/// dofs: the reference reports round-off where a fast path has exact zeros).
inline std::pair<double, double> expectSameState(const SurfaceState &a, const SurfaceState &b, double dmax,
                                                 const std::string &what) {
  const std::size_t n = a.u.size();
  double fmax = 0, worst_d = 0, worst_f = 0;
  for (std::size_t k = 0; k < n; ++k)
    fmax = std::max({fmax, std::abs(a.fx[k]), std::abs(a.fz[k])});
  for (std::size_t k = 0; k < n; ++k) {
    worst_d = std::max({worst_d, std::abs(a.u[k] - b.u[k]) / dmax, std::abs(a.w[k] - b.w[k]) / dmax});
    worst_f = std::max({worst_f, std::abs(a.fx[k] - b.fx[k]) / fmax, std::abs(a.fz[k] - b.fz[k]) / fmax});
    EXPECT_NEAR(a.u[k], b.u[k], 1e-10 * dmax) << what << ", node " << k;
    EXPECT_NEAR(a.w[k], b.w[k], 1e-10 * dmax) << what << ", node " << k;
    EXPECT_NEAR(a.fx[k], b.fx[k], 1e-10 * fmax) << what << ", node " << k;
    EXPECT_NEAR(a.fz[k], b.fz[k], 1e-10 * fmax) << what << ", node " << k;
  }
  return {worst_d, worst_f};
}

/// A fast path's solver beside the reference's in their current contact sets: the solve of (u, w), a
/// prescription of at most 1e-7, and the unit responses (SurfaceSolver::unitResponse, what a slip and a
/// contact-set change use) of node n/2 + 2 and n/2 + 4. Prints the worst relative differences.
inline void expectSameSolves(SurfaceSolver &ref, SurfaceSolver &fast, const std::vector<double> &u,
                             const std::vector<double> &w, const std::string &what) {
  auto [worst_d, worst_f] = expectSameState(ref.solve(u, w), fast.solve(u, w), 1e-7, what);
  const std::size_t n = u.size();
  for (const std::size_t k : {n / 2 + 2, n / 2 + 4})
    for (const Component c : {Component::u, Component::w}) {
      SurfaceState a, b;
      ref.unitResponse(static_cast<int>(k), c, a);
      fast.unitResponse(static_cast<int>(k), c, b);
      const auto [d, f] = expectSameState(
          a, b, 1.0, fmt::format("{}: unit response of node {}, {}", what, k, c == Component::u ? "u" : "w"));
      worst_d = std::max(worst_d, d), worst_f = std::max(worst_f, f);
    }
  std::printf("%s: worst displacement %.2e, force %.2e (relative)\n", what.c_str(), worst_d, worst_f);
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
