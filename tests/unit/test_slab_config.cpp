// Tests of the `slab:` block: the hierarchy family and the support, with errors naming their keys.
#include "tribo/core/error.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/slab_config.hpp"

#include <gtest/gtest.h>
#include <string>

using namespace tribo;

namespace {

std::string supportError(const std::string &yaml, SupportUse use) {
  try {
    const ConfigNode root = ConfigNode::fromString(yaml, "slab.yaml");
    readSlabSupport(root.child("slab"), "bonded", use);
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(SlabConfig, GradedHierarchyIsRead) {
  const ConfigNode root = ConfigNode::fromString("slab: {levels: 8, hierarchy: graded, coarsenings: 1}\n");
  const SlabGeometry s = readSlabConfig(root.child("slab"));
  EXPECT_EQ(s.hierarchy.kind, HierarchyFamily::Kind::graded);
  EXPECT_EQ(s.hierarchy.coarsenings, 1);
  EXPECT_EQ(s.grid().stride(s.grid().bottomRow()), 2);
  const SlabGeometry m = readSlabConfig(ConfigNode::fromString("slab: {levels: 8}\n").child("slab"));
  EXPECT_EQ(m.hierarchy.kind, HierarchyFamily::Kind::maximal);
  EXPECT_EQ(m.grid().rowCount(), 9);
}

TEST(SlabConfig, SupportNamesAndRefusals) {
  const ConfigNode bonded = ConfigNode::fromString("slab: {support: bonded}\n");
  EXPECT_EQ(readSlabSupport(bonded.child("slab"), "frictionless", SupportUse::lateral_load).restraint,
            LateralRestraint::bottom_row);
  const ConfigNode none = ConfigNode::fromString("slab: {levels: 5}\n");
  EXPECT_EQ(readSlabSupport(none.child("slab"), "frictionless", SupportUse::symmetric).restraint,
            LateralRestraint::bottom_center); // the fallback
  EXPECT_EQ(readSlabSupport(none.child("slab"), "bonded", SupportUse::symmetric).bottom,
            BottomSupport::fixed_vertical);
  // Sliding (a net friction force) on a frictionless bottom: refused, naming the key and the line.
  const std::string e = supportError("slab:\n  support: frictionless\n", SupportUse::lateral_load);
  EXPECT_NE(e.find("slab.yaml:2"), std::string::npos) << e;
  EXPECT_NE(e.find("slab.support"), std::string::npos) << e;
  EXPECT_NE(e.find("point load"), std::string::npos) << e;
  EXPECT_EQ(supportError("slab: {support: frictionless}\n", SupportUse::symmetric), "");
  EXPECT_NE(supportError("slab: {support: roller}\n", SupportUse::symmetric).find("{bonded, frictionless}"),
            std::string::npos);
}
