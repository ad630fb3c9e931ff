// The compressed surface solver (the HODLR compliance; docs/model.md §16.2–16.3) against the reference
// KSP path: single solves and unit responses through a sequence of contact sets, the same event sequence
// and F(delta) on the Fig. 6 setup and at n_x = 1025, the same numbers on one rank and on all, and a
// checkpoint that resumes bit for bit.
#include "same_events.hpp"
#include "tribo/contact/pin_on_slab.hpp"
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

TEST(CompressedContact, Fig6SameEventsMu05) {
  expectSameEvents(7, 0.5, 150, SolverPath::compressed);
}
TEST(CompressedContact, Fig6SameEventsMu025) {
  expectSameEvents(7, 0.25, 150, SolverPath::compressed);
}
TEST(CompressedContact, Level10SameEvents) {
  expectSameEvents(10, 0.5, 10, SolverPath::compressed);
}

TEST(CompressedContact, SolveEqualsReferenceSolve) {
  const SlabGeometry geometry = fig6Like(7, 0.5, SolverPath::reference).slab;
  const BinaryHierarchy grid = geometry.grid();
  const SlabSupport support = fig6Like(7, 0.5, SolverPath::reference).support;
  SlabSystem slab(PETSC_COMM_WORLD, grid, geometry.elastic, support);
  SlabSurfaceSolver ref(slab);
  SlabSystem slab2(PETSC_COMM_WORLD, grid, geometry.elastic, support);
  CompressedSurfaceSolver com(slab2, SurfaceComplianceOptions{});
  const std::size_t n = ref.surfaceX().size();
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1e-7, 1e-7);
  std::vector<double> u(n), w(n);
  for (std::size_t k = 0; k < n; ++k)
    u[k] = U(rng), w[k] = U(rng);
  auto expectSameSolve = [&](const std::string &what) { expectSameSolves(ref, com, u, w, what); };
  std::vector<char> contact(n, 0), held(n, 0);
  for (std::size_t k = n / 2 - 16; k <= n / 2 + 16; ++k)
    contact[k] = 1, held[k] = k % 3 != 0;
  ref.setContactSet(contact, held);
  com.setContactSet(contact, held);
  expectSameSolve("base set");
  contact[n / 2 - 16] = held[n / 2 - 16] = 0;
  held[n / 2] = !held[n / 2];
  contact[n / 2 + 17] = held[n / 2 + 17] = 1;
  ref.setContactSet(contact, held);
  com.setContactSet(contact, held);
  expectSameSolve("changed set");
}

// A kept pair of unit responses that followed contact-set changes by linearity (docs/model.md §16.3,
// "Kept responses across contact-set changes") is the pair a full KSP solve gives in the new set.
TEST(CompressedContact, KeptPairsFollowTheContactSet) {
  const PinOnSlabSetup setup = fig6Like(8, 0.5, SolverPath::compressed);
  PinOnSlab model(PETSC_COMM_WORLD, setup);
  model.establishNormalContact();
  const CompressedSurfaceSolver &com = *model.compressed();
  const std::vector<char> &in_contact = model.contact().inContact();
  std::vector<int> nodes; // every fourth node in contact now: their pairs are kept
  for (std::size_t k = 0; k < in_contact.size(); ++k)
    if (in_contact[k] && k % 4 == 0) nodes.push_back(static_cast<int>(k));
  SurfaceState r;
  for (const int k : nodes)
    model.surface().unitResponse(k, Component::u, r);
  int events_changing_the_set = 0;
  for (int e = 0; e < 400 && events_changing_the_set < 4; ++e) {
    const std::vector<char> before = in_contact;
    model.contact().advance();
    events_changing_the_set += before != in_contact;
  }
  ASSERT_GE(events_changing_the_set, 4);

  const BinaryHierarchy grid = setup.slab.grid();
  SlabSystem slab(PETSC_COMM_WORLD, grid, setup.slab.elastic, setup.support);
  SlabSurfaceSolver ref(slab);
  ref.setContactSet(in_contact, in_contact);
  const long long followed_before = com.setChangesFollowed();
  double worst = 0;
  for (const int k : nodes) {
    if (!in_contact[static_cast<std::size_t>(k)]) continue;
    for (const Component c : {Component::u, Component::w}) {
      SurfaceState a, b;
      ref.unitResponse(k, c, a);
      model.surface().unitResponse(k, c, b);
      double fmax = 0; // displacements relative to the unit prescription, forces to the largest force
      for (std::size_t i = 0; i < a.u.size(); ++i)
        fmax = std::max({fmax, std::abs(a.fx[i]), std::abs(a.fz[i])});
      for (std::size_t i = 0; i < a.u.size(); ++i)
        worst = std::max({worst, std::abs(a.u[i] - b.u[i]), std::abs(a.w[i] - b.w[i]),
                          std::abs(a.fx[i] - b.fx[i]) / fmax, std::abs(a.fz[i] - b.fz[i]) / fmax});
    }
  }
  const long long followed = com.setChangesFollowed() - followed_before;
  EXPECT_GT(followed, 0) << "no kept pair followed a set change: the test tests nothing";
  EXPECT_LT(worst, 1e-10);
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (rank == 0)
    std::printf("kept pairs: %lld set changes followed, worst difference from a KSP solve %.2e (relative)\n",
                followed, worst);
}

