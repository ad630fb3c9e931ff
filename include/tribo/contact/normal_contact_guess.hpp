// Where the normal contact starts to settle (paper §2.1.1: "An initial guess is made ..."): a first
// contact set and where on the pin each of its nodes sits (docs/model.md §11).
#pragma once

#include <vector>

namespace tribo {

struct NormalContactGuess {
  std::vector<char> in_contact; // per top node
  std::vector<double> xi;       // where each node sits on the pin, from its centre [m]
};

/// The nodes within `half_width` of the pin's centre x_c (at least the node nearest it), each stuck
/// where it is, xi = x - x_c.
NormalContactGuess hertzGuess(const std::vector<double> &x, double pin_center, double half_width);

/// The settled normal contact of the next coarser grid (its top node j is this grid's node 2j),
/// refined: node 2j as coarse node j; node 2j+1 in contact where both its neighbours are, its offset
/// xi - (x - x_c) their offsets' mean (linear interpolation; docs/model.md §11.1). Throws where the two
/// grids are not nested.
NormalContactGuess refineGuess(const std::vector<double> &coarse_x, const NormalContactGuess &coarse,
                               const std::vector<double> &x, double pin_center);

} // namespace tribo
