// Construction-time checks of friction-law parameters: each failure is an InputError naming the law,
// the parameter, its value and the allowed range. NaN and infinities are outside every range.
#pragma once

#include "tribo/core/bounds.hpp"

#include <string>

namespace tribo {

/// Throws InputError "<law>: parameter <name> = <value> is outside the allowed range <range>[ (why)]".
void checkParameter(const std::string &law, const std::string &name, double value, Bounds allowed,
                    const std::string &why = "");

/// Throws InputError "<law>: <message>" for checks that involve several parameters.
[[noreturn]] void failParameter(const std::string &law, const std::string &message);

} // namespace tribo
