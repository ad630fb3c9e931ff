// Tests of the binary hierarchy: row sizes, depths, numbering by columns, control volumes, ownership.
#include "tribo/core/error.hpp"
#include "tribo/grid/binary_hierarchy.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <petscsys.h>
#include <set>
#include <string>
#include <vector>

using tribo::BinaryHierarchy;
using tribo::NodeRef;

TEST(BinaryHierarchy, RowsOfFigure2) {
  // Paper Fig. 2: N = 4 gives rows of 17, 17, 9, 5, 3 nodes.
  const BinaryHierarchy g(4, 1.0, 1.0);
  ASSERT_EQ(g.rowCount(), 5);
  const std::int64_t expected[] = {17, 17, 9, 5, 3};
  std::int64_t total = 0;
  for (int r = 0; r < 5; ++r) {
    EXPECT_EQ(g.nodesInRow(r), expected[r]);
    // Spacing x count covers the slab exactly.
    EXPECT_NEAR(g.spacingX(r) * static_cast<double>(g.nodesInRow(r) - 1), 1.0, 1e-15);
    total += expected[r];
  }
  EXPECT_EQ(g.nodeCount(), total);
  EXPECT_EQ(g.surfaceNodeCount(), 17);
  for (int n = 2; n <= 12; ++n) {
    std::int64_t count = 0;
    const BinaryHierarchy h(n, 1.0, 1.0);
    for (int r = 0; r < h.rowCount(); ++r)
      count += h.nodesInRow(r);
    EXPECT_EQ(count, BinaryHierarchy::nodeCountFor(n));
    EXPECT_EQ(h.nodesInRow(n), 3); // the bottom row always has three nodes
  }
}

TEST(BinaryHierarchy, DepthDoublesRowToRow) {
  // L_z = h (2^N - 1); gaps h, 2h, 4h, ...; rows r-1, r, r+1 at eta = 0, 1, 3 (Eq. 10).
  const double Lx = 2e-3, Lz = 1.5e-3;
  const int N = 6;
  const BinaryHierarchy g(N, Lx, Lz);
  EXPECT_DOUBLE_EQ(g.topGap(), Lz / 63.0);
  EXPECT_DOUBLE_EQ(g.rowDepth(0), 0.0);
  EXPECT_DOUBLE_EQ(g.rowDepth(N), Lz);
  for (int r = 1; r <= N; ++r) {
    EXPECT_NEAR(g.rowDepth(r) - g.rowDepth(r - 1), g.gapAbove(r), 1e-15 * Lz);
    EXPECT_NEAR(g.gapAbove(r), g.topGap() * std::pow(2.0, r - 1), 1e-15 * Lz);
  }
  for (int r = 1; r < N; ++r) {
    const double eta_below = (g.rowDepth(r + 1) - g.rowDepth(r - 1)) / g.gapAbove(r);
    EXPECT_NEAR(eta_below, 3.0, 1e-12);
  }
  // With L_z = L_x the top cells are nearly square: h = L_x / (2^N - 1) vs dx = L_x / 2^N.
  const BinaryHierarchy sq(N, 1.0, 1.0);
  EXPECT_NEAR(sq.topGap() / sq.spacingX(0), 64.0 / 63.0, 1e-14);
}

namespace {

const tribo::HierarchyFamily kGraded2{tribo::HierarchyFamily::Kind::graded, 2};

/// Maximal hierarchies and graded ones (every row kind: doubling rows, constant rows, the transition).
std::vector<BinaryHierarchy> someHierarchies() {
  std::vector<BinaryHierarchy> grids;
  for (int N : {2, 3, 5, 8})
    grids.emplace_back(N, 1.0, 1.0);
  for (int c : {0, 1, 3})
    grids.emplace_back(5, tribo::HierarchyFamily{tribo::HierarchyFamily::Kind::graded, c}, 1.0, 1.0);
  grids.emplace_back(6, kGraded2, 1.0, 0.4);
  return grids;
}

} // namespace

TEST(BinaryHierarchy, NumberingByColumnsIsABijection) {
  for (const BinaryHierarchy &g : someHierarchies()) {
    const int N = g.levels();
    // Brute force: enumerate rows, sort by (column, row).
    std::map<std::pair<std::int64_t, int>, NodeRef> byColumn;
    for (int r = 0; r < g.rowCount(); ++r)
      for (std::int64_t i = 0; i < g.nodesInRow(r); ++i)
        byColumn[{g.column({r, i}), r}] = NodeRef{r, i};
    ASSERT_EQ(static_cast<std::int64_t>(byColumn.size()), g.nodeCount());
    std::int64_t expected_global = 0;
    for (const auto &[key, n] : byColumn) {
      EXPECT_EQ(g.globalIndex(n), expected_global) << "N=" << N << " row " << n.row << " index " << n.index;
      EXPECT_EQ(g.node(expected_global), n);
      ++expected_global;
    }
    std::int64_t start = 0;
    for (std::int64_t k = 0; k < g.surfaceNodeCount(); ++k) {
      EXPECT_EQ(g.columnOffset(k), start);
      int height = 0;
      for (int r = 0; r < g.rowCount(); ++r)
        if (byColumn.count({k, r})) ++height;
      EXPECT_EQ(g.columnHeight(k), height);
      start += height;
    }
    EXPECT_EQ(g.columnOffset(g.surfaceNodeCount()), g.nodeCount());
  }
}

