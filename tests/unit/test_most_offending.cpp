// The tie rules (most_offending.hpp): the most offending node (largest violation) and the next event
// (smallest step), ties within the tolerance to the lowest node, whatever the split of the scan.
#include "tribo/contact/most_offending.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <type_traits>
#include <vector>

using namespace tribo;

namespace {

Violation violation(int node, double force) {
  return {EventType::slip, node, force};
}
Trigger trigger(int node, double step) {
  return {EventType::contact, node, step};
}

// Entries with clusters of near-ties: values 1 ± a few tolerances, or well away from 1 (below for the
// largest, above for the smallest: never the winner).
template <class Rule> std::vector<typename Rule::entry_type> nearTies(std::mt19937_64 &rng, int nodes) {
  using Entry = typename Rule::entry_type;
  constexpr double sign = std::is_same_v<typename Rule::order, Largest> ? 1.0 : -1.0;
  std::vector<Entry> es;
  std::uniform_int_distribution<int> ties(0, 6);
  std::uniform_real_distribution<double> away(0.1, 0.9);
  for (int k = 0; k < nodes; ++k) {
    if (rng() % 3 == 0) continue; // nothing at this node
    const double value = rng() % 2 ? 1.0 + sign * 0.4e-9 * ties(rng) : 1.0 - sign * away(rng);
    es.push_back(Entry{static_cast<EventType>(rng() % 3), k, value});
  }
  return es;
}

// Any split of the nodes into consecutive ranges, each scanned alone, then combined as StateShare::agree
// combines them (the extreme of the extremes, then the first range with a winner), gives the one scan's
// winner.
template <class Rule> void checkAnySplit(unsigned seed) {
  using Order = typename Rule::order;
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 300; ++trial) {
    const auto es = nearTies<Rule>(rng, 40);
    Rule whole;
    for (const auto &e : es)
      whole.add(e);
    const auto expected = whole.winner();
    for (std::size_t parts = 2; parts <= 5; ++parts) {
      std::vector<Rule> ranges(parts);
      for (const auto &e : es)
        ranges[static_cast<std::size_t>(e.node) * parts / 40].add(e);
      double extreme = Order::none;
      for (const Rule &r : ranges)
        if (Order::better(r.extreme(), extreme)) extreme = r.extreme();
      typename Rule::entry_type got{};
      for (const Rule &r : ranges)
        if ((got = r.winner(extreme)).node >= 0) break;
      ASSERT_EQ(got.node, expected.node) << "trial " << trial << ", " << parts << " ranges";
      ASSERT_EQ(got.type, expected.type);
      ASSERT_EQ(got.value(), expected.value());
    }
  }
}

} // namespace

TEST(MostOffending, LargestWinsTiesGoToTheLowerNode) {
  MostOffending m;
  EXPECT_EQ(m.winner().node, -1) << "nothing offered";
  m.add(violation(2, 0.5));
  m.add(violation(5, 1.0));
  m.add(violation(9, 1.0 + 0.5e-9)); // within the tolerance of node 5's
  m.add(violation(11, 0.7));
  EXPECT_EQ(m.winner().node, 5);
  EXPECT_EQ(m.extreme(), 1.0 + 0.5e-9);
  m.add(violation(12, 1.0 + 2e-9)); // beyond it
  EXPECT_EQ(m.winner().node, 12);
}

TEST(FirstTrigger, SmallestWinsTiesGoToTheLowerNode) {
  FirstTrigger t;
  EXPECT_EQ(t.winner().node, -1) << "nothing offered";
  t.add(trigger(3, 2.0));
  t.add(trigger(4, 1.0));
  t.add(trigger(8, 1.0 - 0.5e-9)); // within the tolerance of node 4's
  EXPECT_EQ(t.winner().node, 4);
  t.add(trigger(10, 1.0 - 2e-9)); // beyond it
  EXPECT_EQ(t.winner().node, 10);
}

// Two entries: the same as the rules of the scans before the ranks shared them (a later node replaces
// the best so far only if more extreme by more than the tolerance), so the events of earlier commits
// stand.
TEST(TieRule, TwoEntriesAsTheSequentialRules) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> rel(-3e-9, 3e-9);
  for (int trial = 0; trial < 10000; ++trial) {
    const double a = 1.0 + rel(rng), b = 1.0 + rel(rng);
    MostOffending m;
    m.add(violation(0, a));
    m.add(violation(1, b));
    ASSERT_EQ(m.winner().node, b > a * (1 + tie_tolerance) ? 1 : 0) << a << " " << b;
    FirstTrigger t;
    t.add(trigger(0, a));
    t.add(trigger(1, b));
    ASSERT_EQ(t.winner().node, b < a * (1 - tie_tolerance) ? 1 : 0) << a << " " << b;
  }
}

TEST(TieRule, AnySplitGivesTheSameWinner) {
  checkAnySplit<MostOffending>(11);
  checkAnySplit<FirstTrigger>(13);
}

// The event search offers the contact nodes' steps before the free nodes' roots: any order of the offers
// keeps the same candidates, in node order, and so the same winner.
template <class Rule> void checkAnyOrder(unsigned seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 300; ++trial) {
    auto es = nearTies<Rule>(rng, 40);
    Rule sorted;
    for (const auto &e : es)
      sorted.add(e);
    std::shuffle(es.begin(), es.end(), rng);
    Rule shuffled;
    for (const auto &e : es)
      shuffled.add(e);
    ASSERT_EQ(shuffled.extreme(), sorted.extreme()) << "trial " << trial;
    ASSERT_EQ(shuffled.candidates().size(), sorted.candidates().size()) << "trial " << trial;
    for (std::size_t c = 0; c < sorted.candidates().size(); ++c)
      ASSERT_EQ(shuffled.candidates()[c].node, sorted.candidates()[c].node) << "trial " << trial;
    ASSERT_EQ(shuffled.winner().node, sorted.winner().node) << "trial " << trial;
  }
}

TEST(TieRule, AnyOrderGivesTheSameWinner) {
  checkAnyOrder<MostOffending>(17);
  checkAnyOrder<FirstTrigger>(19);
}

// What the search may skip: every step that ties with the smallest S lies below Smallest::reach(S).
TEST(FirstTrigger, EveryStepThatTiesLiesBelowTheReach) {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> exponent(-40, 5), rel(0, 3e-9);
  int tying = 0;
  for (int trial = 0; trial < 100000; ++trial) {
    const double s = std::pow(10.0, exponent(rng)), v = s * (1 + rel(rng));
    if (!Smallest::ties(v, s)) continue;
    ++tying;
    ASSERT_LT(v, Smallest::reach(s)) << s << " " << v;
  }
  EXPECT_GT(tying, 10000);
  // At the edge: the largest double that ties with s.
  for (double s : {1.0, 3.7e-9, 2.2e-16, 6.1e3}) {
    double v = s * (1 + 1.5e-9);
    while (!Smallest::ties(v, s))
      v = std::nextafter(v, 0.0);
    EXPECT_LT(v, Smallest::reach(s));
    EXPECT_FALSE(Smallest::ties(Smallest::reach(s), s));
  }
}
