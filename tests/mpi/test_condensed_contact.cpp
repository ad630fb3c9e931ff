// The condensed surface solver against the reference KSP path: single solves, normal contact, and the
// same event sequence and F(delta) on the Fig. 6 setup, on any number of ranks.
#include "same_events.hpp"
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/contact/tableau_storage.hpp"
#include "tribo/io/state_archive.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <random>
#include <string>

using namespace tribo;
using tribo::test::expectSameEvents;
using tribo::test::expectSameSolves;
using tribo::test::fig6Like;

TEST(CondensedContact, SolveEqualsReferenceSolve) {
  // One provisional equilibrium, arbitrary prescription on a contact set in the zone: all four surface
  // fields at all n_x nodes, outside the zone included. Scale: forces relative to the largest force,
  // displacements to the largest prescription; MUMPS round-off on this system is ~1e-10 of those.
  const SlabGeometry geometry = fig6Like(6, 0.5, SolverPath::reference).slab;
  const BinaryHierarchy grid = geometry.grid();
  SlabSupport support;
  support.bottom = BottomSupport::fixed_vertical;
  support.restraint = LateralRestraint::bottom_row;
  SlabSystem slab(PETSC_COMM_WORLD, grid, geometry.elastic, support);
  SlabSurfaceSolver ref(slab);
  const std::size_t n = ref.surfaceX().size();
  CondensedSurfaceSolver con(slab, ref.surfaceX()[n / 2 - 8], ref.surfaceX()[n / 2 + 8], 4);
  EXPECT_EQ(con.zoneNodes(), 17 + 2 * 4);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1e-7, 1e-7);
  std::vector<double> u(n), w(n);
  for (std::size_t k = 0; k < n; ++k)
    u[k] = U(rng), w[k] = U(rng);
  // The solve, and the unit responses a slip and a contact-set change use (a full solve on the reference
  // path, one tableau column on the condensed one, read in place when no pivot is pending), of a node
  // held both ways (n/2 + 2 = 34) and of a node whose u is free (36: no response).
  auto expectSameSolve = [&](const std::string &what) { expectSameSolves(ref, con, u, w, what); };
  // Some contact nodes free laterally: the condensation in this partition has force columns too.
  std::vector<char> contact(n, 0), held(n, 0);
  for (std::size_t k = n / 2 - 8; k <= n / 2 + 8; ++k)
    contact[k] = 1, held[k] = k % 3 != 0;
  ref.setContactSet(contact, held);
  con.setContactSet(contact, held);
  expectSameSolve("condensed in the partition");
  // A few nodes leave and the held u's change: pivots from that tableau.
  contact[n / 2 - 8] = held[n / 2 - 8] = 0;
  held[n / 2] = !held[n / 2];
  ref.setContactSet(contact, held);
  con.setContactSet(contact, held);
  // Node n/2 - 8: w (its u was free already); node n/2: u. The pivots wait until the columns they add
  // to the solves have cost a pass over the tableau, then apply as one block.
  EXPECT_EQ(con.condensations(), 1);
  EXPECT_EQ(con.pendingPivots(), 2u);
  expectSameSolve("pivots pending");
  for (long long i = 0; i < con.zoneNodes() && con.pendingPivots() > 0; ++i)
    con.solve(u, w);
  EXPECT_EQ(con.pendingPivots(), 0u);
  EXPECT_EQ(con.pivots(), 2);
  expectSameSolve("pivoted");
  // Contact beyond the zone: condensed again on a grown zone, in the new partition.
  for (std::size_t k = n / 2 + 9; k <= n / 2 + 14; ++k)
    contact[k] = held[k] = 1;
  ref.setContactSet(contact, held);
  con.setContactSet(contact, held);
  EXPECT_EQ(con.condensations(), 2);
  EXPECT_GT(con.zoneNodes(), 17 + 2 * 4);
  expectSameSolve("grown zone");
}

