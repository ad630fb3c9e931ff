// Steady state of a profile and the power-law fit of avalanche sizes, against exact answers.
#include "tribo/contact/profile_analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace tribo;

TEST(SteadyState, RampThenPlateau) {
  // F = delta up to 1, then 1 + 0.1 (-1)^i: the plateau starts at delta = 1, mean 1 (even count).
  std::vector<double> d, f;
  for (int i = 0; i <= 100; ++i) d.push_back(i * 0.01), f.push_back(i * 0.01);
  for (int i = 1; i <= 200; ++i) d.push_back(1 + i * 0.01), f.push_back(1 + 0.1 * ((i % 2) ? -1 : 1));
  const SteadyState s = findSteadyState(d, f);
  EXPECT_EQ(s.start_index, 100u);
  EXPECT_NEAR(s.start_delta, 1.0, 1e-12);
  EXPECT_NEAR(s.mean, 1.0, 1e-3); // 201 samples: one extra +0.1 over 201
  EXPECT_NEAR(s.stddev, 0.1, 2e-3);
  EXPECT_NEAR(s.period, 2.0, 1e-12);
}

TEST(PowerLaw, RecoversTheExponentOfContinuousSamples) {
  // Inverse-transform samples of p(x) = (alpha-1) x^-alpha, x >= 1. The MLE's standard error is
  // (alpha-1)/sqrt(n) = 0.0075 for n = 20000: 5 sigma is 0.04.
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(0, 1);
  const double alpha = 2.5;
  std::vector<double> x;
  for (int i = 0; i < 20000; ++i) x.push_back(std::pow(1 - u(rng), -1 / (alpha - 1)));
  const PowerLawFit fit = fitPowerLaw(x, 1.0, false);
  EXPECT_EQ(fit.n_tail, 20000u);
  EXPECT_NEAR(fit.alpha, alpha, 5 * fit.alpha_error);
  EXPECT_NEAR(fit.alpha_error, 0.0075, 5e-4);
}

TEST(PowerLaw, LogBinnedDensityIntegratesToOne) {
  std::vector<double> x;
  for (int i = 1; i <= 1000; ++i) x.push_back(1.0 + 0.999 * i);
  const LogHistogram h = logBinnedDensity(x, 1.0);
  double total = 0;
  for (std::size_t k = 0; k < h.density.size(); ++k) total += h.density[k] * (h.bin_upper[k] - h.bin_lower[k]);
  EXPECT_NEAR(total, 1.0, 1e-12);
}
