// The allowed range of a number: used by input validation and by the parameter checks of physics
// objects, so both print ranges the same way.
#pragma once

#include <limits>
#include <string>

namespace tribo {

/// The allowed range of a number, printed in errors and docs as an interval: "(0, inf)", "[2, 20]".
struct Bounds {
  static constexpr double inf = std::numeric_limits<double>::infinity();
  double lo = -inf;
  double hi = inf;
  bool lo_open = true, hi_open = true;

  /// False for NaN and for +-inf: every input and parameter of tribo is a finite number.
  bool contains(double v) const;
  std::string describe() const;

  static Bounds any() { return {}; }
  static Bounds positive() { return {0.0, inf, true, true}; }
  static Bounds nonNegative() { return {0.0, inf, false, true}; }
  static Bounds atLeast(double lo) { return {lo, inf, false, true}; }
  static Bounds greaterThan(double lo) { return {lo, inf, true, true}; }
  static Bounds atMost(double hi) { return {-inf, hi, true, false}; }
  static Bounds closed(double lo, double hi) { return {lo, hi, false, false}; }
  static Bounds open(double lo, double hi) { return {lo, hi, true, true}; }
  static Bounds closedOpen(double lo, double hi) { return {lo, hi, false, true}; }
  static Bounds openClosed(double lo, double hi) { return {lo, hi, true, false}; }
};

} // namespace tribo
