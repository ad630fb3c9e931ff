// The output schema (docs/output.md): each dataset and attribute a study writes, declared once with
// its unit and description in schema_table.hpp, used by the studies that fill a CaseRecord, by the
// readers (profile_reader), and rendered as python/tribo/schema.py for the Python side.
#pragma once

#include "tribo/io/case_record.hpp"

#include <petsclog.h>
#include <string>
#include <vector>

namespace tribo::schema {

/// A dataset under /cases/<id>/: its unit is the attribute "unit", its description "description",
/// an enumeration's meaning "enumeration"; integer data are stored as 64-bit integers.
struct Dataset {
  const char *path, *unit;
  bool integer;
  const char *enumeration, *description;
};

/// An attribute of a group under /cases/<id>/ ("" = the case group); its unit lives in the schema.
struct Attribute {
  const char *group, *name, *unit, *description;
};

/// The power-law analysis keys: attributes <quantity>_<key> of avalanches/ (size, drop, increment).
struct PowerLawKey {
  const char *key, *description;
};

#define TRIBO_DATASET(id, path, unit, integer, enumeration, description)                                     \
  inline constexpr Dataset id{path, unit, integer, enumeration, description};
#define TRIBO_ATTRIBUTE(id, group, name, unit, description)                                                  \
  inline constexpr Attribute id{group, name, unit, description};
#define TRIBO_POWER_LAW_KEY(id, key, description) inline constexpr PowerLawKey id{key, description};
#include "tribo/io/schema_table.hpp"
#undef TRIBO_DATASET
#undef TRIBO_ATTRIBUTE
#undef TRIBO_POWER_LAW_KEY

/// Every entry of the table, in its order.
std::vector<Dataset> datasets();
std::vector<Attribute> attributes();
std::vector<PowerLawKey> powerLawKeys();

/// python/tribo/schema.py, generated from the table (tests/unit/test_schema.cpp keeps the file equal).
std::string pythonModule();

/// The PETSc log stage "Output": filling a record for the writer (registered on first use).
PetscLogStage outputStage();

/// "/cases/<case_id>/" + path, for the readers.
std::string casePath(const std::string &case_id, const char *path);

} // namespace tribo::schema

namespace tribo {

/// Fill a record through the schema: the path, unit, type and description come from the entry;
/// `shape` as in CaseRecord::dataset (empty = 1-D).
void put(CaseRecord &record, const schema::Dataset &d, std::vector<double> values,
         std::vector<unsigned long> shape = {});
void put(CaseRecord &record, const schema::Dataset &d, const std::vector<long long> &values,
         std::vector<unsigned long> shape = {});
void put(CaseRecord &record, const schema::Attribute &a, AttributeValue value);
/// <quantity>_<key> of avalanches/.
void put(CaseRecord &record, const std::string &quantity, const schema::PowerLawKey &k, AttributeValue value);
/// A list attribute and its count n_<name>; the list only when not empty (HDF5 cannot store an empty
/// attribute), the count always.
void putList(CaseRecord &record, const schema::Attribute &a, const std::vector<double> &values);

} // namespace tribo
