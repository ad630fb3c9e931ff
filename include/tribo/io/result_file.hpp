// The HDF5 file of one run. One rank writes it, under `<name>.partial` until the run ends; each case
// is marked complete after its group is written, so an interrupted run can be resumed (docs/output.md).
#pragma once

#include "tribo/io/case_record.hpp"
#include "tribo/io/hdf5_handle.hpp"
#include "tribo/io/space_reserve.hpp"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace tribo {

class ResultFile {
public:
  /// What the writer may do with files already on disk.
  struct Policy {
    bool overwrite = false; // replace an existing final file
    bool resume = false;    // continue `<name>.partial` (or a finished `<name>`) of the same input
  };

  /// Opens `<final_path>.partial` for writing. Refuses (IoError) to touch an existing final file
  /// without overwrite or resume, and to resume a file written from a different input.
  ResultFile(const std::string &final_path, const std::string &input_text, Policy policy);
  ResultFile(const ResultFile &) = delete;
  ResultFile &operator=(const ResultFile &) = delete;
  /// Closes without renaming: a failed run leaves only `<name>.partial`, never a broken final file.
  ~ResultFile();

  static std::string partialPath(const std::string &final_path) { return final_path + ".partial"; }

  /// Ids of the cases whose groups were written completely (by this or an interrupted earlier run).
  const std::set<std::string> &completedCases() const { return completed_; }

  /// Attributes of the root group (provenance).
  void writeRootAttribute(const std::string &name, const AttributeValue &value);
  /// Several at once, then flushed; on an I/O error none of them stays (the file keeps its cases).
  void writeRootAttributes(const std::map<std::string, AttributeValue> &attributes);

  /// Writes /cases/<id>/ with the parameters as attributes, then marks it complete and flushes.
  void writeCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                 const CaseRecord &record);
  /// Records a case that failed: its parameters and the error message, `status = "failed"`.
  void writeFailedCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                       const std::string &message);

  /// After an I/O error: closes the file, reopens it read-only and counts its complete cases, so
  /// the report says what --resume will find (IoError if the file no longer opens).
  std::size_t closeAndCountComplete();

  /// Closes the file and renames `<name>.partial` to `<name>`.
  void commit();

  /// True once a write has failed: the file holds the cases completed before it and takes no more.
  bool broken() const { return broken_; }

private:
  void openGroupForCase(const std::string &id);
  /// Creates /cases/<id>, lets `body(group, link_creation_properties)` fill it, flushes; on an I/O
  /// error unlinks the half-written group, flushes what remains and throws IoError.
  void writeGuarded(const std::string &id, const std::function<void(hid_t, hid_t)> &body);
  std::string final_path_;
  std::string partial_path_;
  std::optional<SpaceReserve> reserve_; // freed for the flush after a failed write
  H5Handle file_;
  std::set<std::string> completed_;
  bool committed_ = false;
  bool broken_ = false;
};

/// Reading back what tribo wrote (tests, the dynamics study's profile input, --resume).
class ResultReader {
public:
  explicit ResultReader(const std::string &path);
  bool exists(const std::string &object_path) const;
  std::vector<double> dataset(const std::string &path) const;
  std::vector<unsigned long> shape(const std::string &path) const;
  AttributeValue attribute(const std::string &object_path, const std::string &name) const;
  bool hasAttribute(const std::string &object_path, const std::string &name) const;

private:
  std::string path_;
  H5Handle file_;
};

/// Writes one attribute on an open HDF5 object (shared by the writer and its tests).
void writeH5Attribute(hid_t object, const std::string &name, const AttributeValue &value);

} // namespace tribo
