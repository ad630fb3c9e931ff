// Sweeps: product and zip of value lists, stable tags, and errors that name the key.
#include "tribo/study/config.hpp"
#include "tribo/study/sweep.hpp"

#include <gtest/gtest.h>

using namespace tribo;

TEST(Sweep, NoBlockIsOnePoint) {
  auto root = ConfigNode::fromString("study: disk\n");
  const auto points = readSweep(root);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_TRUE(points[0].assignments.empty());
}

TEST(Sweep, ProductInKeyOrder) {
  auto root = ConfigNode::fromString(
      "study: x\nsweep:\n  parameters:\n    contact.mu_i: [0.25, 0.5]\n    slab.levels: [5, 6, 7]\n");
  const auto points = readSweep(root);
  ASSERT_EQ(points.size(), 6u);
  EXPECT_EQ(points[0].tag, "contact.mu_i=0.25,slab.levels=5");
  EXPECT_EQ(points[5].tag, "contact.mu_i=0.5,slab.levels=7");
  EXPECT_EQ(points[1].assignments, (std::vector<std::string>{"contact.mu_i=0.25", "slab.levels=6"}));
}

TEST(Sweep, ZipPairsValuesAndChecksLengths) {
  auto root = ConfigNode::fromString(
      "study: x\nsweep:\n  mode: zip\n  parameters:\n    a.b: [1, 2]\n    c.d: [[3, 4], [5, 6]]\n");
  const auto points = readSweep(root);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[1].tag, "a.b=2,c.d=5_6");
  EXPECT_EQ(points[1].assignments[1], "c.d=[5, 6]");
  auto bad =
      ConfigNode::fromString("study: x\nsweep:\n  mode: zip\n  parameters:\n    a: [1, 2]\n    b: [1]\n");
  EXPECT_THROW(readSweep(bad), InputError);
}

TEST(Sweep, VariantsAreIndependentCopiesWithLines) {
  auto root = ConfigNode::fromString("study: x\nslab:\n  levels: 7\n", "in.yaml");
  root.applyOverride("slab.levels=8");
  auto copy = root.variant({"slab.poisson_ratio=0.7"});
  EXPECT_EQ(copy.child("slab").getInt("levels", 0), 8);
  try {
    copy.child("slab").getDouble("poisson_ratio", 0.3, Bounds::open(-1, 0.5));
    FAIL() << "expected an InputError";
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find("slab.poisson_ratio"), std::string::npos);
  }
  EXPECT_FALSE(root.child("slab").has("poisson_ratio"));
}

TEST(Sweep, ScalarInsteadOfListIsAnError) {
  auto root = ConfigNode::fromString("study: x\nsweep:\n  parameters:\n    contact.mu_i: 0.5\n", "in.yaml");
  try {
    readSweep(root);
    FAIL();
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find("sweep.parameters.contact.mu_i"), std::string::npos) << e.what();
  }
}
