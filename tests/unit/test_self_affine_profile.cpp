// The self-affine roughness (docs/model.md §8.2): its RMS, its spectrum's slope -(1+2H), its seed, and
// the input that is refused.
#include "tribo/contact/self_affine_profile.hpp"
#include "tribo/core/error.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/profile_study.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <initializer_list>
#include <string>
#include <vector>

using tribo::SelfAffineRoughness;

namespace {
SelfAffineRoughness roughness(double hurst, std::uint64_t seed) {
  SelfAffineRoughness r;
  r.hurst = hurst;
  r.rms_height = 3e-9;
  r.long_wavelength = 1e-3;
  r.short_wavelength = 1e-3 / 32;
  r.seed = seed;
  return r;
}

std::vector<double> period(int n) { // one period of the longest wavelength, uniformly
  std::vector<double> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = 1e-3 * i / n;
  return x;
}

/// |c_k|^2 of the discrete Fourier coefficient of mode k over one period.
double modePower(const std::vector<double> &h, int k) {
  double re = 0, im = 0;
  const int n = static_cast<int>(h.size());
  for (int i = 0; i < n; ++i) {
    re += h[i] * std::cos(2 * M_PI * k * i / n);
    im += h[i] * std::sin(2 * M_PI * k * i / n);
  }
  return (re * re + im * im) / (static_cast<double>(n) * n);
}
} // namespace

TEST(SelfAffineProfile, HasItsRmsAndItsSpectralSlope) {
  for (double H : {0.3, 0.8}) {
    const std::vector<double> x = period(256), h = tribo::selfAffineHeights(roughness(H, 4), x);
    double sq = 0;
    for (double v : h)
      sq += v * v;
    EXPECT_NEAR(std::sqrt(sq / h.size()), 3e-9, 1e-12 * 3e-9) << "H " << H;
    // C(q) ~ q^-(1+2H) with modes at q_k = k q_0: mode 1 over mode 8 is 8^(1+2H); nothing above 32.
    EXPECT_NEAR(modePower(h, 1) / modePower(h, 8), std::pow(8.0, 1 + 2 * H), 1e-8 * std::pow(8.0, 1 + 2 * H));
    EXPECT_LT(modePower(h, 40), 1e-20 * modePower(h, 1));
  }
}

TEST(SelfAffineProfile, TheSeedFixesTheProfile) {
  const std::vector<double> x = period(100);
  const auto a = tribo::selfAffineHeights(roughness(0.7, 9), x),
             b = tribo::selfAffineHeights(roughness(0.7, 9), x);
  const auto c = tribo::selfAffineHeights(roughness(0.7, 10), x);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

namespace {

// The pin block `pin` (self_affine) refused by the profile study's builder with a message that holds
// every one of `expected` (the key, "rough.yaml:<line>", the bound).
void expectRefused(const std::string &pin, std::initializer_list<std::string> expected) {
  const std::string yaml =
      "study: profile\nslab: {levels: 5, length_x: 1.0e-3}\npin:\n  shape: self_affine\n" + pin +
      "contact: {events: 40}\n";
  try {
    tribo::buildProfileStudy(tribo::ConfigNode::fromString(yaml, "rough.yaml"));
    ADD_FAILURE() << "accepted:\n" << pin;
  } catch (const tribo::InputError &e) {
    const std::string what = e.what();
    for (const std::string &part : expected)
      EXPECT_NE(what.find(part), std::string::npos) << what;
  }
}

} // namespace

TEST(SelfAffineProfile, RefusesAHurstExponentOutsideZeroToOne) {
  EXPECT_THROW(tribo::selfAffineHeights(roughness(1.0, 1), period(10)), tribo::InputError);
  EXPECT_THROW(tribo::selfAffineHeights(roughness(0.0, 1), period(10)), tribo::InputError);
  expectRefused("  hurst: 1.2\n  rms_height: 1.0e-9\n", {"pin.hurst", "rough.yaml:5"});
}

// More modes than a table can sum in seconds (a fuzzer's finding: 2.7e10 modes overflowed the count and
// ended in std::length_error): refused, naming the key, its line and the bound.
TEST(SelfAffineProfile, RefusesMoreModesThanTheTableCanSum) {
  expectRefused("  hurst: 0.8\n  rms_height: 1.0e-9\n  long_wavelength_over_Lx: 1333333333.0\n"
                "  short_wavelength_over_Lx: 0.05\n",
                {"pin.long_wavelength_over_Lx", "rough.yaml:7", "2e+08"});
  EXPECT_THROW(tribo::selfAffineHeights(
                   [] {
                     auto r = roughness(0.8, 1);
                     r.long_wavelength = 1e10 * r.short_wavelength; // more than an int counts
                     return r;
                   }(),
                   period(10)),
               tribo::InputError);
}
