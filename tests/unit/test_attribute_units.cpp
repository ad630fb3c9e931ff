// The units of scalar attributes in the file itself: each group's `attribute_units` lists those its
// attributes written through the schema carry (docs/output.md, "Units").
#include "tribo/io/schema.hpp"

#include <gtest/gtest.h>

using namespace tribo;

namespace {
std::string unitsOf(const CaseRecord &record, const std::string &group) {
  const auto g = record.attributes().find(group);
  if (g == record.attributes().end()) return "";
  const auto it = g->second.find("attribute_units");
  return it == g->second.end() ? "" : std::get<std::string>(it->second);
}
} // namespace

TEST(AttributeUnits, ListsEachUnitOnceInTheAttributesGroup) {
  CaseRecord record;
  put(record, schema::lateral_stiffness, 2.0);
  put(record, schema::mu_i, 0.5); // dimensionless: not listed
  put(record, schema::lateral_stiffness, 3.0);
  put(record, schema::normal_interference, 1e-7);
  EXPECT_EQ(unitsOf(record, ""), "lateral_stiffness: N/m\n");
  EXPECT_EQ(unitsOf(record, "normal"), "interference: m\n");
  EXPECT_EQ(std::get<double>(record.attributes().at("").at("lateral_stiffness")), 3.0);
}
