// Tests of the field output: the triangulation of the hierarchy tiles the slab conformingly, the record
// holds every node, and the XDMF file names the datasets the writer puts in the case group.
#include "tribo/core/error.hpp"
#include "tribo/io/field_output.hpp"

#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

using tribo::BinaryHierarchy;
using tribo::HierarchyFamily;

namespace {

std::vector<BinaryHierarchy> someHierarchies() {
  std::vector<BinaryHierarchy> grids;
  for (int n : {2, 3, 5})
    grids.emplace_back(n, 1.0, 1.0);
  for (int c : {0, 1, 2})
    grids.emplace_back(4, HierarchyFamily{HierarchyFamily::Kind::graded, c}, 2.0, 1.0);
  return grids;
}

} // namespace

TEST(FieldOutput, TriangulationTilesTheSlabConformingly) {
  for (const BinaryHierarchy &g : someHierarchies()) {
    const std::vector<long long> tri = tribo::triangulateHierarchy(g);
    ASSERT_EQ(tri.size() % 3, 0u);
    std::set<long long> used;
    std::map<std::pair<long long, long long>, int> edge_uses; // a conforming mesh: 1 (boundary) or 2
    double area = 0;
    for (std::size_t t = 0; t < tri.size(); t += 3) {
      double xy[3][2];
      for (int k = 0; k < 3; ++k) {
        ASSERT_GE(tri[t + k], 0);
        ASSERT_LT(tri[t + k], g.nodeCount());
        used.insert(tri[t + k]);
        const tribo::NodeRef n = g.node(tri[t + k]);
        xy[k][0] = g.x(n);
        xy[k][1] = -g.z(n);
        const long long a = tri[t + k], b = tri[t + (k + 1) % 3];
        ++edge_uses[{std::min(a, b), std::max(a, b)}];
      }
      // Counter-clockwise in the drawing frame (x right, -z up): positive signed area.
      const double signed_area = 0.5 * ((xy[1][0] - xy[0][0]) * (xy[2][1] - xy[0][1]) -
                                        (xy[2][0] - xy[0][0]) * (xy[1][1] - xy[0][1]));
      EXPECT_GT(signed_area, 0.0);
      area += signed_area;
    }
    EXPECT_NEAR(area, g.lengthX() * g.lengthZ(), 1e-12 * g.lengthX() * g.lengthZ());
    EXPECT_EQ(static_cast<std::int64_t>(used.size()), g.nodeCount()); // every node is a vertex
    for (const auto &[edge, uses] : edge_uses)
      EXPECT_LE(uses, 2);
  }
}

TEST(FieldOutput, RecordHoldsEveryNodeAndRefusesShortFields) {
  const BinaryHierarchy g(3, HierarchyFamily{HierarchyFamily::Kind::graded, 1}, 1.0, 1.0);
  const auto n = static_cast<std::size_t>(g.nodeCount());
  tribo::SlabFields f;
  for (std::size_t i = 0; i < n; ++i) {
    f.u.push_back(1.0 * i);
    f.w.push_back(2.0 * i);
    f.fx.push_back(0.0);
    f.fz.push_back(-1.0 * i);
  }
  tribo::CaseRecord record;
  tribo::recordSlabFields(record, g, f);
  const auto &d = record.datasets();
  ASSERT_EQ(d.at("fields/points").shape, (std::vector<unsigned long>{n, 2}));
  EXPECT_EQ(d.at("fields/points").unit, "m");
  EXPECT_TRUE(d.at("fields/triangles").integer);
  EXPECT_EQ(d.at("fields/f_z").unit, "N/m");
  EXPECT_DOUBLE_EQ(d.at("fields/displacement").values[3 * 4 + 1], -8.0); // -w of node 4
  // The integer flag survives the trip to the writer rank.
  const tribo::CaseRecord back = tribo::CaseRecord::deserialize(record.serialize());
  EXPECT_TRUE(back.datasets().at("fields/triangles").integer);
  EXPECT_FALSE(back.datasets().at("fields/u").integer);
  f.fz.pop_back();
  EXPECT_THROW(tribo::recordSlabFields(record, g, f), tribo::SolverError);
}

TEST(FieldOutput, XdmfNamesOneFileOrOnePerCase) {
  EXPECT_EQ(tribo::xdmfPath("out/p.h5", "punch_N5", true), "out/p.xmf");
  EXPECT_EQ(tribo::xdmfPath("p.h5", "punch_N5@slab.levels=5,punch.x=1", false),
            "p.punch_N5_slab.levels=5_punch.x=1.xmf");
}
