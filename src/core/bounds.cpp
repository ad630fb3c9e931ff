// Allowed ranges of numbers, printed as intervals.
#include "tribo/core/bounds.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

namespace {

std::string formatBound(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{:g}", v);
}

} // namespace

bool Bounds::contains(double v) const {
  if (!std::isfinite(v)) return false;
  const bool above = lo_open ? v > lo : v >= lo;
  const bool below = hi_open ? v < hi : v <= hi;
  return above && below;
}

std::string Bounds::describe() const {
  return fmt::format("{}{}, {}{}", lo_open ? "(" : "[", formatBound(lo), formatBound(hi),
                     hi_open ? ")" : "]");
}

} // namespace tribo
