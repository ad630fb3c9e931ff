// The first guesses of the normal contact (docs/model.md §11).
#include "tribo/contact/normal_contact_guess.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <cstddef>
#include <fmt/format.h>

namespace tribo {

NormalContactGuess hertzGuess(const std::vector<double> &x, double pin_center, double half_width) {
  NormalContactGuess g{std::vector<char>(x.size(), 0), std::vector<double>(x.size())};
  std::size_t nearest = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (std::abs(x[k] - pin_center) <= half_width) g.in_contact[k] = 1;
    if (std::abs(x[k] - pin_center) < std::abs(x[nearest] - pin_center)) nearest = k;
    g.xi[k] = x[k] - pin_center;
  }
  if (!x.empty()) g.in_contact[nearest] = 1;
  return g;
}

NormalContactGuess refineGuess(const std::vector<double> &coarse_x, const NormalContactGuess &coarse,
                               const std::vector<double> &x, double pin_center) {
  const std::size_t n = coarse_x.size();
  if (n < 2 || x.size() != 2 * n - 1 || coarse.in_contact.size() != n || coarse.xi.size() != n)
    throw SolverError(
        fmt::format("refineGuess: a grid of {} top nodes does not refine one of {}", x.size(), n));
  const double tol = 1e-9 * std::abs(x.back() - x.front());
  auto offset = [&](std::size_t j) {
    return coarse.in_contact[j] ? coarse.xi[j] - (coarse_x[j] - pin_center) : 0.0;
  };
  NormalContactGuess g{std::vector<char>(x.size(), 0), std::vector<double>(x.size())};
  for (std::size_t k = 0; k < x.size(); ++k) {
    const std::size_t j = k / 2;
    double o = 0;
    if (k % 2 == 0) {
      if (std::abs(x[k] - coarse_x[j]) > tol)
        throw SolverError(
            fmt::format("refineGuess: top node {} at x = {:.6e} m is not coarse node {} at {:.6e} m", k, x[k],
                        j, coarse_x[j]));
      g.in_contact[k] = coarse.in_contact[j];
      o = offset(j);
    } else if (coarse.in_contact[j] && coarse.in_contact[j + 1]) {
      g.in_contact[k] = 1;
      o = 0.5 * (offset(j) + offset(j + 1));
    }
    g.xi[k] = x[k] - pin_center + o;
  }
  return g;
}

} // namespace tribo
