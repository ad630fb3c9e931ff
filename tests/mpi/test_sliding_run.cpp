// The sliding run of contact/ (normal contact, then events) and its analysis: the arrays agree with
// each other and with the model, progress is reported after normal contact and at each quarter, and
// the run gives the same events as stepping the contact by hand.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/contact/sliding_analysis.hpp"
#include "tribo/contact/sliding_run.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <vector>

using namespace tribo;

namespace {

PinOnSlabSetup smallPin() {
  PinOnSlabSetup s;
  s.solver_path = SolverPath::reference;
  s.slab.levels = 5;
  s.contact.mu_i = 0.5;
  return s;
}

} // namespace

TEST(SlidingRun, ArraysCountsAndProgress) {
  const PinOnSlabSetup setup = smallPin();
  PinOnSlab model(PETSC_COMM_WORLD, setup);
  std::vector<SlidingProgress> calls;
  const long long events = 80;
  const SlidingRunResult r = runSliding(
      model, events, [&](const SlidingProgress &p) { calls.push_back(p); }, 1e9);
  const SlidingEvents &e = r.events;
  ASSERT_EQ(e.delta.size(), static_cast<std::size_t>(events));
  EXPECT_EQ(e.type.size(), e.delta.size());
  EXPECT_EQ(e.force_drop_over_W.size(), e.delta.size());
  EXPECT_EQ(r.profile.delta_over_Lx.size(), 2 * e.delta.size() + 1);
  EXPECT_EQ(r.n_slip + r.n_release + r.n_contact, events);
  EXPECT_EQ(r.n_state_changes, std::accumulate(e.state_changes.begin(), e.state_changes.end(), 0LL));
  EXPECT_DOUBLE_EQ(r.total_travel, e.delta.back());
  EXPECT_GT(r.lateral_stiffness, 0.0);
  EXPECT_EQ(r.solver_path_used, "reference");
  EXPECT_EQ(r.normal.x.size(), r.normal.p.size());
  EXPECT_GT(r.normal.contact_nodes, 0);
  // The profile's after-event samples are the event forces over W (F = F/L_y times L_y).
  const double Lx = setup.slab.length_x, W = setup.load;
  for (std::size_t i = 0; i < e.delta.size(); ++i) {
    EXPECT_DOUBLE_EQ(r.profile.delta_over_Lx[2 * i + 2], e.delta[i] / Lx);
    EXPECT_NEAR(r.profile.F_over_W[2 * i + 2], e.friction_force[i] / W, 1e-12);
    EXPECT_GE(e.type[i], 0);
    EXPECT_LE(e.type[i], 2);
  }
  // After normal contact, then at 20, 40, 60 and 80 events (report_seconds too long to matter).
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls.front().events_done, 0);
  EXPECT_EQ(calls[2].events_done, 40);
  EXPECT_EQ(calls.back().events_done, events);
  EXPECT_EQ(calls.back().state_changes, r.n_state_changes);
}

TEST(SlidingRun, SameAsSteppingTheContact) {
  const PinOnSlabSetup setup = smallPin();
  PinOnSlab a(PETSC_COMM_WORLD, setup), b(PETSC_COMM_WORLD, setup);
  const SlidingRunResult r = runSliding(a, 30, {});
  EXPECT_EQ(b.establishNormalContact(), r.normal.state_changes);
  for (std::size_t i = 0; i < 30; ++i) {
    const SlipEvent ev = b.contact().advance();
    // Bitwise on one rank; the two models' Krylov solves may differ in round-off on two.
    EXPECT_NEAR(ev.delta, r.events.delta[i], 1e-9 * ev.delta);
    EXPECT_EQ(static_cast<long long>(ev.type), r.events.type[i]);
    EXPECT_EQ(ev.state_changes, r.events.state_changes[i]);
  }
}

// The normal contact reports while it settles: with report_seconds = 0 after every state change, with
// the changes so far and the nodes in contact, and it settles as without reports.
TEST(SlidingRun, NormalContactReportsWhileItSettles) {
  const PinOnSlabSetup setup = smallPin();
  PinOnSlab a(PETSC_COMM_WORLD, setup), b(PETSC_COMM_WORLD, setup);
  std::vector<SlidingProgress> calls;
  const SlidingRunResult r = runSliding(
      a, 4, [&](const SlidingProgress &at) { calls.push_back(at); }, 0.0);
  std::vector<long long> changes, nodes;
  for (const SlidingProgress &at : calls)
    if (at.in_normal_contact) changes.push_back(at.normal_state_changes), nodes.push_back(at.contact_nodes);
  ASSERT_EQ(static_cast<long long>(changes.size()), r.normal.state_changes);
  for (std::size_t i = 0; i < changes.size(); ++i)
    EXPECT_EQ(changes[i], static_cast<long long>(i) + 1);
  EXPECT_EQ(nodes.back(), r.normal.contact_nodes);
  EXPECT_FALSE(calls.back().in_normal_contact);
  EXPECT_EQ(b.establishNormalContact(), r.normal.state_changes);
}

TEST(SlidingAnalysis, WindowAndHistograms) {
  PinOnSlabSetup setup = smallPin();
  PinOnSlab model(PETSC_COMM_WORLD, setup);
  const SlidingRunResult r = runSliding(model, 200, {});
  const double Lx = setup.slab.length_x;
  const double floor = setup.min_increment_over_dx / std::ldexp(1.0, setup.slab.levels);
  const SlidingAnalysis a = analyseSliding(r, Lx, setup.load, floor, 0);
  const AvalancheAnalysis &av = a.avalanches;
  EXPECT_EQ(av.steady_state_window, a.steady_state.reached);
  EXPECT_EQ(a.static_peak.has_value(), a.steady_state.reached);
  EXPECT_LT(av.first, av.last);
  EXPECT_LE(av.last, r.events.delta.size());
  EXPECT_EQ(av.size.fit.n, av.last - av.first);
  EXPECT_TRUE(av.increment_histogram.has_value());
  EXPECT_EQ(av.drop_histogram.has_value(), av.n_positive_drops >= 2);
  // The same data give the same analysis (fixed bootstrap seed).
  const SlidingAnalysis again = analyseSliding(r, Lx, setup.load, floor, 0);
  EXPECT_EQ(again.avalanches.size.fit.alpha, av.size.fit.alpha);
  EXPECT_EQ(again.steady_state.trend_t, a.steady_state.trend_t);
}
