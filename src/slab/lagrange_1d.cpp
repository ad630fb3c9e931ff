// One-dimensional Lagrange basis polynomials and their derivatives.
#include "tribo/slab/lagrange_1d.hpp"

#include "tribo/core/error.hpp"

namespace tribo {

Lagrange1D::Lagrange1D(const double *points, int count) : count_(count) {
  if (count < 1 || count > 3) throw SolverError("Lagrange1D: 1 to 3 points supported");
  for (int k = 0; k < count; ++k)
    t_[k] = points[k];
}

double Lagrange1D::value(int k, double t) const {
  double v = 1.0;
  for (int l = 0; l < count_; ++l)
    if (l != k) v *= (t - t_[l]) / (t_[k] - t_[l]);
  return v;
}

double Lagrange1D::derivative(int k, double t) const {
  // d/dt prod_{l != k} (t - t_l)/(t_k - t_l) = sum_{l != k} 1/(t_k - t_l) prod_{m != k, l} (t - t_m)/(t_k -
  // t_m)
  double d = 0.0;
  for (int l = 0; l < count_; ++l) {
    if (l == k) continue;
    double term = 1.0 / (t_[k] - t_[l]);
    for (int m = 0; m < count_; ++m)
      if (m != k && m != l) term *= (t - t_[m]) / (t_[k] - t_[m]);
    d += term;
  }
  return d;
}

} // namespace tribo
