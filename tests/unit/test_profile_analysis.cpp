// Steady state of a profile and the power-law fit of avalanche sizes, against exact answers.
#include "tribo/contact/profile_analysis.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

using namespace tribo;

TEST(SteadyState, RampThenPlateau) {
  // F = delta up to 0.99, then 1.1, 0.9, 1.1, ... (200 samples): the second half's mean is exactly 1, the
  // plateau starts at delta = 1 with mean 1 and sample standard deviation 0.1 sqrt(200/199).
  std::vector<double> d, f;
  for (int i = 0; i < 100; ++i)
    d.push_back(i * 0.01), f.push_back(i * 0.01);
  for (int i = 0; i < 200; ++i)
    d.push_back(1 + i * 0.01), f.push_back(1 + 0.1 * ((i % 2) ? -1 : 1));
  const SteadyState s = findSteadyState(d, f);
  EXPECT_EQ(s.start_index, 100u);
  EXPECT_NEAR(s.start_delta, 1.0, 1e-12);
  EXPECT_NEAR(s.mean, 1.0, 1e-12);
  EXPECT_NEAR(s.stddev, 0.1 * std::sqrt(200.0 / 199.0), 1e-12);
  EXPECT_NEAR(s.period, 1.99, 1e-12);
}

TEST(PowerLaw, RecoversTheExponentOfContinuousSamples) {
  // Inverse-transform samples of p(x) = (alpha-1) x^-alpha, x >= 1. The MLE's standard error is
  // (alpha-1)/sqrt(n) = 0.0106 for n = 20000: 5 sigma is 0.053.
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(0, 1);
  const double alpha = 2.5;
  std::vector<double> x;
  for (int i = 0; i < 20000; ++i)
    x.push_back(std::pow(1 - u(rng), -1 / (alpha - 1)));
  const PowerLawFit fit = fitPowerLaw(x, 1.0, false);
  EXPECT_EQ(fit.n_tail, 20000u);
  EXPECT_NEAR(fit.alpha, alpha, 5 * fit.alpha_error);
  // alpha within 0.053 of 2.5 moves the error by at most 0.053 / sqrt(20000) = 3.7e-4.
  EXPECT_NEAR(fit.alpha_error, 1.5 / std::sqrt(20000.0), 4e-4);
}

TEST(PowerLaw, LogBinnedDensityIntegratesToOne) {
  std::vector<double> x;
  for (int i = 1; i <= 1000; ++i)
    x.push_back(1.0 + 0.999 * i);
  const LogHistogram h = logBinnedDensity(x, 1.0);
  double total = 0;
  for (std::size_t k = 0; k < h.density.size(); ++k)
    total += h.density[k] * (h.bin_upper[k] - h.bin_lower[k]);
  EXPECT_NEAR(total, 1.0, 1e-12);
}
