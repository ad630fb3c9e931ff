// Construction-time checks of friction-law parameters.
#include "tribo/friction/parameter_check.hpp"

#include "tribo/core/error.hpp"

#include <fmt/format.h>

namespace tribo {

void checkParameter(const std::string &law, const std::string &name, double value, Bounds allowed,
                    const std::string &why) {
  if (allowed.contains(value)) return;
  std::string msg = fmt::format("{}: parameter {} = {} is outside the allowed range {}", law, name, value,
                                allowed.describe());
  if (!why.empty()) msg += " (" + why + ")";
  throw InputError(msg);
}

void failParameter(const std::string &law, const std::string &message) {
  throw InputError(law + ": " + message);
}

} // namespace tribo
