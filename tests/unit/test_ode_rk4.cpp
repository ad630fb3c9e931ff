// The fixed-step RK4 of ode/rk4.hpp: one step matches the method's formulas, the global error falls
// at fourth order.
#include "tribo/ode/rk4.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

namespace {

/// The harmonic oscillator x'' = -x as (x, v), integrated over [0, 1] in n steps; the error at t = 1.
double oscillatorError(int n) {
  const auto rate = [](double, const std::array<double, 2> &y) { return std::array<double, 2>{y[1], -y[0]}; };
  std::array<double, 2> y{1.0, 0.0};
  const double h = 1.0 / n;
  for (int i = 0; i < n; ++i)
    y = rk4Step(rate, i * h, h, y);
  return std::hypot(y[0] - std::cos(1.0), y[1] + std::sin(1.0));
}

} // namespace

// y' = t y from y(0) = 1 over one step h: the four stages by hand.
TEST(OdeRk4, OneStepIsTheClassicalTableau) {
  const auto rate = [](double t, const std::array<double, 1> &y) { return std::array<double, 1>{t * y[0]}; };
  const double h = 0.3, k1 = 0.0, k2 = 0.5 * h * (1 + 0.5 * h * k1), k3 = 0.5 * h * (1 + 0.5 * h * k2),
               k4 = h * (1 + h * k3);
  const std::array<double, 1> y = rk4Step(rate, 0.0, h, std::array<double, 1>{1.0});
  EXPECT_NEAR(y[0], 1 + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), 1e-15);
  EXPECT_NEAR(y[0], std::exp(0.5 * h * h), 1e-5); // and it is a good step
}

// Halving the step divides the error by 2^4 (observed order 4 within 0.1).
TEST(OdeRk4, ConvergesAtFourthOrder) {
  const double e1 = oscillatorError(20), e2 = oscillatorError(40), e3 = oscillatorError(80);
  EXPECT_NEAR(std::log2(e1 / e2), 4.0, 0.1);
  EXPECT_NEAR(std::log2(e2 / e3), 4.0, 0.1);
}
