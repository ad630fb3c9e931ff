// Hostile and mistaken inputs (issue 18): duplicate keys, empty --set values, --set against a sweep,
// alias expansion, nesting, size and sweep limits, and the line every error names.
#include "tribo/study/case.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/sweep.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tribo;

namespace {

template <typename F> std::string errorOf(F &&f) {
  try {
    f();
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

const char *table_yaml = "study: friction_table\n"
                         "friction:\n"
                         "  law: Coulomb\n"
                         "  mu: 0.3\n"
                         "table: {N: [1], v: [0]}\n";

} // namespace

TEST(InputLimits, DuplicateKeysNameBothLines) {
  const auto top =
      errorOf([] { ConfigNode::fromString("study: disk\nslab: {}\nstudy: punch\n", "in.yaml"); });
  EXPECT_HAS(top, "in.yaml:3: study: duplicate key (first at line 1)");
  const auto nested =
      errorOf([] { ConfigNode::fromString("study: punch\nslab:\n  levels: 5\n  levels: 6\n", "in.yaml"); });
  EXPECT_HAS(nested, "in.yaml:4: slab.levels: duplicate key (first at line 3)");
  // The same key in different mappings is fine.
  EXPECT_EQ(errorOf([] { ConfigNode::fromString("a: {x: 1}\nb: {x: 2}\n"); }), "");
}

TEST(InputLimits, KeysMustBeNames) {
  // Found by the fuzzer: an empty key in sweep.parameters escaped as a yaml-cpp exception.
  const auto msg = errorOf(
      [] { ConfigNode::fromString("study: dynamics\nsweep:\n  parameters:\n    : eisk\n", "in.yaml"); });
  EXPECT_HAS(msg, "in.yaml:4: sweep.parameters: a key must be a non-empty name");
  EXPECT_HAS(errorOf([] { ConfigNode::fromString("~: 1\n"); }), "a key must be a non-empty name");
  EXPECT_HAS(errorOf([] { ConfigNode::fromString("? [a, b]\n: 1\n"); }), "got a list");
}

TEST(InputLimits, EmptyOrNullSetIsAnError) {
  auto root = ConfigNode::fromString(table_yaml, "in.yaml");
  EXPECT_HAS(errorOf([&] { root.applyOverride("friction.mu="); }),
             "in.yaml (from --set): friction.mu: no value after '='");
  EXPECT_HAS(errorOf([&] { root.applyOverride("friction.mu=  "); }), "no value after '='");
  EXPECT_HAS(errorOf([&] { root.applyOverride("friction.mu=null"); }), "the value 'null' is null");
  EXPECT_HAS(errorOf([&] { root.applyOverride("friction..mu=1"); }), "none of them empty");
  EXPECT_DOUBLE_EQ(root.child("friction").getDouble("mu", 0), 0.3) << "a refused --set changes nothing";
}

TEST(InputLimits, SetErrorsSayFromSet) {
  auto root = ConfigNode::fromString(table_yaml, "in.yaml");
  root.applyOverride("friction.mu=-1");
  const auto msg = errorOf([&] { root.child("friction").getDouble("mu", 0, Bounds::positive()); });
  EXPECT_HAS(msg, "in.yaml (from --set): friction.mu: value -1 is out of range");
  root.applyOverride("extra.key=1");
  EXPECT_EQ(root.child("extra").where(), "in.yaml (from --set)");
}

TEST(InputLimits, SetOnASweptKeyIsAnError) {
  auto root = ConfigNode::fromString(
      "study: friction_table\nsweep:\n  parameters:\n    friction.mu: [0.1, 0.2]\n", "in.yaml");
  root.applyOverride("friction.mu=0.3");
  const auto msg = errorOf([&] { readSweep(root); });
  EXPECT_HAS(msg, "in.yaml:4: sweep.parameters.friction.mu: is also set by a --set of 'friction.mu'");
  auto parent = ConfigNode::fromString(
      "study: friction_table\nsweep:\n  parameters:\n    friction.mu: [0.1, 0.2]\n", "in.yaml");
  parent.applyOverride("friction={law: Coulomb, mu: 0.3}");
  EXPECT_HAS(errorOf([&] { readSweep(parent); }), "is also set by a --set of 'friction'");
  auto other = ConfigNode::fromString(
      "study: friction_table\nsweep:\n  parameters:\n    friction.mu: [0.1, 0.2]\n", "in.yaml");
  other.applyOverride("friction.law=Coulomb");
  other.applyOverride("sweep.mode=zip");
  EXPECT_EQ(readSweep(other).size(), 2u) << "a --set of another key, or of the sweep itself, is fine";
}

TEST(InputLimits, OverlappingSweepKeysAreAnError) {
  auto root = ConfigNode::fromString(
      "study: x\nsweep:\n  parameters:\n    friction.mu: [0.1]\n    friction: [{mu: 1}]\n", "in.yaml");
  EXPECT_HAS(errorOf([&] { readSweep(root); }), "in.yaml:5: sweep.parameters.friction: overlaps");
}

TEST(InputLimits, SweepSizeIsBoundedBeforeExpansion) {
  std::string yaml = "study: x\nsweep:\n  parameters:\n";
  for (const char *k : {"a", "b", "c", "d", "e", "f", "g", "h", "i"})
    yaml += std::string("    ") + k + ": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n";
  auto root = ConfigNode::fromString(yaml, "in.yaml");
  const auto msg = errorOf([&] { readSweep(root); });
  EXPECT_HAS(msg, "sweep.parameters: the product sweep has 1000000000 points");
  EXPECT_HAS(msg, "allowed at most 10000 (--max-cases N");
  auto small = ConfigNode::fromString("study: x\nsweep:\n  parameters:\n    a: [1, 2, 3]\n    b: [1, 2]\n");
  EXPECT_HAS(errorOf([&] { readSweep(small, 5); }), "6 points (3 x 2); allowed at most 5");
  EXPECT_EQ(readSweep(small, 6).size(), 6u);
}

TEST(InputLimits, StudyCaseCountIsBounded) {
  auto root =
      ConfigNode::fromString(std::string(table_yaml) + "sweep:\n  parameters:\n    friction.mu: [0.1, "
                                                       "0.2, 0.3]\n",
                             "in.yaml");
  EXPECT_EQ(buildStudy(root, 3).size(), 3u);
  auto again =
      ConfigNode::fromString(std::string(table_yaml) + "sweep:\n  parameters:\n    friction.mu: [0.1, "
                                                       "0.2, 0.3]\n",
                             "in.yaml");
  EXPECT_HAS(errorOf([&] { buildStudy(again, 2); }), "allowed at most 2");
}

TEST(InputLimits, AliasExpansionIsBounded) {
  // 9^7 = 4.8 million values from about 600 bytes: refused after the limit, not expanded.
  std::string yaml = "a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
  for (int i = 1; i <= 7; ++i) {
    yaml += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 9; ++j)
      yaml += (j ? ", *a" : "*a") + std::to_string(i - 1);
    yaml += "]\n";
  }
  const auto msg = errorOf([&] { ConfigNode::fromString(yaml, "bomb.yaml"); });
  EXPECT_HAS(msg, "once its aliases are expanded; allowed at most 200000");
  // Aliases within the limit are fine.
  EXPECT_EQ(errorOf([] { ConfigNode::fromString("a: &x [1, 2]\nb: *x\n"); }), "");
}

TEST(InputLimits, NestingIsBounded) {
  std::string deep = "a: ";
  for (int i = 0; i < 100; ++i)
    deep += "[";
  for (int i = 0; i < 100; ++i)
    deep += "]";
  const auto msg = errorOf([&] { ConfigNode::fromString(deep + "\n", "deep.yaml"); });
  EXPECT_HAS(msg, "deep.yaml");
  EXPECT_HAS(msg, "allowed at most 64");
}

TEST(InputLimits, FileSizeIsBounded) {
  const std::string big(InputLimits::file_bytes + 10, '#');
  EXPECT_HAS(errorOf([&] { ConfigNode::fromString(big, "big.yaml"); }), "allowed at most 1048576");
  // A device that never ends is refused after the limit, not read to exhaustion.
  EXPECT_HAS(errorOf([] { ConfigNode::fromFile("/dev/zero"); }),
             "/dev/zero: the input file is larger than allowed");
}

TEST(InputLimits, LongValuesAreShortenedInMessages) {
  auto root = ConfigNode::fromString("x: " + std::string(5000, 'a') + "\n", "in.yaml");
  const auto msg = errorOf([&] { root.getDouble("x", 0); });
  EXPECT_LT(msg.size(), 200u) << msg;
  EXPECT_HAS(msg, "… (5000 characters)");
}

TEST(InputLimits, SweepValueErrorsNameTheirLine) {
  auto root = ConfigNode::fromString(std::string(table_yaml) + "sweep:\n  parameters:\n    friction.law:\n"
                                                               "      - Coulomb\n      - Bogus\n",
                                     "in.yaml");
  EXPECT_HAS(errorOf([&] { buildStudy(root); }), "in.yaml:10: friction.law: value 'Bogus'");
  auto unknown = ConfigNode::fromString(std::string(table_yaml) + "sweep:\n  parameters:\n    friction.muu: "
                                                                  "[0.1]\n",
                                        "in.yaml");
  EXPECT_HAS(errorOf([&] { buildStudy(unknown); }), "in.yaml:8: unknown key 'friction.muu'");
  auto missing =
      ConfigNode::fromString("study: friction_table\nfriction: {law: Coulomb, mu: 0.3}\n", "in.yaml");
  const auto msg = errorOf([&] { buildStudy(missing); });
  EXPECT_HAS(msg, "table.N");
  EXPECT_EQ(msg.find("from --set"), std::string::npos) << msg;
}

TEST(InputLimits, SweepVariantsOmitTheSweepBlockAndKeepLines) {
  // A variant leaves the sweep block out (so its cost does not grow with the sweep) and keeps the
  // lines of the keys after it.
  auto root = ConfigNode::fromString("study: x\nsweep:\n  parameters:\n    a.b: [1, 2]\nslab:\n  levels: 1\n",
                                     "in.yaml");
  const auto copy = root.variant({"a.b=2"}, {"in.yaml:4"});
  EXPECT_FALSE(copy.has("sweep"));
  EXPECT_HAS(errorOf([&] { copy.child("slab").getInt("levels", 7, Bounds::atLeast(2)); }), "in.yaml:6:");
  EXPECT_HAS(errorOf([&] { copy.child("a").getInt("b", 7, Bounds::atLeast(3)); }), "in.yaml:4: a.b");
}
