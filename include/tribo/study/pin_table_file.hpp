// Reading the pin's tabulated profile h(x) from a CSV file (pin.table_file; docs/input.md): the study
// reads and validates the file, the contact gets the arrays (tribo::TabulatedPin).
#pragma once

#include <string>
#include <vector>

namespace tribo {

struct PinTable {
  std::vector<double> x; // [m] from the pin's centre, strictly increasing
  std::vector<double> h; // [m] upward
};

/// `file` as the input names it: absolute, or relative to the directory of `input_file` (the YAML file;
/// as given when the input is not a file, "<string>").
std::string besideInput(const std::string &file, const std::string &input_file);

/// Two comma-separated columns x, h per line; blank lines, lines starting with '#' and one header line
/// before the first number are skipped. Throws InputError naming `key`, the file and its line for a
/// missing file, a malformed or non-finite value, an x not above the previous one, or fewer than 4
/// points.
PinTable readPinTable(const std::string &file, const std::string &key);

} // namespace tribo
