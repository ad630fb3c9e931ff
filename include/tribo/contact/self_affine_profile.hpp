// A self-affine random roughness h_r(x) (docs/model.md §8.2): random-phase spectral synthesis with the
// power spectrum C(q) ~ q^-(1+2H) between two wavelength cut-offs, scaled to an RMS height; the same
// seed gives the same profile on every rank and machine (a 64-bit Mersenne Twister read bit by bit).
#pragma once

#include <cstdint>
#include <vector>

namespace tribo {

struct SelfAffineRoughness {
  double hurst = 0.8;          // H in (0, 1)
  double rms_height = 0;       // [m], over one period of the longest wavelength
  double long_wavelength = 0;  // lambda_L [m]: the period, q_0 = 2 pi / lambda_L
  double short_wavelength = 0; // lambda_s [m], <= lambda_L
  std::uint64_t seed = 1;
};

/// The number of modes, floor(lambda_L / lambda_s).
double selfAffineModes(const SelfAffineRoughness &r);
/// h_r at each x [m]: sum over q_k = k q_0 (k = 1 ... floor(lambda_L / lambda_s)) of
/// A_k cos(q_k x + phi_k), A_k ~ q_k^-(1/2 + H), phi_k uniform in [0, 2 pi), sqrt(sum A_k^2 / 2) = rms.
/// Throws InputError for H outside (0, 1), a non-positive RMS or wavelength, lambda_s > lambda_L.
std::vector<double> selfAffineHeights(const SelfAffineRoughness &r, const std::vector<double> &x);

} // namespace tribo
