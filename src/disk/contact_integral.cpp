// Numerical integration of the Coulomb slip direction over an axisymmetric contact (Eq. 1 and torque).
#include "tribo/disk/contact_integral.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/ellint_rd.hpp>
#include <boost/math/special_functions/ellint_rg.hpp>
#include <cmath>
#include <string>
#include <vector>

namespace tribo {
namespace {

constexpr double pi = 3.14159265358979323846;
// Every integral here is split so that its integrand is analytic inside the interval and singular
// only at the ends: the (rho - eps) ln|rho - eps| kink of the ring averages at rho = eps, the
// square-root edge of the Hertz pressure, the kinks of a tabulated pressure, and, for the angle,
// the peak of width |rho - eps|/eps at psi = 0. Tanh-sinh (double-exponential) quadrature converges
// geometrically in the number of levels for exactly such integrands: ~250 evaluations reach 1e-15,
// where adaptive Gauss-Kronrod bisection needed ~20x more (measured, docs/disk.md). Its stopping
// test compares successive levels against the L1 norm, so integrals that cancel to ~0 terminate.
boost::math::quadrature::tanh_sinh<double> &integrator() {
  static boost::math::quadrature::tanh_sinh<double> ts; // tables grow lazily: not const in Boost 1.74
  return ts;
}

template <class F> double integrate(F &&f, double a, double b, double rel_tol) {
  return integrator().integrate(f, a, b, rel_tol);
}

// E(t) from t'^2 = 1 - t^2 computed without cancellation: E = 2 R_G(0, t'^2, 1) (DLMF 19.25.1).
double ellipticEFromComplement(double tp2) {
  return 2.0 * boost::math::ellint_rg(0.0, tp2, 1.0);
}

// Same averages by adaptive quadrature over the angle psi measured from the direction of the
// centre of rotation (the integrands are even in psi): 1/pi int_0^pi (...) dpsi.
RingAverage ringAverageDirect(double rho, double eps, double rel_tol) {
  auto dist = [rho, eps](double psi) {
    const double s = std::sin(0.5 * psi);
    // (rho - eps)^2 + 4 rho eps sin^2(psi/2): no cancellation near the centre of rotation
    return std::sqrt((rho - eps) * (rho - eps) + 4.0 * rho * eps * s * s);
  };
  auto fA = [&](double psi) {
    const double d = dist(psi);
    return d > 0.0 ? (eps - rho * std::cos(psi)) / d : 0.0;
  };
  auto fB = [&](double psi) {
    const double d = dist(psi);
    return d > 0.0 ? rho * (rho - eps * std::cos(psi)) / d : 0.0;
  };
  const double A = integrate(fA, 0.0, pi, rel_tol) / pi;
  const double B = integrate(fB, 0.0, pi, rel_tol) / pi;
  return {A, B};
}

// Radial panels: the support, split at eps (kink of the ring averages) and at the kinks of p.
std::vector<double> radialPanels(const PressureProfile &p, double eps) {
  std::vector<double> x{p.rhoMin(), p.rhoMax()};
  for (double b : p.breakpoints())
    x.push_back(b);
  if (eps > p.rhoMin() && eps < p.rhoMax()) x.push_back(eps);
  std::sort(x.begin(), x.end());
  x.erase(std::unique(x.begin(), x.end()), x.end());
  return x;
}

} // namespace

// Ring averages over the angle of the force and torque integrands of the unit disk: with d the
// distance from the ring point to the instantaneous centre of rotation (0, eps),
//   A = <(eps - y)/d>,  B = <(rho^2 - eps y)/d>.
// Writing them with the ring's elliptic integrals and applying the ascending Landen
// transformation (docs/disk.md) leaves forms without cancellation, t = min(rho, eps)/max(rho, eps):
//   rho < eps:  A = (2/pi) E(t),                          B = (2 eps/(3 pi)) t^2 t'^2 R_D(0, 1, t'^2)
//   rho > eps:  A = (2/(3 pi)) t t'^2 R_D(0, 1, t'^2),    B = (2 rho/pi) E(t)
// using E - k'^2 K = k^2 k'^2 R_D(0, 1, k'^2)/3 (DLMF 19.25.1).
RingAverage ringAverage(double rho, double eps) {
  if (rho == eps) return {2.0 / pi, 2.0 * eps / pi};
  if (rho < eps) {
    const double t = rho / eps;
    const double tp2 = (eps - rho) / eps * ((eps + rho) / eps); // no overflow for huge eps
    return {2.0 / pi * ellipticEFromComplement(tp2),
            2.0 * eps / (3.0 * pi) * t * t * tp2 * boost::math::ellint_rd(0.0, 1.0, tp2)};
  }
  const double t = eps / rho;
  const double tp2 = (rho - eps) / rho * ((rho + eps) / rho);
  return {2.0 / (3.0 * pi) * t * tp2 * boost::math::ellint_rd(0.0, 1.0, tp2),
          2.0 * rho / pi * ellipticEFromComplement(tp2)};
}

ForceTorque contactForceTorque(const PressureProfile &p, double eps,
                               const ContactQuadratureOptions &options) {
  if (!(eps >= 0.0))
    throw InputError("disk: eps = " + std::to_string(eps) + " is outside the allowed range [0, inf]");
  if (!(options.rel_tol > 0.0))
    throw InputError("disk: quadrature rel_tol = " + std::to_string(options.rel_tol) + " must be positive");
  if (std::isinf(eps)) return {1.0, 0.0};    // uniform slip direction: full Coulomb force, no torque
  if (eps == 0.0) return {0.0, p.meanRho()}; // pure spinning: no net force, torque = mean lever arm

  const bool direct = options.method == ContactQuadrature::direct;
  // The angular tolerance is tighter than the radial one so its error does not show in the sum.
  const double inner_tol = std::max(options.rel_tol * 1e-1, 1e-15);
  auto averages = [&](double rho) {
    return direct ? ringAverageDirect(rho, eps, inner_tol) : ringAverage(rho, eps);
  };
  // Load per unit radius: p(rho) 2 pi rho.
  auto fF = [&](double rho) { return 2.0 * pi * rho * p(rho) * averages(rho).A; };
  auto fT = [&](double rho) { return 2.0 * pi * rho * p(rho) * averages(rho).B; };

  const std::vector<double> x = radialPanels(p, eps);
  ForceTorque ft;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    ft.F += integrate(fF, x[i], x[i + 1], options.rel_tol);
    ft.T += integrate(fT, x[i], x[i + 1], options.rel_tol);
  }
  return ft;
}

FrictionCurve makeFrictionCurve(const PressureProfile &p, const ContactQuadratureOptions &options,
                                bool closed_form_if_uniform) {
  if (closed_form_if_uniform && p.kind() == PressureProfile::Kind::uniform)
    return [](double eps) { return uniformForceTorque(eps); };
  return [p, options](double eps) { return contactForceTorque(p, eps, options); };
}

} // namespace tribo
