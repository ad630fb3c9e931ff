// The pin's tabulated profile from CSV (parsed line by line, every error naming the key, file and line)
// or from HDF5 (datasets x and h, every error naming the key, file, dataset and point).
#include "tribo/study/pin_table_file.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/result_file.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <memory>

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

bool isHdf5Table(const std::string &file) {
  const std::string ext = std::filesystem::path(file).extension().string();
  return ext == ".h5" || ext == ".hdf5";
}

PinTable readPinTableHdf5(const std::string &file, const std::string &group, const std::string &key) {
  const std::string base = group.empty() || group.back() != '/' ? group + "/" : group;
  auto fail = [&](const std::string &what) { throw InputError(fmt::format("{}: {}: {}", key, file, what)); };
  std::unique_ptr<ResultReader> reader;
  try {
    reader = std::make_unique<ResultReader>(file);
  } catch (const IoError &e) {
    fail(fmt::format("cannot open the pin's profile as HDF5 ({})", e.what()));
  }
  auto column = [&](const std::string &name) {
    const std::string path = base + name;
    if (!reader->exists(path))
      fail(fmt::format("no dataset {} (the table is two 1-D datasets x and h [m] in the group {})", path,
                       base));
    if (reader->shape(path).size() != 1)
      fail(fmt::format("dataset {} has {} dimensions: it must be 1-D", path, reader->shape(path).size()));
    return reader->dataset(path);
  };
  PinTable t{column("x"), column("h")};
  if (t.x.size() != t.h.size())
    fail(fmt::format("{}x has {} points but {}h has {}: one height per x", base, t.x.size(), base,
                     t.h.size()));
  for (std::size_t j = 0; j < t.x.size(); ++j) {
    if (!std::isfinite(t.x[j]) || !std::isfinite(t.h[j]))
      fail(fmt::format("point {} of {}x, {}h: x and h must be finite (x = {:g}, h = {:g})", j + 1, base, base,
                       t.x[j], t.h[j]));
    if (j > 0 && !(t.x[j] > t.x[j - 1]))
      fail(fmt::format("point {} of {}x: x = {:g} does not exceed the previous x = {:g}: the profile must be "
                       "a function of x, tabulated with x strictly increasing",
                       j + 1, base, t.x[j], t.x[j - 1]));
  }
  if (t.x.size() < 4)
    fail(fmt::format("the pin's profile needs at least 4 points, {}x has {}", base, t.x.size()));
  return t;
}

} // namespace tribo
