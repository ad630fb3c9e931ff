// The state shared out among the ranks (state_share.hpp): the ranks agree on the node (and the next
// event) that one scan of every node picks, and the node's state and then the whole state reach every
// rank, bit for bit.
#include "tribo/contact/state_share.hpp"
#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>
#include <limits>
#include <mpi.h>
#include <random>

using namespace tribo;

namespace {

SurfaceState randomState(std::mt19937_64 &rng, std::size_t n) {
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  SurfaceState s;
  for (auto *f : {&s.u, &s.w, &s.fx, &s.fz}) {
    f->resize(n);
    for (double &v : *f)
      v = value(rng);
  }
  return s;
}

// The nodes outside this rank's share as a stale state would have them (here: NaN).
void spoilOthers(SurfaceState &s, const StateShare &share) {
  for (auto *f : {&s.u, &s.w, &s.fx, &s.fz})
    for (std::size_t k = 0; k < f->size(); ++k)
      if (k < share.first() || k >= share.end()) (*f)[k] = std::numeric_limits<double>::quiet_NaN();
}

bool same(const std::vector<double> &a, const std::vector<double> &b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

int worldSize() {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  return ranks;
}

// The ranks' node ranges of n nodes: layout 0 balanced, the others cut at random (the same on every
// rank), some of them empty, as a tableau's row blocks may leave a rank.
std::vector<std::size_t> nodeBegins(std::size_t n, int layout) {
  const auto p = static_cast<std::size_t>(worldSize());
  std::vector<std::size_t> begins(p + 1);
  std::mt19937_64 rng(static_cast<unsigned>(layout));
  for (std::size_t r = 0; r <= p; ++r)
    begins[r] = layout == 0 ? n * r / p : rng() % (n + 1);
  std::sort(begins.begin(), begins.end());
  begins.front() = 0, begins.back() = n;
  return begins;
}

} // namespace

TEST(StateShare, RangesAreTheGivenOnesAndTileTheNodes) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const auto p = static_cast<std::size_t>(worldSize()), r = static_cast<std::size_t>(rank);
  for (int layout = 0; layout < 5; ++layout) {
    const std::vector<std::size_t> begins = nodeBegins(37, layout);
    const StateShare share(MPI_COMM_WORLD, begins);
    EXPECT_EQ(share.first(), begins[r]);
    EXPECT_EQ(share.end(), begins[r + 1]);
  }
  std::vector<std::size_t> gap(p + 1, 5); // not from node 0
  EXPECT_THROW(StateShare(MPI_COMM_WORLD, gap), SolverError);
  EXPECT_THROW(StateShare(MPI_COMM_WORLD, std::vector<std::size_t>(p, 0)), SolverError); // one too few
  if (p > 1) {
    std::vector<std::size_t> back(p + 1, 0);
    back[1] = 9, back[p] = 4; // a range that ends before it begins
    EXPECT_THROW(StateShare(MPI_COMM_WORLD, back), SolverError);
  }
}

TEST(StateShare, AgreeOnTheWinnersOfOneScanAndCompleteTheState) {
  const std::size_t n = 37;
  std::mt19937_64 rng(3); // the same draws on every rank
  std::uniform_int_distribution<int> ties(0, 5);
  for (int trial = 0; trial < 200; ++trial) {
    const StateShare share(MPI_COMM_WORLD, nodeBegins(n, trial % 4));
    const SurfaceState truth = randomState(rng, n);
    MostOffending whole, mine;
    for (std::size_t k = 0; k < n; ++k) {
      if (rng() % 3 == 0) continue;
      // None, distinct (one exchange settles it), or many near-ties (more than a rank carries).
      const double force = trial % 10 == 0  ? 0.0
                           : trial % 3 == 1 ? 0.5 + 1e-3 * static_cast<double>(rng() % 1000)
                           : rng() % 2      ? 1.0 + 0.4e-9 * ties(rng)
                                            : 0.5;
      if (force == 0) continue;
      const Violation v{static_cast<EventType>(rng() % 3), static_cast<int>(k), force};
      whole.add(v);
      if (k >= share.first() && k < share.end()) mine.add(v);
    }
    const Violation expected = whole.winner();
    SurfaceState s = truth;
    spoilOthers(s, share);
    StateShare::NodeState at;
    const Violation got = share.agree(mine, s, at);
    ASSERT_EQ(got.node, expected.node) << "trial " << trial;
    ASSERT_EQ(got.type, expected.type);
    ASSERT_EQ(got.force, expected.force);
    if (got.node >= 0) {
      const auto k = static_cast<std::size_t>(got.node);
      EXPECT_EQ(at.u, truth.u[k]);
      EXPECT_EQ(at.w, truth.w[k]);
      EXPECT_EQ(at.fx, truth.fx[k]);
      EXPECT_EQ(at.fz, truth.fz[k]);
    }
    // The next event, by the smallest step.
    FirstTrigger whole_t, mine_t;
    for (std::size_t k = 0; k < n; ++k) {
      if (rng() % 3 == 0 || trial % 10 == 0) continue;
      const double step = trial % 3 == 1 ? 0.5 + 1e-3 * static_cast<double>(rng() % 1000)
                          : rng() % 2    ? 1.0 - 0.4e-9 * ties(rng)
                                         : 2.0;
      const Trigger t{static_cast<EventType>(rng() % 3), static_cast<int>(k), step};
      whole_t.add(t);
      if (k >= share.first() && k < share.end()) mine_t.add(t);
    }
    const Trigger expected_t = whole_t.winner(), got_t = share.agree(mine_t);
    ASSERT_EQ(got_t.node, expected_t.node) << "trial " << trial;
    ASSERT_EQ(got_t.type, expected_t.type);
    ASSERT_EQ(got_t.step, expected_t.step);

    share.complete(s);
    ASSERT_TRUE(same(s.u, truth.u) && same(s.w, truth.w) && same(s.fx, truth.fx) && same(s.fz, truth.fz))
        << "trial " << trial;
  }
}