TEST(CondensedContact, ZoneGrowsWhenContactLeavesIt) {
  // No margin: the first new contact during sliding lies outside the zone, so the solver must condense
  // again on a grown zone and carry on with the reference's events.
  PinOnSlabSetup s = fig6Like(6, 0.5, SolverPath::condensed);
  s.zone_margin_nodes = 0;
  s.zone_margin_fraction = 0;
  PinOnSlab con(PETSC_COMM_WORLD, s);
  PinOnSlab ref(PETSC_COMM_WORLD, fig6Like(6, 0.5, SolverPath::reference));
  con.establishNormalContact();
  ref.establishNormalContact();
  const long long zone0 = con.condensedZoneNodes();
  int e = 0;
  for (; e < 600 && con.condensed()->condensations() == 1; ++e) {
    const SlipEvent a = ref.contact().advance(), b = con.contact().advance();
    ASSERT_EQ(a.node, b.node) << "event " << e;
    ASSERT_EQ(a.state_changes, b.state_changes) << "event " << e;
    ASSERT_NEAR(a.friction_force, b.friction_force, 1e-9 * ref.loadPerDepth()) << "event " << e;
  }
  ASSERT_GT(con.condensed()->condensations(), 1) << "no contact spread in " << e << " events";
  EXPECT_GT(con.condensedZoneNodes(), zone0);
  for (int k = 0; k < 20; ++k, ++e) {
    const SlipEvent a = ref.contact().advance(), b = con.contact().advance();
    ASSERT_EQ(a.node, b.node) << "event " << e;
    ASSERT_EQ(a.state_changes, b.state_changes) << "event " << e;
    ASSERT_NEAR(a.friction_force, b.friction_force, 1e-9 * ref.loadPerDepth()) << "event " << e;
  }
}

TEST(CondensedContact, FrictionlessHertzAgrees) {
  // Frictionless: the contact nodes' u are free too, so S_FF holds them (the general branch).
  PinOnSlabSetup s = fig6Like(8, 0.5, SolverPath::reference);
  s.contact.frictionless = true;
  PinOnSlabSetup c = s;
  c.solver_path = SolverPath::condensed;
  PinOnSlab ref(PETSC_COMM_WORLD, s), con(PETSC_COMM_WORLD, c);
  // The normal contact runs on the reference path in both; the condensed path then solves the state
  // again with its own operator, the contact nodes' u free (the large-S_FF branch).
  EXPECT_EQ(ref.establishNormalContact(), con.establishNormalContact());
  EXPECT_EQ(ref.contact().inContact(), con.contact().inContact());
  const auto &a = ref.contact().state(), &b = con.contact().state();
  for (std::size_t k = 0; k < a.u.size(); ++k) {
    EXPECT_NEAR(a.u[k], b.u[k], 1e-9 * std::abs(ref.contact().interference())) << k;
    EXPECT_NEAR(a.w[k], b.w[k], 1e-9 * std::abs(ref.contact().interference())) << k;
  }
  for (std::size_t k = 0; k < a.fz.size(); ++k) {
    if (ref.contact().inContact()[k]) {
      EXPECT_NEAR(a.fz[k], b.fz[k], 1e-9 * ref.loadPerDepth()) << k;
    }
  }
  EXPECT_EQ(con.contact().worstViolation(), 0.0);
}

TEST(CondensedContact, ConstraintsHoldAfterEveryEvent) {
  PinOnSlab model(PETSC_COMM_WORLD, fig6Like(7, 0.5, SolverPath::condensed));
  auto &c = model.contact();
  model.establishNormalContact();
  for (int e = 0; e < 300; ++e) {
    c.advance();
    ASSERT_EQ(c.worstViolation(), 0.0) << "event " << e;
  }
}

TEST(CondensedContact, AutoChoosesCondensedWhenItFitsElseCompressed) {
  PinOnSlabSetup s = fig6Like(5, 0.5, SolverPath::automatic);
  EXPECT_EQ(PinOnSlab(PETSC_COMM_WORLD, s).solverPathName(), "condensed");
  s.condensed_max_bytes = 1000; // far below one zone's S_Z
  const PinOnSlab model(PETSC_COMM_WORLD, s);
  EXPECT_EQ(model.solverPathName(), "compressed");
  EXPECT_GT(model.compressedBytes(), 0u);
  EXPECT_EQ(model.condensedBytes(), 0u);
}

