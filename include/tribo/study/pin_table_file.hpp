// Reading the pin's tabulated profile h(x) from a CSV or an HDF5 file (pin.table_file, pin.table_group;
// docs/input.md): the study reads and validates the file, the contact gets the arrays (tribo::TabulatedPin).
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

/// True for a file name ending in .h5 or .hdf5: the table is then read by readPinTableHdf5.
bool isHdf5Table(const std::string &file);

/// The 1-D float datasets `group`/x and `group`/h of an HDF5 file (group "/" or e.g. a previous run's
/// "/cases/<id>/pin"). Throws InputError naming `key`, the file and the dataset (and the point, from 1)
/// for a file that cannot be opened, a missing or not 1-D dataset, x and h of different lengths, a
/// non-finite value, an x not above the previous one, or fewer than 4 points.
PinTable readPinTableHdf5(const std::string &file, const std::string &group, const std::string &key);

} // namespace tribo
