// One-dimensional Lagrange interpolation through two or three points: the alpha, lambda and gamma of Eq. 10.
#pragma once

#include <array>

namespace tribo {

/// The Lagrange polynomials l_k(t) through points t_0..t_{m-1} (m = 2: linear, m = 3: quadratic), with
/// l_k(t_l) = delta_kl. Points are given in a local, O(1) coordinate to keep round-off small.
class Lagrange1D {
public:
  Lagrange1D() = default;
  Lagrange1D(const double *points, int count);

  int count() const { return count_; }
  double point(int k) const { return t_[k]; }
  /// l_k(t) and dl_k/dt.
  double value(int k, double t) const;
  double derivative(int k, double t) const;

private:
  int count_ = 0;
  std::array<double, 3> t_{};
};

} // namespace tribo
