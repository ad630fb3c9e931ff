// The pin's tabulated profile from CSV: parsed line by line, every error naming the key, file and line.
#include "tribo/study/pin_table_file.hpp"

#include "tribo/core/error.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

namespace tribo {

namespace {

std::string trimmed(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

/// The whole field as a number, or false.
bool parseNumber(const std::string &field, double &value) {
  const std::string f = trimmed(field);
  if (f.empty()) return false;
  char *end = nullptr;
  errno = 0;
  value = std::strtod(f.c_str(), &end);
  return end == f.c_str() + f.size() && errno != ERANGE;
}

} // namespace

std::string besideInput(const std::string &file, const std::string &input_file) {
  const std::filesystem::path path(file);
  if (path.is_absolute() || input_file.empty() || input_file.front() == '<') return file;
  return (std::filesystem::path(input_file).parent_path() / path).string();
}

PinTable readPinTable(const std::string &file, const std::string &key) {
  std::ifstream in(file);
  if (!in) throw InputError(fmt::format("{}: cannot open the pin's profile '{}'", key, file));
  PinTable t;
  std::string line;
  bool header_allowed = true;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string text = trimmed(line);
    if (text.empty() || text[0] == '#') continue;
    auto fail = [&](const std::string &what) {
      throw InputError(fmt::format("{}: {}:{}: {} (line '{}')", key, file, number, what, text));
    };
    const auto comma = text.find(',');
    if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
      fail("expected two comma-separated columns x, h [m]");
    double x = 0, h = 0;
    const bool numeric = parseNumber(text.substr(0, comma), x) && parseNumber(text.substr(comma + 1), h);
    if (!numeric && header_allowed) { // a header such as "x,h"
      header_allowed = false;
      continue;
    }
    header_allowed = false;
    if (!numeric) fail("expected two numbers x, h [m]");
    if (!std::isfinite(x) || !std::isfinite(h)) fail("x and h must be finite");
    if (!t.x.empty() && !(x > t.x.back()))
      fail(fmt::format("x = {:g} does not exceed the previous x = {:g}: the profile must be a function of x, "
                       "tabulated with x strictly increasing",
                       x, t.x.back()));
    t.x.push_back(x);
    t.h.push_back(h);
  }
  if (t.x.size() < 4)
    throw InputError(fmt::format("{}: {}: the pin's profile needs at least 4 points, the file has {}", key,
                                 file, t.x.size()));
  return t;
}

} // namespace tribo
