// Named arrays of a running computation's state in a CaseRecord (checkpoints).
#include "tribo/io/state_archive.hpp"

#include "tribo/core/error.hpp"

#include <fmt/format.h>

namespace tribo {

void StateWriter::put(const std::string &name, std::vector<double> values) const {
  record_.dataset(prefix_ + "/" + name, std::move(values));
}

void StateWriter::putIntegers(const std::string &name, const std::vector<long long> &values) const {
  record_.integerDataset(prefix_ + "/" + name, values);
}

void StateWriter::putRecord(const std::string &name, const CaseRecord &record) const {
  const std::string base = prefix_ + "/" + name;
  for (const auto &[path, d] : record.datasets()) {
    if (d.integer)
      record_.integerDataset(base + "/" + path, std::vector<long long>(d.values.begin(), d.values.end()),
                             d.shape);
    else
      record_.dataset(base + "/" + path, d.values, d.unit, d.shape);
  }
  for (const auto &[group, attributes] : record.attributes())
    for (const auto &[key, value] : attributes)
      record_.attribute(group.empty() ? base : base + "/" + group, key, value);
}

bool StateReader::has(const std::string &name) const {
  const std::string path = prefix_ + "/" + name, under = path + "/";
  const auto starts = [&](const std::string &key) {
    return key == path || key.compare(0, under.size(), under) == 0;
  };
  const auto &d = record_.datasets();
  const auto at = d.lower_bound(under); // the first name under `path`, if any
  if (d.count(path) != 0 || (at != d.end() && starts(at->first))) return true;
  for (const auto &[group, attributes] : record_.attributes())
    if (starts(group)) return true;
  return false;
}

void StateReader::record(const std::string &name, CaseRecord &into) const {
  const std::string base = prefix_ + "/" + name, under = base + "/";
  for (auto it = record_.datasets().lower_bound(under);
       it != record_.datasets().end() && it->first.compare(0, under.size(), under) == 0; ++it) {
    const DatasetRecord &d = it->second;
    const std::string path = it->first.substr(under.size());
    if (d.integer)
      into.integerDataset(path, std::vector<long long>(d.values.begin(), d.values.end()), d.shape);
    else
      into.dataset(path, d.values, d.unit, d.shape);
  }
  for (const auto &[group, attributes] : record_.attributes()) {
    if (group != base && group.compare(0, under.size(), under) != 0) continue;
    const std::string own = group == base ? "" : group.substr(under.size());
    for (const auto &[key, value] : attributes)
      into.attribute(own, key, value);
  }
}

const std::vector<double> &StateReader::values(const std::string &name) const {
  const auto it = record_.datasets().find(prefix_ + "/" + name);
  if (it == record_.datasets().end())
    throw IoError(
        fmt::format("the checkpoint lacks '{}/{}' (written by another version of tribo?)", prefix_, name));
  return it->second.values;
}

double StateReader::value(const std::string &name) const {
  const std::vector<double> &v = values(name);
  if (v.size() != 1)
    throw IoError(fmt::format("the checkpoint's '{}/{}' holds {} values, not one", prefix_, name, v.size()));
  return v[0];
}

} // namespace tribo
