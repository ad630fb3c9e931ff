// Parameter sweeps: a `sweep:` block turns one input into many, one per combination of values.
#pragma once

#include "tribo/study/config.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tribo {

/// One point of a sweep: the `--set`-style assignments that make it, and the suffix that makes its
/// case ids unique and stable ("contact.mu_i=0.25,slab.levels=6").
struct SweepPoint {
  std::vector<std::string> assignments;
  std::vector<std::string> origins; // "file:line" of each assignment's value, for its errors
  std::string tag;
};

/// Reads `sweep.parameters` (key path -> list of values) and `sweep.mode` (product | zip). Without a
/// sweep block the result is one empty point. More than `max_points` points is an error (before
/// any is made), and so is a swept key that `--set` also sets, or that another swept key contains.
std::vector<SweepPoint> readSweep(const ConfigNode &root,
                                  std::size_t max_points = InputLimits::default_max_cases);

/// Marks the sweep block of a point's copy of the input read, without expanding it again.
void markSweepRead(const ConfigNode &root);

} // namespace tribo
