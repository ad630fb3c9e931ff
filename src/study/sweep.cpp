// Parameter sweeps: the Cartesian product (or the zip) of value lists for any keys of the input.
#include "tribo/study/sweep.hpp"

#include "tribo/study/config.hpp"

#include <fmt/format.h>

namespace tribo {

namespace {

std::string flow(const YAML::Node &value) {
  YAML::Emitter out;
  out.SetMapFormat(YAML::Flow);
  out.SetSeqFormat(YAML::Flow);
  out << value;
  return out.c_str();
}

/// A value as it appears in a case id: scalars as written, lists joined by '_'. '/' is not allowed in
/// HDF5 names, so it never appears.
std::string idText(const YAML::Node &value) {
  std::string s;
  if (value.IsSequence()) {
    for (std::size_t i = 0; i < value.size(); ++i)
      s += (i ? "_" : "") + idText(value[i]);
  } else if (value.IsScalar()) {
    s = value.Scalar();
  } else {
    s = flow(value);
  }
  for (char &c : s)
    if (c == '/' || c == ' ') c = '_';
  return s;
}

/// One swept key with its values and where each was written.
struct Axis {
  std::string key;
  std::vector<YAML::Node> values;
  std::vector<std::string> origins; // "file:line" of each value, for errors about it
};

/// Whether key path `inner` is `outer` or lies inside it.
bool within(const std::string &inner, const std::string &outer) {
  return inner == outer || inner.compare(0, outer.size() + 1, outer + ".") == 0;
}

/// Refuses a swept key that a --set also sets, or that overlaps an earlier axis.
void checkAxisKey(const ConfigNode &parameters, const std::string &key,
                  const std::vector<std::string> &overridden, const std::vector<Axis> &axes) {
  // A key set twice would be set by whichever comes last, silently: refused.
  for (const auto &set : overridden)
    if (!within(set, "sweep") && (within(set, key) || within(key, set)))
      parameters.fail(key,
                      fmt::format("is also set by a --set of '{}'; set it in one place (remove the --set, or "
                                  "the sweep parameter)",
                                  set));
  for (const auto &a : axes)
    if (within(a.key, key) || within(key, a.key))
      parameters.fail(key, fmt::format("overlaps the sweep parameter '{}'; sweep each key once", a.key));
}

/// The axes of `sweep.parameters`, in the order written.
std::vector<Axis> readAxes(const ConfigNode &root, const ConfigNode &sweep, const ConfigNode &parameters) {
  std::vector<Axis> axes;
  const std::vector<std::string> overridden = root.overriddenKeys();
  for (const auto &key : parameters.keys()) {
    YAML::Node list = parameters.rawValue(key);
    if (!list.IsSequence() || list.size() == 0)
      parameters.fail(key, "a sweep parameter takes a non-empty list of values");
    checkAxisKey(parameters, key, overridden, axes);
    Axis axis{key, {}, {}};
    for (std::size_t i = 0; i < list.size(); ++i) {
      axis.values.push_back(list[i]);
      axis.origins.push_back(parameters.whereIs(key, list[i]));
    }
    axes.push_back(std::move(axis));
  }
  if (axes.empty()) sweep.fail("parameters", "lists no parameters to sweep");
  return axes;
}

using Combos = std::vector<std::vector<std::size_t>>; // per point, the value index on each axis

/// Zip mode: point i takes value i of every list (all of one length).
Combos zipCombos(const std::vector<Axis> &axes, const ConfigNode &sweep, const ConfigNode &parameters,
                 std::size_t max_points) {
  for (const auto &a : axes)
    if (a.values.size() != axes.front().values.size())
      parameters.fail(a.key,
                      fmt::format("zip mode needs lists of equal length ({} has {}, {} has {})",
                                  axes.front().key, axes.front().values.size(), a.key, a.values.size()));
  if (axes.front().values.size() > max_points)
    sweep.fail("parameters", fmt::format("the sweep has {} points; allowed at most {} (--max-cases N raises "
                                         "the limit)",
                                         axes.front().values.size(), max_points));
  Combos combos;
  for (std::size_t i = 0; i < axes.front().values.size(); ++i)
    combos.emplace_back(axes.size(), i);
  return combos;
}

/// Product mode: every combination, the last axis varying fastest.
Combos productCombos(const std::vector<Axis> &axes, const ConfigNode &sweep, std::size_t max_points) {
  double n_points = 1;
  std::string factors;
  for (const auto &a : axes) {
    n_points *= static_cast<double>(a.values.size());
    factors += (factors.empty() ? "" : " x ") + std::to_string(a.values.size());
  }
  if (n_points > static_cast<double>(max_points))
    sweep.fail("parameters", fmt::format("the product sweep has {:.0f} points ({}); allowed at most {} "
                                         "(--max-cases N raises the limit)",
                                         n_points, factors, max_points));
  Combos combos;
  combos.emplace_back();
  for (const auto &a : axes) {
    Combos next;
    for (const auto &c : combos)
      for (std::size_t i = 0; i < a.values.size(); ++i) {
        next.push_back(c);
        next.back().push_back(i);
      }
    combos = std::move(next);
  }
  return combos;
}

/// The assignments, origins and tag of each combination.
std::vector<SweepPoint> pointsOf(const std::vector<Axis> &axes, const Combos &combos) {
  std::vector<SweepPoint> points;
  points.reserve(combos.size());
  for (const auto &c : combos) {
    SweepPoint p;
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const YAML::Node &v = axes[a].values[c[a]];
      p.assignments.push_back(axes[a].key + "=" + flow(v));
      p.origins.push_back(axes[a].origins[c[a]]);
      p.tag += (a ? "," : "") + axes[a].key + "=" + idText(v);
    }
    points.push_back(std::move(p));
  }
  return points;
}

} // namespace

std::vector<SweepPoint> readSweep(const ConfigNode &root, std::size_t max_points) {
  if (!root.has("sweep")) {
    root.child("sweep"); // marks the key read
    return {SweepPoint{}};
  }
  const ConfigNode sweep = root.child("sweep");
  const std::string mode = sweep.getChoice("mode", "product", {"product", "zip"});
  const ConfigNode parameters = sweep.requireChild("parameters");
  const std::vector<Axis> axes = readAxes(root, sweep, parameters);
  // The number of points, checked before any is made: a product of long lists is refused, not
  // allocated.
  const Combos combos =
      mode == "zip" ? zipCombos(axes, sweep, parameters, max_points) : productCombos(axes, sweep, max_points);
  return pointsOf(axes, combos);
}

void markSweepRead(const ConfigNode &root) {
  const ConfigNode sweep = root.child("sweep");
  sweep.getString("mode", "");
  const ConfigNode parameters = sweep.child("parameters");
  for (const auto &key : parameters.keys())
    parameters.rawValue(key);
}

} // namespace tribo
