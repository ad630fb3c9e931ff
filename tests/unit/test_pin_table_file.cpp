// Reading the pin's table (pin.table_file): what is accepted, and each bad table refused with the key,
// the file and its line; a table shorter than the slab refused by the profile study.
#include "tribo/core/error.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/pin_table_file.hpp"
#include "tribo/study/profile_study.hpp"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace {
std::string writeFile(const std::string &name, const std::string &text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

std::string errorOf(const std::string &text) {
  try {
    tribo::readPinTable(writeFile("bad.csv", text), "pin.table_file");
  } catch (const tribo::InputError &e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST(PinTableFile, ReadsColumnsSkippingHeaderAndComments) {
  const auto t = tribo::readPinTable(
      writeFile("good.csv", "# a pin\nx,h\n-2e-3, 1e-6\n\n-1e-3,0\n0,0\n1e-3,1e-6\n"), "pin.table_file");
  ASSERT_EQ(t.x.size(), 4u);
  EXPECT_DOUBLE_EQ(t.x[0], -2e-3);
  EXPECT_DOUBLE_EQ(t.h[3], 1e-6);
}

TEST(PinTableFile, BadTablesNameTheKeyTheFileAndTheLine) {
  const std::string repeat = errorOf("x,h\n0,1\n1,0\n1,0.5\n2,1\n");
  EXPECT_NE(repeat.find("pin.table_file"), std::string::npos) << repeat;
  EXPECT_NE(repeat.find("bad.csv:4"), std::string::npos) << repeat;
  EXPECT_NE(repeat.find("function of x"), std::string::npos) << repeat;
  const std::string nan = errorOf("0,1\n1,0\n2,nan\n3,1\n");
  EXPECT_NE(nan.find("bad.csv:3"), std::string::npos) << nan;
  EXPECT_NE(nan.find("finite"), std::string::npos) << nan;
  EXPECT_NE(errorOf("0,1\n1,zero\n2,0\n3,1\n").find("bad.csv:2"), std::string::npos);
  EXPECT_NE(errorOf("0,1,2\n1,0\n2,0\n3,1\n").find("two comma-separated"), std::string::npos);
  EXPECT_NE(errorOf("0,1\n1,0\n").find("at least 4"), std::string::npos);
  EXPECT_THROW(tribo::readPinTable(testing::TempDir() + "missing.csv", "pin.table_file"), tribo::InputError);
}

TEST(PinTableFile, AProfileShorterThanTheSlabIsRefused) {
  // The slab is 1 mm wide with the pin at its middle: the table must cover [-0.5, 0.5] mm at least.
  const std::string csv = writeFile("short.csv", "-4e-4,1e-6\n-1e-4,1e-8\n0,0\n1e-4,1e-8\n6e-4,1e-6\n");
  const std::string yaml = "study: profile\nslab: {levels: 5, length_x: 1.0e-3}\npin:\n  shape: table\n"
                           "  table_file: " +
                           csv + "\ncontact: {events: 40}\n";
  try {
    tribo::buildProfileStudy(tribo::ConfigNode::fromString(yaml, "short.yaml"));
    FAIL() << "a table shorter than the slab was accepted";
  } catch (const tribo::InputError &e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("pin.table_file"), std::string::npos) << what;
    EXPECT_NE(what.find("short.yaml:5"), std::string::npos) << what;
    EXPECT_NE(what.find("shorter than the slab"), std::string::npos) << what;
  }
}
