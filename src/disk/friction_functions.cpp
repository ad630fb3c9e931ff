// Closed forms of F(eps) and T(eps) for uniform pressure, with series where the closed forms lose digits.
#include "tribo/disk/friction_functions.hpp"

#include "tribo/core/error.hpp"

#include <array>
#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/ellint_2.hpp>
#include <cmath>
#include <limits>
#include <string>

namespace tribo {
namespace {

constexpr double pi = 3.14159265358979323846;
constexpr int n_terms = 40;     // m^n with m <= 1/4 (eps <= 1/2 or >= 2): 4^-40 ~ 1e-24, far below an ulp
constexpr int n_log_terms = 30; // q^n with q <= 0.1

// Taylor coefficients of the complete elliptic integrals in m = k^2 (DLMF 19.5.1-2):
// K = (pi/2) sum a_n m^n, E = (pi/2) sum a_n m^n / (1 - 2n), a_n = [(1/2)_n / n!]^2.
struct SeriesTables {
  std::array<double, n_terms + 3> a{};
  // Small eps: F = (2/3) sum_{n>=1} small_F[n] eps^(2n-1), T = (2/9) sum_{n>=0} small_T[n] eps^(2n).
  std::array<double, n_terms> small_F{}, small_T{};
  // Large eps, m = 1/eps^2: F = (2/3) sum large_F[n] m^n, T = 2/(9 eps) sum large_T[n] m^n.
  std::array<double, n_terms> large_F{}, large_T{};
  // Near k = 1 (DLMF 19.12.1-2), q = k'^2, L = ln(1/k') = -ln(q)/2:
  // K = K0(q) + L K1(q), E = E0(q) + L E1(q), each a power series in q.
  std::array<double, n_log_terms> K0{}, K1{}, E0{}, E1{};

