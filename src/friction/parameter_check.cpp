// Construction-time checks of friction-law parameters.
#include "tribo/friction/parameter_check.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <sstream>

namespace tribo {

bool ParameterRange::contains(double value) const {
  if (std::isnan(value)) return false;
  // Every range used by the laws has open infinite ends, so +-inf is rejected with the other outliers.
  if (!std::isfinite(value)) return false;
  const bool above_lo = lo_open ? value > lo : value >= lo;
  const bool below_hi = hi_open ? value < hi : value <= hi;
  return above_lo && below_hi;
}

std::string ParameterRange::describe() const {
  std::ostringstream s;
  s.precision(17);
  s << (lo_open ? "(" : "[");
  if (std::isinf(lo))
    s << "-inf";
  else
    s << lo;
  s << ", ";
  if (std::isinf(hi))
    s << "inf";
  else
    s << hi;
  s << (hi_open ? ")" : "]");
  return s.str();
}

void checkParameter(const std::string &law, const std::string &name, double value, ParameterRange allowed,
                    const std::string &why) {
  if (allowed.contains(value)) return;
  std::ostringstream s;
  s.precision(17);
  s << law << ": parameter " << name << " = " << value << " is outside the allowed range "
    << allowed.describe();
  if (!why.empty()) s << " (" << why << ")";
  throw InputError(s.str());
}

void failParameter(const std::string &law, const std::string &message) {
  throw InputError(law + ": " + message);
}

} // namespace tribo