TEST(BinaryHierarchy, ControlVolumesTileTheSlab) {
  const double Lx = 3.0, Lz = 2.0;
  for (const BinaryHierarchy &g : {BinaryHierarchy(5, Lx, Lz), BinaryHierarchy(5, kGraded2, Lx, Lz)}) {
    double area = 0;
    for (int r = 0; r < g.rowCount(); ++r) {
      double width = 0;
      double z_top = -1, z_bottom = -1;
      for (std::int64_t i = 0; i < g.nodesInRow(r); ++i) {
        const auto cv = g.controlVolume({r, i});
        // Each control volume contains its node; neighbours in a row share a face.
        EXPECT_LE(cv.x_left, g.x({r, i}));
        EXPECT_GE(cv.x_right, g.x({r, i}));
        if (i > 0) {
          EXPECT_DOUBLE_EQ(cv.x_left, g.controlVolume({r, i - 1}).x_right);
        }
        z_top = cv.z_top;
        z_bottom = cv.z_bottom;
        width += cv.width();
        area += cv.area();
        EXPECT_EQ(cv.on_left, i == 0);
        EXPECT_EQ(cv.on_right, i + 1 == g.nodesInRow(r));
        EXPECT_EQ(cv.on_top, r == 0);
        EXPECT_EQ(cv.on_bottom, r == g.bottomRow());
      }
      EXPECT_NEAR(width, Lx, 1e-13);
      // The band of row r meets the band of row r + 1 half-way between the rows.
      if (r + 1 < g.rowCount()) {
        EXPECT_NEAR(z_bottom, 0.5 * (g.rowDepth(r) + g.rowDepth(r + 1)), 1e-14);
        EXPECT_DOUBLE_EQ(z_bottom, g.controlVolume({r + 1, 0}).z_top);
      }
      if (r == 0) {
        EXPECT_EQ(z_top, 0.0);
      }
    }
    EXPECT_NEAR(area, Lx * Lz, 1e-12);
  }
}

TEST(BinaryHierarchy, NeighboursAboveAndBelow) {
  const BinaryHierarchy g(4, 1.0, 1.0);
  // Row 1 (paper row 2), index 4 (paper i = 5, odd): one node directly below, index 2 of row 2.
  auto below = g.neighboursBelow({1, 4});
  ASSERT_EQ(below.size(), 1u);
  EXPECT_EQ(below[0], (NodeRef{2, 2}));
  // Index 5 (paper i = 6, even): the two straddling nodes 2 and 3 of row 2.
  below = g.neighboursBelow({1, 5});
  ASSERT_EQ(below.size(), 2u);
  EXPECT_EQ(below[0], (NodeRef{2, 2}));
  EXPECT_EQ(below[1], (NodeRef{2, 3}));
  // The surface row and row 1 share columns.
  EXPECT_EQ(g.neighboursBelow({0, 7}).size(), 1u);
  EXPECT_EQ(g.neighboursAbove({2, 3})[0], (NodeRef{1, 6}));
  EXPECT_EQ(g.neighboursAbove({1, 3})[0], (NodeRef{0, 3}));
  EXPECT_TRUE(g.neighboursAbove({0, 3}).empty());
  EXPECT_TRUE(g.neighboursBelow({4, 1}).empty());
  EXPECT_EQ(g.neighboursInRow({4, 0}).size(), 1u);
  EXPECT_EQ(g.neighboursInRow({4, 1}).size(), 2u);
}

TEST(BinaryHierarchy, OwnershipIsContiguousStripsOfEqualShare) {
  const BinaryHierarchy g(7, 1.0, 1.0);
  for (int size : {1, 2, 3, 5, 16}) {
    std::int64_t next = 0, next_col = 0;
    for (int p = 0; p < size; ++p) {
      const auto cols = g.ownedColumns(p, size);
      const auto nodes = g.ownedNodes(p, size);
      EXPECT_EQ(cols[0], next_col);
      EXPECT_EQ(nodes[0], next);
      EXPECT_EQ(nodes[0], g.columnOffset(cols[0])); // cuts fall between columns
      // Equal share up to one column (at most N + 1 nodes).
      const double share = static_cast<double>(g.nodeCount()) / size;
      EXPECT_LE(std::abs(static_cast<double>(nodes[1] - nodes[0]) - share), g.rowCount() + 1.0);
      next = nodes[1];
      next_col = cols[1];
    }
    EXPECT_EQ(next, g.nodeCount());
    EXPECT_EQ(next_col, g.surfaceNodeCount());
  }
}