  SeriesTables() {
    a[0] = 1.0;
    for (int n = 1; n < n_terms + 3; ++n) {
      const double r = (2.0 * n - 1.0) / (2.0 * n);
      a[n] = a[n - 1] * r * r;
    }
    // The closed forms for eps <= 1 with K, E expanded in m = eps^2; collecting powers of eps
    // (docs/disk.md) gives these coefficients. small_F[0] = 0 because F(0) = 0.
    for (int n = 1; n < n_terms; ++n)
      small_F[n] = a[n - 1] * (4.0 - 2.0 * n) / (3.0 - 2.0 * n) - a[n] * 2.0 * n / (2.0 * n - 1.0);
    for (int n = 0; n < n_terms; ++n)
      small_T[n] = a[n] * (3.0 + 2.0 * n) / (1.0 - 2.0 * n) +
                   (n >= 1 ? a[n - 1] * (1.0 - 2.0 * n) / (3.0 - 2.0 * n) : 0.0);
    // The closed forms for eps >= 1 with K(1/eps), E(1/eps) expanded in m = 1/eps^2. The m^0
    // coefficient of the torque bracket vanishes, which is why T ~ 1/(4 eps) (large_T[0] = 9/8).
    for (int n = 0; n < n_terms; ++n) {
      large_F[n] = a[n] * (2.0 - 2.0 * n) / (1.0 - 2.0 * n) - a[n + 1] * 2.0 * (n + 1) / (2.0 * n + 1);
      const int j = n + 1;
      large_T[n] =
          a[j + 1] * 4.0 * (j + 1) / (2.0 * j + 1) + a[j] * (4.0 / (1.0 - 2.0 * j) - 5.0) + 3.0 * a[j - 1];
    }
    // DLMF 19.12.1: K = sum a_m q^m [L + d_m], d_m = psi(1+m) - psi(1/2+m), d_0 = 2 ln 2.
    // DLMF 19.12.2: E = 1 + 1/2 sum e_m q^(m+1) [L + d_m - 1/((2m+1)(2m+2))],
    //               e_m = (1/2)_m (3/2)_m / ((2)_m m!).
    double d = 2.0 * std::log(2.0);
    double e = 1.0;
    E0[0] = 1.0;
    E1[0] = 0.0;
    for (int m = 0; m < n_log_terms; ++m) {
      if (m > 0) {
        d += 1.0 / m - 2.0 / (2.0 * m - 1.0);
        e *= (m - 0.5) * (m + 0.5) / ((m + 1.0) * m);
      }
      K0[m] = a[m] * d;
      K1[m] = a[m];
      if (m + 1 < n_log_terms) {
        E0[m + 1] = 0.5 * e * (d - 1.0 / ((2.0 * m + 1.0) * (2.0 * m + 2.0)));
        E1[m + 1] = 0.5 * e;
      }
    }
  }
};

const SeriesTables &tables() {
  static const SeriesTables t;
  return t;
}

template <std::size_t N> double horner(const std::array<double, N> &c, double x, std::size_t first = 0) {
  double s = 0.0;
  for (std::size_t i = N; i-- > first;)
    s = s * x + c[i];
  return s;
}

ForceTorque smallEps(double eps) {
  const auto &t = tables();
  const double m = eps * eps;
  // F = (2/3) eps sum_{n>=1} small_F[n] m^(n-1)
  double sF = 0.0;
  for (int n = n_terms - 1; n >= 1; --n)
    sF = sF * m + t.small_F[n];
  return {2.0 / 3.0 * eps * sF, 2.0 / 9.0 * horner(t.small_T, m)};
}

ForceTorque largeEps(double eps) {
  const auto &t = tables();
  if (std::isinf(eps)) return {1.0, 0.0};
  const double m = 1.0 / (eps * eps);
  return {2.0 / 3.0 * horner(t.large_F, m), 2.0 / (9.0 * eps) * horner(t.large_T, m)};
}

// Complete elliptic integrals of modulus k. Boost rather than std::comp_ellint_1/2: libstdc++ 12's
// comp_ellint_2 loses digits towards k = 1 (measured relative error 8e-15 at k = 0.9, 4e-13 at
// k = 0.99), Boost's stays within 1e-16 (docs/disk.md).
double ellipticK(double k) {
  return boost::math::ellint_1(k);
}
double ellipticE(double k) {
  return boost::math::ellint_2(k);
}

// Paper, F and T for eps <= 1 (K and E take the modulus k = eps).
ForceTorque ellipticLo(double eps) {
  const double K = ellipticK(eps), E = ellipticE(eps);
  const double e2 = eps * eps;
  return {4.0 / 3.0 * ((e2 + 1.0) * E + (e2 - 1.0) * K) / (eps * pi),
          4.0 / 9.0 * ((4.0 - 2.0 * e2) * E + (e2 - 1.0) * K) / pi};
}

// Paper, F and T for eps >= 1 (modulus 1/eps). The printed torque carries 1/eps where eps belongs:
// the direct integral and the limit T ~ 1/(4 eps) both require the factor eps (docs/disk.md).
ForceTorque ellipticHi(double eps) {
  const double k = 1.0 / eps;
  const double K = ellipticK(k), E = ellipticE(k);
  const double e2 = eps * eps;
  return {4.0 / 3.0 * ((e2 + 1.0) * E - (e2 - 1.0) * K) / pi,
          4.0 / 9.0 * eps * ((4.0 - 2.0 * e2) * E + (2.0 * e2 - 5.0 + 3.0 / e2) * K) / pi};
}

// Near eps = 1 both closed forms are written in q = k'^2 (q = 1 - eps^2 below, 1 - 1/eps^2 above);
// the log singularity of K enters only as q^2 ln q, so F, T and their first derivatives are finite.
ForceTorque nearOne(double eps) {
  const auto &t = tables();
  const bool below = eps <= 1.0;
  const double q = below ? (1.0 - eps) * (1.0 + eps) : (eps - 1.0) * (eps + 1.0) / (eps * eps);
  double K = horner(t.K0, q), E = horner(t.E0, q);
  if (q > 0.0) {
    const double L = -0.5 * std::log(q);
    K += L * horner(t.K1, q);
    E += L * horner(t.E1, q);
  }
  // At q = 0 the products q*K below vanish (q ln q -> 0) and E = 1.
  const double qK = q > 0.0 ? q * K : 0.0;
  if (below)
    return {4.0 / (3.0 * pi) * ((2.0 - q) * E - qK) / std::sqrt(1.0 - q),
            4.0 / (9.0 * pi) * ((2.0 + 2.0 * q) * E - qK)};
  return {4.0 / (3.0 * pi) * ((2.0 - q) * E - qK) / (1.0 - q),
          4.0 / (9.0 * pi) * ((2.0 - 4.0 * q) * E + (3.0 * q - 1.0) * qK) / std::pow(1.0 - q, 1.5)};
}

UniformBranch chooseBranch(double eps) {
  if (eps <= uniform_small_eps_switch) return UniformBranch::small_eps;
  if (eps >= uniform_large_eps_switch) return UniformBranch::large_eps;
  const double q = eps <= 1.0 ? (1.0 - eps) * (1.0 + eps) : (eps - 1.0) * (eps + 1.0) / (eps * eps);
  if (q <= uniform_near_one_q_switch) return UniformBranch::near_one;
  return eps < 1.0 ? UniformBranch::elliptic_lo : UniformBranch::elliptic_hi;
}

} // namespace

ForceTorque uniformForceTorque(double eps, UniformBranch branch) {
  if (!(eps >= 0.0))
    throw InputError("disk: eps = " + std::to_string(eps) + " is outside the allowed range [0, inf]");
  if (branch == UniformBranch::automatic) branch = chooseBranch(eps);
  switch (branch) {
  case UniformBranch::small_eps:
    return smallEps(eps);
  case UniformBranch::elliptic_lo:
    return ellipticLo(eps);
  case UniformBranch::near_one:
    return nearOne(eps);
  case UniformBranch::elliptic_hi:
    return ellipticHi(eps);
  case UniformBranch::large_eps:
  default:
    return largeEps(eps);
  }
}

double uniformForce(double eps) {
  return uniformForceTorque(eps).F;
}
double uniformTorque(double eps) {
  return uniformForceTorque(eps).T;
}

} // namespace tribo
