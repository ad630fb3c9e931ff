// Reading /cases/<id>/profile/{delta_over_Lx, F_over_W} and its attributes from an earlier run's HDF5 file.
#include "tribo/io/profile_reader.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/io/schema.hpp"

#include <fmt/format.h>

namespace tribo {

DimensionlessProfile readDimensionlessProfile(const std::string &file, const std::string &case_id) {
  const ResultReader reader(file); // IoError when the file cannot be opened
  const std::string case_group = "/cases/" + case_id;
  const std::string group = case_group + "/" + schema::profile_K_Lx_over_W.group;
  const auto bad = [&](const std::string &what) {
    throw InputError(fmt::format("friction profile {}:{}: {}", file, group, what));
  };
  if (!reader.exists(case_group))
    bad(fmt::format("no case '{}' in the file (expected the layout of docs/dynamics.md)", case_id));
  if (!reader.exists(group)) bad("no profile group: the case was not written by a contact study");
  const auto vector = [&](const schema::Dataset &d) {
    const std::string path = schema::casePath(case_id, d.path);
    const std::string name = path.substr(group.size() + 1);
    if (!reader.exists(path)) bad(fmt::format("dataset '{}' is missing", name));
    if (reader.shape(path).size() != 1)
      bad(fmt::format("dataset '{}' has {} dimensions: it must be 1-D", name, reader.shape(path).size()));
    return reader.dataset(path);
  };
  const auto scalar = [&](const schema::Attribute &a) {
    const std::string name = a.name;
    if (!reader.hasAttribute(group, name)) bad(fmt::format("attribute '{}' is missing", name));
    const AttributeValue v = reader.attribute(group, name);
    if (const double *d = std::get_if<double>(&v)) return *d;
    if (const long long *i = std::get_if<long long>(&v)) return static_cast<double>(*i);
    throw InputError(
        fmt::format("friction profile {}:{}: attribute '{}' is not a number", file, group, name));
  };
  DimensionlessProfile p;
  p.delta_over_Lx = vector(schema::profile_delta_over_Lx);
  p.F_over_W = vector(schema::profile_F_over_W);
  p.K_Lx_over_W = scalar(schema::profile_K_Lx_over_W);
  p.steady_state_start_over_Lx = scalar(schema::profile_steady_state_start_over_Lx);
  if (reader.hasAttribute(group, schema::profile_steady_state_reached.name))
    p.steady_state_reached = scalar(schema::profile_steady_state_reached) != 0.0 ? 1 : 0;
  if (reader.hasAttribute(case_group, schema::steady_state_reason.name)) {
    const AttributeValue why = reader.attribute(case_group, schema::steady_state_reason.name);
    if (const auto *text = std::get_if<std::string>(&why)) p.reason = *text;
  }
  return p;
}

} // namespace tribo
