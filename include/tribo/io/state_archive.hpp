// The state of a running computation as named arrays in a CaseRecord, so that a checkpoint (issue 18)
// holds it bit for bit: doubles as they are, integers exactly (|v| < 2^53), each name under a prefix.
#pragma once

#include "tribo/io/case_record.hpp"

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace tribo {

class StateWriter {
public:
  StateWriter(CaseRecord &record, std::string prefix) : record_(record), prefix_(std::move(prefix)) {}
  /// The same record under `prefix/name`.
  StateWriter sub(const std::string &name) const { return {record_, prefix_ + "/" + name}; }

  void put(const std::string &name, std::vector<double> values) const;
  void put(const std::string &name, double value) const { put(name, std::vector<double>{value}); }
  /// Integers, or enumerations by their values.
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
  void putIntegers(const std::string &name, const std::vector<T> &values) const {
    std::vector<long long> v(values.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<long long>(values[i]);
    putIntegers(name, v);
  }
  void putIntegers(const std::string &name, const std::vector<long long> &values) const;
  void putInteger(const std::string &name, long long value) const {
    putIntegers(name, std::vector<long long>{value});
  }
  /// A whole record (datasets with their units and shapes, attributes) under `prefix/name`.
  void putRecord(const std::string &name, const CaseRecord &record) const;

private:
  CaseRecord &record_;
  std::string prefix_;
};

/// Reads what a StateWriter wrote; a missing name or a wrong size is an IoError naming it.
class StateReader {
public:
  StateReader(const CaseRecord &record, std::string prefix) : record_(record), prefix_(std::move(prefix)) {}
  StateReader sub(const std::string &name) const { return {record_, prefix_ + "/" + name}; }

  const std::vector<double> &values(const std::string &name) const;
  double value(const std::string &name) const;
  template <typename T> std::vector<T> integers(const std::string &name) const {
    const std::vector<double> &v = values(name);
    std::vector<T> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      out[i] = static_cast<T>(static_cast<long long>(v[i]));
    return out;
  }
  long long integer(const std::string &name) const { return static_cast<long long>(value(name)); }
  /// Whether the state holds `name` (a value, or anything under it).
  bool has(const std::string &name) const;
  /// Adds what putRecord(name, ...) stored to `into`, as it was.
  void record(const std::string &name, CaseRecord &into) const;

private:
  const CaseRecord &record_;
  std::string prefix_;
};

} // namespace tribo
