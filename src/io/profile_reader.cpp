// Reading /cases/<id>/profile/{delta_over_Lx, F_over_W} and its attributes from an earlier run's HDF5 file.
#include "tribo/io/profile_reader.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/result_file.hpp"

#include <fmt/format.h>

namespace tribo {

DimensionlessProfile readDimensionlessProfile(const std::string &file, const std::string &case_id) {
  const ResultReader reader(file); // IoError when the file cannot be opened
  const std::string group = "/cases/" + case_id + "/profile";
  const auto bad = [&](const std::string &what) {
    throw InputError(fmt::format("friction profile {}:{}: {}", file, group, what));
  };
  if (!reader.exists("/cases/" + case_id))
    bad(fmt::format("no case '{}' in the file (expected the layout of docs/dynamics.md)", case_id));
  if (!reader.exists(group)) bad("no profile group: the case was not written by a contact study");
  const auto vector = [&](const std::string &name) {
    const std::string path = group + "/" + name;
    if (!reader.exists(path)) bad(fmt::format("dataset '{}' is missing", name));
    if (reader.shape(path).size() != 1)
      bad(fmt::format("dataset '{}' has {} dimensions: it must be 1-D", name, reader.shape(path).size()));
    return reader.dataset(path);
  };
  const auto scalar = [&](const std::string &name) {
    if (!reader.hasAttribute(group, name)) bad(fmt::format("attribute '{}' is missing", name));
    const AttributeValue v = reader.attribute(group, name);
    if (const double *d = std::get_if<double>(&v)) return *d;
    if (const long long *i = std::get_if<long long>(&v)) return static_cast<double>(*i);
    throw InputError(
        fmt::format("friction profile {}:{}: attribute '{}' is not a number", file, group, name));
  };
  DimensionlessProfile p;
  p.delta_over_Lx = vector("delta_over_Lx");
  p.F_over_W = vector("F_over_W");
  p.K_Lx_over_W = scalar("K_Lx_over_W");
  p.steady_state_start_over_Lx = scalar("steady_state_start_over_Lx");
  if (reader.hasAttribute(group, "steady_state_reached"))
    p.steady_state_reached = scalar("steady_state_reached") != 0.0 ? 1 : 0;
  const std::string case_group = "/cases/" + case_id;
  if (reader.hasAttribute(case_group, "steady_state_reason")) {
    const AttributeValue why = reader.attribute(case_group, "steady_state_reason");
    if (const auto *text = std::get_if<std::string>(&why)) p.reason = *text;
  }
  return p;
}

FrictionProfile readFrictionProfile(const std::string &file, const std::string &case_id, double L_x,
                                    double W) {
  const DimensionlessProfile d = readDimensionlessProfile(file, case_id);
  FrictionProfile profile =
      scaleProfile(d.delta_over_Lx, d.F_over_W, d.K_Lx_over_W, d.steady_state_start_over_Lx, L_x, W);
  validateProfile(profile, fmt::format("{}:/cases/{}/profile", file, case_id));
  return profile;
}

} // namespace tribo
