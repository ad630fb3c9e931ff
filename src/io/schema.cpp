// The schema table as lists, its Python rendering, and filling a record through it.
#include "tribo/io/schema.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log_stage.hpp"

#include <fmt/format.h>

namespace tribo::schema {

std::vector<Dataset> datasets() {
  return {
#define TRIBO_DATASET(id, ...) id,
#define TRIBO_ATTRIBUTE(...)
#define TRIBO_POWER_LAW_KEY(...)
#include "tribo/io/schema_table.hpp"
#undef TRIBO_DATASET
#undef TRIBO_ATTRIBUTE
#undef TRIBO_POWER_LAW_KEY
  };
}

std::vector<Attribute> attributes() {
  return {
#define TRIBO_DATASET(...)
#define TRIBO_ATTRIBUTE(id, ...) id,
#define TRIBO_POWER_LAW_KEY(...)
#include "tribo/io/schema_table.hpp"
#undef TRIBO_DATASET
#undef TRIBO_ATTRIBUTE
#undef TRIBO_POWER_LAW_KEY
  };
}

std::vector<PowerLawKey> powerLawKeys() {
  return {
#define TRIBO_DATASET(...)
#define TRIBO_ATTRIBUTE(...)
#define TRIBO_POWER_LAW_KEY(id, ...) id,
#include "tribo/io/schema_table.hpp"
#undef TRIBO_DATASET
#undef TRIBO_ATTRIBUTE
#undef TRIBO_POWER_LAW_KEY
  };
}

namespace {

/// A Python string literal (the table holds no control characters).
std::string quoted(const char *text) {
  std::string out = "\"";
  for (const char *c = text; *c; ++c) {
    if (*c == '"' || *c == '\\') out += '\\';
    out += *c;
  }
  return out + "\"";
}

constexpr const char *python_head =
    R"("""The names, units and descriptions of tribo's result datasets and attributes (docs/output.md).

Generated from include/tribo/io/schema_table.hpp, the one place a name is written; do not edit.
Regenerate: TRIBO_WRITE_SCHEMA=1 build/release/tests/unit_schema (tests/unit/test_schema.cpp fails
while this file differs from the table).

    from tribo import schema
    schema.DATASETS["events/type"]["enumeration"]    # "0 slip, 1 release, 2 contact"
    schema.attribute_unit("dynamics", "work_driving")  # "J"
"""

)";

constexpr const char *python_tail = R"(

POWER_LAW_QUANTITIES = ("size", "drop", "increment")


def dataset_unit(path):
    """The SI unit of the dataset at ``path`` under /cases/<id>/ ("" = dimensionless)."""
    return DATASETS[path]["unit"]


def attribute_unit(group, name):
    """The SI unit of attribute ``name`` of ``group`` ("" = the case group); "" = dimensionless."""
    if (group, name) in ATTRIBUTES:
        return ATTRIBUTES[(group, name)]["unit"]
    if name.startswith("n_") and (group, name[2:]) in ATTRIBUTES:
        return ""  # the count of a list attribute
    if group == "avalanches" and name.split("_", 1)[0] in POWER_LAW_QUANTITIES:
        key = name.split("_", 1)[1]
        if key in POWER_LAW_KEYS:
            return ""
    raise KeyError(f"no attribute {name!r} of group {group!r} in the schema")
)";

} // namespace

std::string pythonModule() {
  std::string out = python_head;
  out += "DATASETS = {\n";
  for (const Dataset &d : datasets())
    out +=
        fmt::format("    {}: {{\"unit\": {}, \"integer\": {}, \"enumeration\": {}, \"description\": {}}},\n",
                    quoted(d.path), quoted(d.unit), d.integer ? "True" : "False", quoted(d.enumeration),
                    quoted(d.description));
  out += "}\n\nATTRIBUTES = {\n";
  for (const Attribute &a : attributes())
    out += fmt::format("    ({}, {}): {{\"unit\": {}, \"description\": {}}},\n", quoted(a.group),
                       quoted(a.name), quoted(a.unit), quoted(a.description));
  out += "}\n\nPOWER_LAW_KEYS = {\n";
  for (const PowerLawKey &k : powerLawKeys())
    out += fmt::format("    {}: {},\n", quoted(k.key), quoted(k.description));
  out += "}\n";
  return out + python_tail;
}

PetscLogStage outputStage() {
  return logStage("Output");
}

std::string casePath(const std::string &case_id, const char *path) {
  return "/cases/" + case_id + "/" + path;
}

} // namespace tribo::schema

namespace tribo {

namespace {
void describe(CaseRecord &record, const schema::Dataset &d) {
  record.attribute(d.path, "description", std::string(d.description));
  if (*d.enumeration) record.attribute(d.path, "enumeration", std::string(d.enumeration));
}
} // namespace

void put(CaseRecord &record, const schema::Dataset &d, std::vector<double> values,
         std::vector<unsigned long> shape) {
  if (d.integer) {
    put(record, d, std::vector<long long>(values.begin(), values.end()), std::move(shape));
    return;
  }
  record.dataset(d.path, std::move(values), d.unit, std::move(shape));
  describe(record, d);
}

void put(CaseRecord &record, const schema::Dataset &d, const std::vector<long long> &values,
         std::vector<unsigned long> shape) {
  if (!d.integer) {
    put(record, d, std::vector<double>(values.begin(), values.end()), std::move(shape));
    return;
  }
  record.integerDataset(d.path, values, std::move(shape));
  describe(record, d);
}

namespace {

/// The group's attribute `attribute_units` lists the unit of each of its attributes that has one
/// ("name: unit" per line, in the order written), so the file states them without the schema.
void noteUnit(CaseRecord &record, const schema::Attribute &a) {
  if (*a.unit == '\0') return;
  std::string units;
  const auto group = record.attributes().find(a.group);
  if (group != record.attributes().end())
    if (const auto it = group->second.find("attribute_units"); it != group->second.end())
      units = std::get<std::string>(it->second);
  const std::string line = fmt::format("{}: {}\n", a.name, a.unit);
  if (units.find(line) == std::string::npos) record.attribute(a.group, "attribute_units", units + line);
}

} // namespace

void put(CaseRecord &record, const schema::Attribute &a, AttributeValue value) {
  record.attribute(a.group, a.name, std::move(value));
  noteUnit(record, a);
}

void put(CaseRecord &record, const std::string &quantity, const schema::PowerLawKey &k,
         AttributeValue value) {
  record.attribute("avalanches", quantity + "_" + k.key, std::move(value));
}

void putList(CaseRecord &record, const schema::Attribute &a, const std::vector<double> &values) {
  record.attribute(a.group, std::string("n_") + a.name, static_cast<long long>(values.size()));
  if (!values.empty()) record.attribute(a.group, a.name, values);
  noteUnit(record, a);
}

} // namespace tribo
