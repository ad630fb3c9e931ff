// Named arrays of a running computation's state in a CaseRecord (checkpoints).
#include "tribo/io/state_archive.hpp"

#include "tribo/core/error.hpp"

#include <fmt/format.h>

namespace tribo {

void StateWriter::put(const std::string &name, const std::vector<double> &values) const {
  record_.dataset(prefix_ + "/" + name, values);
}

void StateWriter::putIntegers(const std::string &name, const std::vector<long long> &values) const {
  record_.integerDataset(prefix_ + "/" + name, values);
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