TEST(BinaryHierarchy, BadInputIsRejected) {
  EXPECT_THROW(BinaryHierarchy(1, 1.0, 1.0), tribo::InputError);
  EXPECT_THROW(BinaryHierarchy(BinaryHierarchy::maxLevels() + 1, 1.0, 1.0), tribo::InputError);
  EXPECT_THROW(BinaryHierarchy(4, 0.0, 1.0), tribo::InputError);
  EXPECT_THROW(BinaryHierarchy(4, 1.0, -1.0), tribo::InputError);
  EXPECT_THROW(BinaryHierarchy(4, NAN, 1.0), tribo::InputError);
  // The largest allowed hierarchy is still indexable: 2 dofs x 18 entries per node row in PetscInt.
  EXPECT_LE(36.0 * BinaryHierarchy::nodeCountFor(BinaryHierarchy::maxLevels()), double(PETSC_MAX_INT));
  EXPECT_GE(BinaryHierarchy::maxLevels(), 20);
  const BinaryHierarchy big(BinaryHierarchy::maxLevels(), 1.0, 1.0); // construction is O(1) in memory
  EXPECT_EQ(big.globalIndex({big.levels(), 2}), big.nodeCount() - 1);
}

TEST(BinaryHierarchy, GradedRowsStopCoarseningAndKeepCellsSquare) {
  // N = 6, c = 2: rows 0, 1 at stride 1, rows 2, 3 at strides 2, 4, then rows of stride 4 down to L_z.
  // Square cells: the strides sum to about (L_z / L_x) 2^N = 64: 1 + 2 + 4 + 4 M with M = 14.
  using tribo::HierarchyFamily;
  const BinaryHierarchy g(6, HierarchyFamily{HierarchyFamily::Kind::graded, 2}, 1.0, 1.0);
  ASSERT_EQ(g.rowCount(), 4 + 14);
  const std::int64_t strides[] = {1, 1, 2, 4};
  for (int r = 0; r < g.rowCount(); ++r) {
    EXPECT_EQ(g.stride(r), r < 4 ? strides[r] : 4) << r;
    EXPECT_EQ(g.nodesInRow(r), 64 / g.stride(r) + 1) << r;
    if (r > 0) {
      EXPECT_NEAR(g.rowDepth(r) - g.rowDepth(r - 1), g.gapAbove(r), 1e-15);
      // Each cell keeps the top cell's shape h : Delta x_0 (here 64 / 63 ... 1).
      EXPECT_NEAR(g.gapAbove(r) / g.spacingX(r), g.topGap() / g.spacingX(0), 1e-14);
    }
  }
  EXPECT_NEAR(g.topGap(), 1.0 / 63.0, 1e-15);
  EXPECT_DOUBLE_EQ(g.rowDepth(g.bottomRow()), 1.0);
  // c = 0 is the uniform grid of square cells.
  const BinaryHierarchy u(4, HierarchyFamily{HierarchyFamily::Kind::graded, 0}, 1.0, 1.0);
  EXPECT_EQ(u.rowCount(), 17);
  EXPECT_EQ(u.nodeCount(), 17 * 17);
}

TEST(BinaryHierarchy, GradedWithAllCoarseningsIsTheMaximalHierarchy) {
  // On a square slab, c = N - 1 leaves no depth to fill: the same rows as the paper's, bit for bit.
  using tribo::HierarchyFamily;
  for (int N : {3, 6, 9}) {
    const BinaryHierarchy m(N, 1e-3, 1e-3);
    const BinaryHierarchy g(N, HierarchyFamily{HierarchyFamily::Kind::graded, N - 1}, 1e-3, 1e-3);
    ASSERT_EQ(g.rowCount(), m.rowCount());
    EXPECT_EQ(g.nodeCount(), m.nodeCount());
    for (int r = 0; r < m.rowCount(); ++r) {
      EXPECT_EQ(g.stride(r), m.stride(r));
      EXPECT_EQ(g.rowDepth(r), m.rowDepth(r));
    }
  }
}

TEST(BinaryHierarchy, GradedThatCannotBeBuiltIsRejected) {
  using tribo::HierarchyFamily;
  const auto graded = [](int c) { return HierarchyFamily{HierarchyFamily::Kind::graded, c}; };
  // The coarsest row must keep three nodes: c <= N - 1.
  EXPECT_THROW(BinaryHierarchy(5, graded(5), 1.0, 1.0), tribo::InputError);
  EXPECT_THROW(BinaryHierarchy(5, graded(-1), 1.0, 1.0), tribo::InputError);
  // The graded rows of c = 4 need 31 surface spacings of depth; a slab of 0.25 L_x has 8.
  try {
    BinaryHierarchy(5, graded(4), 1.0, 0.25);
    FAIL() << "accepted graded rows deeper than the slab";
  } catch (const tribo::InputError &e) {
    EXPECT_NE(std::string(e.what()).find("coarsenings <= 2"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(BinaryHierarchy(5, graded(2), 1.0, 0.25));
  // Fewer than three rows: a uniform grid one spacing deep.
  EXPECT_THROW(BinaryHierarchy(2, graded(0), 1.0, 0.2), tribo::InputError);
}
