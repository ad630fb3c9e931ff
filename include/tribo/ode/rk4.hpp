// Classical fourth-order Runge-Kutta at a fixed step: the paper's method for Eq. 12 (§2.2.3).
#pragma once

#include <array>
#include <cstddef>

namespace tribo {

/// y + a d, component by component.
template <std::size_t N>
inline std::array<double, N> axpy(const std::array<double, N> &y, double a, const std::array<double, N> &d) {
  std::array<double, N> out;
  for (std::size_t i = 0; i < N; ++i)
    out[i] = y[i] + a * d[i];
  return out;
}

/// One RK4 step of y' = rate(t, y) from (t, y) over h:
///   k1 = f(t, y),  k2 = f(t + h/2, y + h/2 k1),  k3 = f(t + h/2, y + h/2 k2),  k4 = f(t + h, y + h k3),
///   y(t + h) = y + h/6 (k1 + 2 k2 + 2 k3 + k4).
/// Written here rather than taken from PETSc TS: the pins' inner loops (2e6 steps x 4 stages, a profile
/// look-up each) are the measured hot spot, and the rules between steps (hysteresis, stick/slip,
/// stability checks) need control over what happens between them.
template <std::size_t N, class Rate>
inline std::array<double, N> rk4Step(const Rate &rate, double t, double h, const std::array<double, N> &y) {
  const std::array<double, N> k1 = rate(t, y);
  const std::array<double, N> k2 = rate(t + 0.5 * h, axpy(y, 0.5 * h, k1));
  const std::array<double, N> k3 = rate(t + 0.5 * h, axpy(y, 0.5 * h, k2));
  const std::array<double, N> k4 = rate(t + h, axpy(y, h, k3));
  const double w = h / 6.0;
  std::array<double, N> next;
  for (std::size_t i = 0; i < N; ++i)
    next[i] = y[i] + w * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  return next;
}

} // namespace tribo
