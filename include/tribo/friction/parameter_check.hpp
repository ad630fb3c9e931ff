// Construction-time checks of friction-law parameters: each failure is an InputError naming the law,
// the parameter, its value and the allowed range. NaN is outside every range.
#pragma once

#include <limits>
#include <string>

namespace tribo {

/// An interval of allowed parameter values, printed as "(0, inf)", "(-inf, 1]".
struct ParameterRange {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = true, hi_open = true;

  bool contains(double value) const; // false for NaN; infinite values only in an infinite closed end
  std::string describe() const;

  static ParameterRange positive() { return {0.0, std::numeric_limits<double>::infinity(), true, true}; }
  static ParameterRange nonNegative() { return {0.0, std::numeric_limits<double>::infinity(), false, true}; }
  static ParameterRange finite() { return {}; }
  static ParameterRange openClosed(double lo, double hi) { return {lo, hi, true, false}; }
  static ParameterRange atMost(double hi) {
    return {-std::numeric_limits<double>::infinity(), hi, true, false};
  }
};

/// Throws InputError "<law>: parameter <name> = <value> is outside the allowed range <range>[ (why)]".
void checkParameter(const std::string &law, const std::string &name, double value, ParameterRange allowed,
                    const std::string &why = "");

/// Throws InputError "<law>: <message>" for checks that involve several parameters.
[[noreturn]] void failParameter(const std::string &law, const std::string &message);

} // namespace tribo
