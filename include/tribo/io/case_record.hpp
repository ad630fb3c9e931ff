// What one case leaves in /cases/<id>/: datasets and attributes held in memory until the writer
// stores them. Physics and study code fill a CaseRecord; only io/ opens files.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tribo {

using AttributeValue = std::variant<double, long long, std::string, std::vector<double>>;

struct DatasetRecord {
  std::vector<double> values;       // row-major
  std::vector<unsigned long> shape; // empty = 1-D of values.size()
  std::string unit;                 // SI unit, stored as the attribute "unit" ("" = dimensionless)
  bool integer = false;             // stored as 64-bit integers (values hold them exactly, |v| < 2^53)
};

class CaseRecord {
public:
  /// `path` is relative to the case group, e.g. "surface/p"; groups are created as needed.
  void dataset(const std::string &path, std::vector<double> values, const std::string &unit = "",
               std::vector<unsigned long> shape = {});
  /// Integer data (indices, connectivity), written as a 64-bit integer dataset.
  void integerDataset(const std::string &path, const std::vector<long long> &values,
                      std::vector<unsigned long> shape = {});
  /// `group` is relative to the case group ("" = the case group itself).
  void attribute(const std::string &group, const std::string &name, AttributeValue value);

  const std::map<std::string, DatasetRecord> &datasets() const { return datasets_; }
  const std::map<std::string, std::map<std::string, AttributeValue>> &attributes() const {
    return attributes_;
  }

  /// The full id of the case (with its sweep tag), set by the runner before the case runs, for the
  /// case's own progress lines; not part of the written record.
  const std::string &caseId() const { return case_id_; }
  void setCaseId(std::string id) { case_id_ = std::move(id); }

  /// Where serialize() puts its bytes, piece by piece: a vector, or a checkpoint file as it is written,
  /// so that a record of gigabytes (a condensed tableau) is never held twice.
  class ByteSink {
  public:
    virtual ~ByteSink() = default;
    virtual void write(const char *data, std::size_t n) = 0;
  };
  /// Flat bytes, to ship a record from the rank that computed it to the writer rank.
  std::vector<char> serialize() const;
  void serialize(ByteSink &out) const;
  /// The number of bytes serialize() gives.
  std::size_t serializedSize() const;
  static CaseRecord deserialize(const std::vector<char> &bytes);

private:
  std::map<std::string, DatasetRecord> datasets_;
  std::map<std::string, std::map<std::string, AttributeValue>> attributes_;
  std::string case_id_;
};

} // namespace tribo