TEST(CondensedContact, Fig6SameEventsMu025) {
  expectSameEvents(7, 0.25, 150);
}
TEST(CondensedContact, Fig6SameEventsMu05) {
  expectSameEvents(7, 0.5, 150);
}
TEST(CondensedContact, Level10SameEvents) {
  expectSameEvents(10, 0.5, 10);
}

TEST(CondensedContact, TableauSharedOnlyWhereItFits) {
  // Ranks on one node share the tableau in /dev/shm, unless it would not fit there (a window beyond the
  // file system's room dies of SIGBUS when written) or row blocks are asked for; one rank keeps its rows.
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  const std::string small =
      TableauStorage::make(PETSC_COMM_WORLD, TableauPlacement::automatic, 1000, 100)->name();
  EXPECT_EQ(small, size > 1 ? "shared on the node" : "row blocks");
  const std::size_t huge = std::size_t{1} << 30; // 2^60 doubles: no /dev/shm holds them
  EXPECT_STREQ(TableauStorage::make(PETSC_COMM_WORLD, TableauPlacement::automatic, huge, huge)->name(),
               "row blocks");
  EXPECT_STREQ(TableauStorage::make(PETSC_COMM_WORLD, TableauPlacement::row_blocks, 1000, 100)->name(),
               "row blocks");
}

TEST(CondensedContact, SameOnOneRankAndOnAll) {
  // The condensation shares its columns out over the ranks and solves each on a serial slab, in blocks
  // fixed by the zone alone (src/contact/condensation.cpp): the condensed tableau is the same to the last
  // bit on one rank (rank 0 alone, PETSC_COMM_SELF) and on all of them, and so are the events, whether
  // the tableau's rows are shared on the node or kept in a private block per rank (TableauStorage).
  constexpr int events = 300;
  struct Run {
    CaseRecord record; // the condensed solver's state after the normal contact (gathered to rank 0)
    std::vector<SlipEvent> events;
  };
  auto run = [&](MPI_Comm comm, TableauPlacement placement) {
    PinOnSlabSetup s = fig6Like(8, 0.5, SolverPath::condensed);
    s.tableau_placement = placement;
    Run r;
    PinOnSlab model(comm, s);
    model.establishNormalContact();
    model.surface().saveState(StateWriter(r.record, "surface"));
    for (int e = 0; e < events; ++e)
      r.events.push_back(model.contact().advance());
    return r;
  };
  const Run shared = run(PETSC_COMM_WORLD, TableauPlacement::automatic);
  const Run blocks = run(PETSC_COMM_WORLD, TableauPlacement::row_blocks);
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  if (rank != 0) return;
  const Run one = run(PETSC_COMM_SELF, TableauPlacement::automatic);
  auto bitwise = [](const std::vector<double> &a, const std::vector<double> &b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
  };
  for (const Run *all : {&shared, &blocks}) {
    SCOPED_TRACE(all == &shared ? "rows shared on the node" : "a row block per rank");
    const StateReader a(all->record, "surface"), b(one.record, "surface");
    EXPECT_TRUE(bitwise(a.values("base"), b.values("base"))) << "the condensed tableau";
    EXPECT_TRUE(bitwise(a.values("tableau"), b.values("tableau")))
        << "the tableau after the normal contact's pivots";
    for (int e = 0; e < events; ++e) {
      ASSERT_EQ(all->events[e].type, one.events[e].type) << "event " << e;
      ASSERT_EQ(all->events[e].node, one.events[e].node) << "event " << e;
      ASSERT_EQ(all->events[e].state_changes, one.events[e].state_changes) << "event " << e;
      EXPECT_EQ(all->events[e].friction_force, one.events[e].friction_force) << "event " << e;
    }
  }
}
