// Random-phase synthesis of a self-affine profile (docs/model.md §8.2).
#include "tribo/contact/self_affine_profile.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <random>

namespace tribo {

namespace {
/// Uniform in [0, 1) from the top 53 bits: the same on every platform (std::mt19937_64's output sequence is
/// fixed by the standard; its distributions are not).
double unitUniform(std::mt19937_64 &rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}
} // namespace

double selfAffineModes(const SelfAffineRoughness &r) {
  return std::floor(r.long_wavelength / r.short_wavelength * (1 + 1e-12));
}

std::vector<double> selfAffineHeights(const SelfAffineRoughness &r, const std::vector<double> &x) {
  if (!(r.hurst > 0 && r.hurst < 1))
    throw InputError(fmt::format("pin.hurst = {:g} is outside the allowed range (0, 1)", r.hurst));
  if (!(r.rms_height > 0 && std::isfinite(r.rms_height)))
    throw InputError(fmt::format("pin.rms_height = {:g} must be positive", r.rms_height));
  if (!(r.short_wavelength > 0 && r.short_wavelength <= r.long_wavelength &&
        std::isfinite(r.long_wavelength)))
    throw InputError(fmt::format("pin.short_wavelength_over_Lx, pin.long_wavelength_over_Lx: need "
                                 "0 < lambda_s <= lambda_L, got {:g} and {:g} m",
                                 r.short_wavelength, r.long_wavelength));
  const double count = selfAffineModes(r);
  if (!(count <= std::numeric_limits<int>::max()))
    throw InputError(fmt::format("pin.long_wavelength_over_Lx / pin.short_wavelength_over_Lx: {:g} modes, "
                                 "more than can be counted",
                                 count));
  const int modes = static_cast<int>(count);
  const double q0 = 2 * M_PI / r.long_wavelength;
  std::mt19937_64 rng(r.seed);
  std::vector<double> amplitude(modes), phase(modes);
  double power = 0;
  for (int k = 0; k < modes; ++k) {
    amplitude[k] = std::pow((k + 1) * q0, -(0.5 + r.hurst)); // sqrt(C(q) dq), dq = q0
    phase[k] = 2 * M_PI * unitUniform(rng);
    power += 0.5 * amplitude[k] * amplitude[k];
  }
  const double scale = r.rms_height / std::sqrt(power);
  std::vector<double> h(x.size(), 0.0);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (int k = 0; k < modes; ++k)
      h[i] += scale * amplitude[k] * std::cos((k + 1) * q0 * x[i] + phase[k]);
  return h;
}

} // namespace tribo
