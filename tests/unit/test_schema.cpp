// The output schema: unique names, put() stores path, unit, type and description from the entry, and
// python/tribo/schema.py is the rendering of the C++ table (TRIBO_WRITE_SCHEMA=1 rewrites it).
#include "tribo/io/schema.hpp"

#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>
#include <string>

using namespace tribo;

TEST(Schema, NamesAreUnique) {
  std::set<std::string> paths, attributes, keys;
  for (const schema::Dataset &d : schema::datasets())
    EXPECT_TRUE(paths.insert(d.path).second) << d.path;
  for (const schema::Attribute &a : schema::attributes())
    EXPECT_TRUE(attributes.insert(std::string(a.group) + "@" + a.name).second) << a.group << " " << a.name;
  for (const schema::PowerLawKey &k : schema::powerLawKeys())
    EXPECT_TRUE(keys.insert(k.key).second) << k.key;
  EXPECT_GT(paths.size(), 30u);
  EXPECT_GT(attributes.size(), 60u);
}

TEST(Schema, PutStoresTheEntry) {
  CaseRecord record;
  put(record, schema::events_type, std::vector<long long>{0, 2, 1});
  put(record, schema::events_delta, std::vector<double>{1e-6, 2e-6});
  put(record, schema::events_node, std::vector<double>{3.0, 4.0}); // integer entry: stored as integers
  put(record, schema::normal_contact_length, 1.5e-4);
  put(record, "size", schema::power_law_alpha, 1.5);
  putList(record, schema::dynamics_slip_onset_times, {});
  const auto &ds = record.datasets();
  ASSERT_EQ(ds.count("events/type"), 1u);
  EXPECT_TRUE(ds.at("events/type").integer);
  EXPECT_TRUE(ds.at("events/node").integer);
  EXPECT_FALSE(ds.at("events/delta").integer);
  EXPECT_EQ(ds.at("events/delta").unit, "m");
  const auto &attrs = record.attributes();
  EXPECT_EQ(std::get<std::string>(attrs.at("events/type").at("enumeration")), "0 slip, 1 release, 2 contact");
  EXPECT_EQ(std::get<std::string>(attrs.at("events/delta").at("description")),
            schema::events_delta.description);
  EXPECT_EQ(attrs.at("events/delta").count("enumeration"), 0u);
  EXPECT_EQ(std::get<double>(attrs.at("normal").at("contact_length")), 1.5e-4);
  EXPECT_EQ(std::get<double>(attrs.at("avalanches").at("size_alpha")), 1.5);
  // An empty list: its count only (HDF5 cannot store an empty attribute).
  EXPECT_EQ(std::get<long long>(attrs.at("dynamics").at("n_slip_onset_times")), 0);
  EXPECT_EQ(attrs.at("dynamics").count("slip_onset_times"), 0u);
}

TEST(Schema, PutKeepsTheShape) {
  // friction_table's 2-D (n_N, n_v) datasets: the shape as given, unit and description from the entry.
  CaseRecord record;
  put(record, schema::friction_dF_dv, std::vector<double>(6, 0.5), {2, 3});
  put(record, schema::trajectory_t, std::vector<double>{0.0, 1.0});
  const auto &d = record.datasets().at("friction/dF_dv");
  EXPECT_EQ(d.shape, (std::vector<unsigned long>{2, 3}));
  EXPECT_EQ(d.unit, "N s/m");
  EXPECT_TRUE(record.datasets().at("trajectory/t").shape.empty());
  EXPECT_EQ(std::get<std::string>(record.attributes().at("friction/dF_dv").at("description")),
            schema::friction_dF_dv.description);
}

TEST(Schema, PythonModuleIsTheTable) {
  const std::string path = std::string(TRIBO_SOURCE_DIR) + "/python/tribo/schema.py";
  const std::string expected = schema::pythonModule();
  if (const char *write = std::getenv("TRIBO_WRITE_SCHEMA"); write && std::string(write) == "1") {
    std::ofstream(path) << expected;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << path << " is missing: TRIBO_WRITE_SCHEMA=1 build/release/tests/unit_schema writes it";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), expected) << path << " differs from include/tribo/io/schema_table.hpp: "
                                  << "TRIBO_WRITE_SCHEMA=1 build/release/tests/unit_schema rewrites it";
}
