// Reading the pin's table (pin.table_file): what is accepted, and each bad table refused with the key,
// the file and its line (CSV) or dataset and point (HDF5); a table shorter than the slab refused by the
// profile study.
#include "tribo/core/error.hpp"
#include "tribo/io/hdf5_handle.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/pin_table_file.hpp"
#include "tribo/study/profile_study.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

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

namespace {
/// An HDF5 file with 1-D datasets (name -> values); a name may hold a group path ("g/x").
std::string writeH5(const std::string &name,
                    const std::vector<std::pair<std::string, std::vector<double>>> &sets,
                    bool two_dimensional_h = false) {
  const std::string path = testing::TempDir() + name;
  tribo::H5Handle file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create");
  tribo::H5Handle links(H5Pcreate(H5P_LINK_CREATE), H5Pclose, "create a property list");
  tribo::h5check(H5Pset_create_intermediate_group(links, 1), "set intermediate groups");
  for (const auto &[set, values] : sets) {
    const bool square = two_dimensional_h && set.back() == 'h';
    const hsize_t dims[2] = {square ? 2 : values.size(), square ? values.size() / 2 : 1};
    tribo::H5Handle space(H5Screate_simple(square ? 2 : 1, dims, nullptr), H5Sclose, "create a space");
    tribo::H5Handle data(
        H5Dcreate2(file, set.c_str(), H5T_NATIVE_DOUBLE, space, links, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
        "create " + set);
    tribo::h5check(H5Dwrite(data, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), "write");
  }
  return path;
}

std::string h5ErrorOf(const std::string &path, const std::string &group = "/") {
  try {
    tribo::readPinTableHdf5(path, group, "pin.table_file");
  } catch (const tribo::InputError &e) {
    return e.what();
  }
  return "";
}

const std::vector<double> x4{-2e-3, -1e-3, 0, 1e-3}, h4{1e-6, 0, 0, 1e-6};
} // namespace

TEST(PinTableFile, ReadsHdf5DatasetsAtTheRootOrInAGroup) {
  EXPECT_TRUE(tribo::isHdf5Table("a/b.h5"));
  EXPECT_TRUE(tribo::isHdf5Table("b.hdf5"));
  EXPECT_FALSE(tribo::isHdf5Table("b.csv"));
  const auto root =
      tribo::readPinTableHdf5(writeH5("root.h5", {{"x", x4}, {"h", h4}}), "/", "pin.table_file");
  EXPECT_EQ(root.x, x4);
  EXPECT_EQ(root.h, h4);
  const std::string nested = writeH5("nested.h5", {{"cases/c/pin/x", x4}, {"cases/c/pin/h", h4}});
  EXPECT_EQ(tribo::readPinTableHdf5(nested, "/cases/c/pin", "pin.table_file").h, h4);
  EXPECT_NE(h5ErrorOf(nested).find("no dataset /x"), std::string::npos) << h5ErrorOf(nested);
}

TEST(PinTableFile, BadHdf5TablesNameTheKeyTheFileTheDatasetAndThePoint) {
  const std::string repeat = h5ErrorOf(writeH5("repeat.h5", {{"x", {0, 1, 1, 2}}, {"h", h4}}));
  EXPECT_NE(repeat.find("pin.table_file"), std::string::npos) << repeat;
  EXPECT_NE(repeat.find("repeat.h5"), std::string::npos) << repeat;
  EXPECT_NE(repeat.find("point 3 of /x"), std::string::npos) << repeat;
  EXPECT_NE(repeat.find("function of x"), std::string::npos) << repeat;
  const std::string nan = h5ErrorOf(writeH5("nan.h5", {{"x", x4}, {"h", {1, 0, std::nan(""), 1}}}));
  EXPECT_NE(nan.find("point 3"), std::string::npos) << nan;
  EXPECT_NE(nan.find("finite"), std::string::npos) << nan;
  const std::string lengths = h5ErrorOf(writeH5("lengths.h5", {{"x", x4}, {"h", {1, 0, 1}}}));
  EXPECT_NE(lengths.find("one height per x"), std::string::npos) << lengths;
  const std::string few = h5ErrorOf(writeH5("few.h5", {{"x", {0, 1, 2}}, {"h", {1, 0, 1}}}));
  EXPECT_NE(few.find("at least 4"), std::string::npos) << few;
  const std::string flat = h5ErrorOf(writeH5("square.h5", {{"x", x4}, {"h", h4}}, true));
  EXPECT_NE(flat.find("must be 1-D"), std::string::npos) << flat;
  const std::string missing = h5ErrorOf(testing::TempDir() + "missing.h5");
  EXPECT_NE(missing.find("pin.table_file"), std::string::npos) << missing;
  EXPECT_NE(missing.find("cannot open"), std::string::npos) << missing;
}

TEST(PinTableFile, TheProfileStudyReadsAnHdf5TableAndRefusesAShortOne) {
  // A wide parabola (the first guess needs a curved bottom) over [-1, 1] mm, and the same cut to 0.4 mm.
  std::vector<double> x, h, x_short, h_short;
  for (int j = -20; j <= 20; ++j) {
    x.push_back(5e-5 * j);
    h.push_back(x.back() * x.back() / 0.4);
    if (std::abs(j) <= 8) x_short.push_back(x.back()), h_short.push_back(h.back());
  }
  const std::string wide = writeH5("wide.h5", {{"p/x", x}, {"p/h", h}});
  const std::string cut = writeH5("cut.h5", {{"p/x", x_short}, {"p/h", h_short}});
  auto yaml = [](const std::string &file) {
    return "study: profile\nslab: {levels: 5, length_x: 1.0e-3}\npin:\n  shape: table\n  table_file: " +
           file + "\n  table_group: /p\ncontact: {events: 40}\n";
  };
  const auto plans = tribo::buildProfileStudy(tribo::ConfigNode::fromString(yaml(wide), "wide.yaml"));
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(std::get<std::string>(plans[0].parameters.at("pin_table_group")), "/p");
  try {
    tribo::buildProfileStudy(tribo::ConfigNode::fromString(yaml(cut), "cut.yaml"));
    FAIL() << "a table shorter than the slab was accepted";
  } catch (const tribo::InputError &e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("pin.table_file"), std::string::npos) << what;
    EXPECT_NE(what.find("cut.yaml:5"), std::string::npos) << what;
    EXPECT_NE(what.find("shorter than the slab"), std::string::npos) << what;
  }
}