// The parts of a sum (a slip's contact forces by chunks): each summed by one rank; gathered, every rank
// holds every part's values, and with them those of a node from the rank that holds it.
TEST(StateShare, PartsTileTheSumAndGatherToEveryRank) {
  const std::size_t fields = 2, n = 37, chunk = 4, chunks = (n + chunk - 1) / chunk;
  for (int layout = 0; layout < 4; ++layout) {
    const StateShare share(MPI_COMM_WORLD, nodeBegins(n, layout));
    for (std::size_t c0 = 0; c0 <= chunks; ++c0)
      for (std::size_t c1 = c0; c1 <= chunks; ++c1) {
        const auto [lo, hi] = share.parts(c0, c1, chunk);
        ASSERT_LE(c0, lo);
        ASSERT_LE(lo, hi);
        ASSERT_LE(hi, c1);
        for (std::size_t c = lo; c < hi; ++c) // summed where its first node is
          ASSERT_TRUE(c * chunk >= share.first() && c * chunk < share.end()) << "part " << c;
        unsigned long mine = hi - lo, total = 0;
        MPI_Allreduce(&mine, &total, 1, MPI_UNSIGNED_LONG, MPI_SUM, MPI_COMM_WORLD);
        ASSERT_EQ(total, c1 - c0) << "every part of [" << c0 << ", " << c1 << ") summed once";
        std::vector<double> values(fields * (c1 - c0), std::numeric_limits<double>::quiet_NaN());
        for (std::size_t c = lo; c < hi; ++c)
          for (std::size_t f = 0; f < fields; ++f)
            values[fields * (c - c0) + f] = static_cast<double>(10 * c + f);
        // With them, a node's values from the rank that holds it (the others' stale: NaN).
        const std::size_t node = (c0 * 7 + c1) % n;
        const bool holder = node >= share.first() && node < share.end();
        std::array<double, 3> carried{};
        for (std::size_t v = 0; v < carried.size(); ++v)
          carried[v] =
              holder ? static_cast<double>(100 * node + v) : std::numeric_limits<double>::quiet_NaN();
        const std::vector<double> mine_only = values;
        share.gatherParts(values.data(), c0, c1, chunk, fields);
        for (std::size_t c = c0; c < c1; ++c)
          for (std::size_t f = 0; f < fields; ++f)
            ASSERT_EQ(values[fields * (c - c0) + f], static_cast<double>(10 * c + f)) << "part " << c;
        values = mine_only;
        share.gatherParts(values.data(), c0, c1, chunk, fields, node, carried.data(), carried.size());
        for (std::size_t c = c0; c < c1; ++c)
          for (std::size_t f = 0; f < fields; ++f)
            ASSERT_EQ(values[fields * (c - c0) + f], static_cast<double>(10 * c + f)) << "part " << c;
        for (std::size_t v = 0; v < carried.size(); ++v)
          ASSERT_EQ(carried[v], static_cast<double>(100 * node + v)) << "node " << node << "'s value " << v;
      }
  }
}
