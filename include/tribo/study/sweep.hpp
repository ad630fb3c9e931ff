// Parameter sweeps: a `sweep:` block turns one input into many, one per combination of values.
#pragma once

#include <string>
#include <vector>

namespace tribo {

class ConfigNode;

/// One point of a sweep: the `--set`-style assignments that make it, and the suffix that makes its
/// case ids unique and stable ("contact.mu_i=0.25,slab.levels=6").
struct SweepPoint {
  std::vector<std::string> assignments;
  std::string tag;
};

/// Reads `sweep.parameters` (key path -> list of values) and `sweep.mode` (product | zip). Without a
/// sweep block the result is one empty point.
std::vector<SweepPoint> readSweep(const ConfigNode &root);

} // namespace tribo