// Many events against the condensed path (fast enough for a longer run than the reference allows): the
// contact block goes through many sets, refactored each time the changes since its base exceed the bound.
TEST(CompressedContact, AgreesWithCondensedOverManyEvents) {
  PinOnSlab condensed(PETSC_COMM_WORLD, fig6Like(8, 0.5, SolverPath::condensed));
  PinOnSlab compressed(PETSC_COMM_WORLD, fig6Like(8, 0.5, SolverPath::compressed));
  const double P = condensed.loadPerDepth();
  ASSERT_EQ(condensed.establishNormalContact(), compressed.establishNormalContact());
  double worst = 0;
  for (int e = 0; e < 600; ++e) {
    const SlipEvent a = condensed.contact().advance(), b = compressed.contact().advance();
    ASSERT_EQ(a.type, b.type) << "event " << e;
    ASSERT_EQ(a.node, b.node) << "event " << e;
    ASSERT_EQ(a.state_changes, b.state_changes) << "event " << e;
    ASSERT_NEAR(a.friction_force, b.friction_force, 1e-9 * P) << "event " << e;
    worst = std::max(worst, std::abs(a.friction_force - b.friction_force) / P);
  }
  EXPECT_GT(compressed.compressed()->factorisations(), 1);
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (rank == 0)
    std::printf("levels 8: 600 events, %d factorisations of the contact block, worst |dF|/W %.3e\n",
                compressed.compressed()->factorisations(), worst);
}

// Every rank holds the whole operator and does the same work: the events are bit for bit those of one
// rank alone; and a checkpoint taken after some events resumes bit for bit.
TEST(CompressedContact, SameOnOneRankAndOnAllAndAfterACheckpoint) {
  constexpr int events = 200, saved_at = 80;
  auto run = [&](MPI_Comm comm, CaseRecord *checkpoint) {
    PinOnSlab model(comm, fig6Like(8, 0.5, SolverPath::compressed));
    model.establishNormalContact();
    std::vector<SlipEvent> r;
    for (int e = 0; e < events; ++e) {
      if (checkpoint && e == saved_at) model.contact().saveState(StateWriter(*checkpoint, "contact"));
      r.push_back(model.contact().advance());
    }
    return r;
  };
  CaseRecord checkpoint;
  const std::vector<SlipEvent> all = run(PETSC_COMM_WORLD, &checkpoint);
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (rank != 0) return;
  const std::vector<SlipEvent> one = run(PETSC_COMM_SELF, nullptr);
  PinOnSlab resumed(PETSC_COMM_SELF, fig6Like(8, 0.5, SolverPath::compressed));
  resumed.contact().restoreState(StateReader(checkpoint, "contact"));
  for (int e = 0; e < events; ++e) {
    ASSERT_EQ(all[e].type, one[e].type) << "event " << e;
    ASSERT_EQ(all[e].node, one[e].node) << "event " << e;
    ASSERT_EQ(all[e].state_changes, one[e].state_changes) << "event " << e;
    ASSERT_EQ(all[e].friction_force, one[e].friction_force) << "event " << e;
    if (e < saved_at) continue;
    const SlipEvent r = resumed.contact().advance();
    ASSERT_EQ(r.node, one[e].node) << "event " << e << " after the checkpoint";
    ASSERT_EQ(r.state_changes, one[e].state_changes) << "event " << e << " after the checkpoint";
    ASSERT_EQ(r.friction_force, one[e].friction_force) << "event " << e << " after the checkpoint";
    ASSERT_EQ(std::memcmp(&r.delta, &one[e].delta, sizeof r.delta), 0) << "event " << e;
  }
}
