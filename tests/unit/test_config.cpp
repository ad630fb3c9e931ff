// Input validation: every class of bad input stops with a message naming key path, line, value, range.
#include "tribo/study/config.hpp"

#include <cmath>
#include <gtest/gtest.h>

using tribo::Bounds;
using tribo::ConfigNode;
using tribo::InputError;

namespace {

/// The message of the InputError that `f` throws ("" when it throws nothing).
template <typename F> std::string errorOf(F &&f) {
  try {
    f();
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

const char *slab_yaml = R"(study: punch
slab:
  levels: 7
  poisson_ratio: 0.5
  shear_modulus: 1.0e10
  name: steel
contact:
  mu_i: [0.25, 0.5]
)";

} // namespace

TEST(ConfigNode, ReadsTypedValuesWithDefaults) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  auto slab = root.child("slab");
  EXPECT_EQ(slab.requireInt("levels", Bounds::atLeast(2)), 7);
  EXPECT_DOUBLE_EQ(slab.getDouble("shear_modulus", 1.0, Bounds::positive()), 1e10);
  EXPECT_DOUBLE_EQ(slab.getDouble("length_x", 1e-3, Bounds::positive()), 1e-3);
  EXPECT_EQ(root.child("contact").getDoubleList("mu_i", {}, Bounds::positive()),
            (std::vector<double>{0.25, 0.5}));
}

TEST(ConfigNode, OutOfRangeNamesKeyLineValueAndRange) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  const auto msg =
      errorOf([&] { root.child("slab").getDouble("poisson_ratio", 0.3, Bounds::open(-1, 0.5)); });
  EXPECT_NE(msg.find("in.yaml:4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("slab.poisson_ratio"), std::string::npos) << msg;
  EXPECT_NE(msg.find("0.5"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(-1, 0.5)"), std::string::npos) << msg;
}

TEST(ConfigNode, WrongTypeIsAnError) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  const auto msg = errorOf([&] { root.child("slab").getDouble("name", 1.0); });
  EXPECT_NE(msg.find("slab.name"), std::string::npos) << msg;
  EXPECT_NE(msg.find("expected a number"), std::string::npos) << msg;
  EXPECT_NE(errorOf([&] { root.child("slab").getInt("shear_modulus", 1); }).find("expected an integer"),
            std::string::npos);
}

TEST(ConfigNode, MissingRequiredKeyIsAnError) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  const auto msg = errorOf([&] { root.child("slab").requireDouble("length_x", Bounds::positive()); });
  EXPECT_NE(msg.find("slab.length_x"), std::string::npos) << msg;
  EXPECT_NE(msg.find("missing"), std::string::npos) << msg;
}

TEST(ConfigNode, UnknownKeyIsAnError) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  root.getString("study", "");
  auto slab = root.child("slab");
  slab.getInt("levels", 7);
  slab.getDouble("poisson_ratio", 0.3);
  slab.getDouble("shear_modulus", 1.0);
  root.child("contact").getDoubleList("mu_i", {});
  const auto msg = errorOf([&] { root.checkAllKeysUsed(); });
  EXPECT_NE(msg.find("unknown key 'slab.name'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("in.yaml:6"), std::string::npos) << msg;
  slab.getString("name", "");
  EXPECT_NO_THROW(root.checkAllKeysUsed());
}

TEST(ConfigNode, MalformedYamlGivesLineAndColumn) {
  const auto msg = errorOf([] { ConfigNode::fromString("study: disk\nslab: [1, 2\n", "bad.yaml"); });
  EXPECT_NE(msg.find("bad.yaml:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("malformed YAML"), std::string::npos) << msg;
}

TEST(ConfigNode, ChoiceListsTheAllowedValues) {
  auto root = ConfigNode::fromString("study: nonsense\n", "in.yaml");
  const auto msg = errorOf([&] { root.getChoice("study", "", {"disk", "punch"}); });
  EXPECT_NE(msg.find("'nonsense'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("{disk, punch}"), std::string::npos) << msg;
}

TEST(ConfigNode, OverridesSetNestedKeysWithYamlTypes) {
  auto root = ConfigNode::fromString(slab_yaml, "in.yaml");
  root.applyOverride("slab.levels=5");
  root.applyOverride("pin.radius_over_Lx=200");
  root.applyOverride("contact.mu_i=[0.1]");
  EXPECT_EQ(root.child("slab").getInt("levels", 0), 5);
  EXPECT_DOUBLE_EQ(root.child("pin").getDouble("radius_over_Lx", 0), 200);
  EXPECT_EQ(root.child("contact").getDoubleList("mu_i", {}), std::vector<double>{0.1});
  EXPECT_THROW(root.applyOverride("no_equals_sign"), InputError);
  EXPECT_THROW(root.applyOverride("slab.levels.deeper=1"), InputError);
  // An overridden value that is out of range still names its key.
  root.applyOverride("slab.levels=1");
  EXPECT_NE(errorOf([&] { root.child("slab").getInt("levels", 7, Bounds::atLeast(2)); }).find("slab.levels"),
            std::string::npos);
}

TEST(ConfigNode, ListsOfMappingsHaveIndexedPaths) {
  auto root = ConfigNode::fromString("runs:\n  - {v0: 1.0}\n  - {v0: -2.0}\n", "in.yaml");
  auto runs = root.childList("runs");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_DOUBLE_EQ(runs[0].getDouble("v0", 0, Bounds::positive()), 1.0);
  const auto msg = errorOf([&] { runs[1].getDouble("v0", 0, Bounds::positive()); });
  EXPECT_NE(msg.find("runs[1].v0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("in.yaml:3"), std::string::npos) << msg;
}

TEST(Bounds, DescribesIntervalsAndRejectsNaN) {
  EXPECT_EQ(Bounds::positive().describe(), "(0, inf)");
  EXPECT_EQ(Bounds::closed(2, 20).describe(), "[2, 20]");
  EXPECT_FALSE(Bounds::any().contains(std::nan("")));
  EXPECT_FALSE(Bounds::positive().contains(0.0));
  EXPECT_TRUE(Bounds::nonNegative().contains(0.0));
}

TEST(ConfigNode, RecordsTheDefaultsUsedForLeftOutKeys) {
  const auto root = ConfigNode::fromString("slab:\n  levels: 5\nsweep: {}\n", "d.yaml");
  const ConfigNode slab = root.child("slab");
  EXPECT_EQ(slab.getInt("levels", 7), 5); // given: not a default
  EXPECT_DOUBLE_EQ(slab.getDouble("length_x", 1e-3), 1e-3);
  EXPECT_TRUE(std::isnan(slab.getDouble("switch", std::nan(""))));
  EXPECT_FALSE(root.child("contact").getBool("frictionless", false));
  EXPECT_EQ(root.child("pin").getString("shape", "circle"), "circle");
  EXPECT_EQ(root.child("contact").getDoubleList("mu_i", {0.25, 0.5}).size(), 2u);
  // A sweep point's reads land in the same record.
  const ConfigNode point = root.variant({"slab.levels=6"});
  EXPECT_EQ(point.child("slab").getInt("coarsenings", 1), 1);
  EXPECT_EQ(root.defaultsText(), "contact.frictionless: false\ncontact.mu_i: [0.25, 0.5]\npin.shape: circle\n"
                                 "slab.coarsenings: 1\nslab.length_x: 0.001\nslab.switch: .nan\n");
}
