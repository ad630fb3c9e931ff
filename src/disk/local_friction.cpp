// Friction force and torque of the disk under a local law mu(N, |u|): rings with a closed-form Coulomb
// part and a quadrature of the law's variation along each ring.
#include "tribo/disk/local_friction.hpp"

#include "tribo/core/error.hpp"
#include "tribo/friction/vel_dep_multi_linear.hpp"

#include <algorithm>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <string>

namespace tribo {
namespace {

constexpr double pi = 3.14159265358979323846;
constexpr double inf = std::numeric_limits<double>::infinity();
// The one-sided limit s -> 0+ of a law, taken at the smallest positive normal speed: at s = 0 itself a
// law may report its sticking value (StaticKinetic's mu_s), which no slipping point of the contact feels.
constexpr double slow_speed = std::numeric_limits<double>::min();

// The force and torque integrands are carried together as one complex number (F + i T), so that
// both integrals share every evaluation of the law; Boost's tanh-sinh integrates complex values and
// measures convergence with their modulus.
using Pair = std::complex<double>;

boost::math::quadrature::tanh_sinh<double> &integrator() {
  static boost::math::quadrature::tanh_sinh<double> ts; // tables grow lazily: not const in Boost 1.74
  return ts;
}

std::string num(double v) {
  std::ostringstream s;
  s.precision(12);
  s << v;
  return s.str();
}

// Speeds where mu(|v|) has a kink: only the piecewise-linear law has any (the others are analytic in
// |v|). Its knots, and where an extended end segment is floored at mu = 0.
std::vector<double> lawSpeedBreakpoints(const FrictionLaw &law) {
  std::vector<double> s;
  const auto *multi = dynamic_cast<const VelDepMultiLinear *>(&law);
  if (!multi) return s;
  const auto &v = multi->velocityPoints();
  const auto &f = multi->frictionPoints();
  for (double x : v)
    if (x > 0.0) s.push_back(x);
  // Between the points mu is >= 0; only the extensions below v_0 and beyond v_last can reach 0.
  const std::size_t n = v.size();
  const double first_zero = v[0] - f[0] * (v[1] - v[0]) / (f[1] - f[0]);
  if (f[1] > f[0] && first_zero > 0.0 && first_zero < v[0]) s.push_back(first_zero);
  const double last_zero = v[n - 1] - f[n - 1] * (v[n - 1] - v[n - 2]) / (f[n - 1] - f[n - 2]);
  if (f[n - 1] < f[n - 2] && last_zero > v[n - 1]) s.push_back(last_zero);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

// [lo, hi] split at the candidates strictly inside it.
std::vector<double> panels(double lo, double hi, const std::vector<double> &candidates) {
  std::vector<double> x{lo, hi};
  for (double c : candidates)
    if (c > lo && c < hi) x.push_back(c);
  std::sort(x.begin(), x.end());
  x.erase(std::unique(x.begin(), x.end()), x.end());
  return x;
}

} // namespace

LocalFrictionContact::LocalFrictionContact(std::shared_ptr<const FrictionLaw> law, PressureProfile pressure,
                                           double radius, double load, LocalFrictionOptions options)
    : law_(std::move(law)), pressure_(std::move(pressure)), radius_(radius), load_(load), options_(options) {
  if (!law_) throw InputError("disk: local friction needs a friction law (got none)");
  if (law_->stateSize() > 0)
    throw InputError("disk: friction law " + law_->name() + " has " + std::to_string(law_->stateSize()) +
                     " state variable(s); the disk contact takes laws mu(N, v) without state (each point "
                     "of the flat would carry its own state along its path)");
  if (!(radius > 0.0 && std::isfinite(radius)))
    throw InputError("disk: radius = " + num(radius) + " is outside the allowed range (0, inf)");
  if (!(load > 0.0 && std::isfinite(load)))
    throw InputError("disk: load m g = " + num(load) + " is outside the allowed range (0, inf)");
  if (!(options.rel_tol >= 1e-15 && options.rel_tol <= 1e-3))
    throw InputError("disk: local friction rel_tol = " + num(options.rel_tol) +
                     " is outside the allowed range [1e-15, 1e-3]");
  constant_pressure_ = pressure_.kind() == PressureProfile::Kind::uniform ||
                       pressure_.kind() == PressureProfile::Kind::annulus;
  support_area_ = pi * (pressure_.rhoMax() - pressure_.rhoMin()) * (pressure_.rhoMax() + pressure_.rhoMin());
  speed_breaks_ = lawSpeedBreakpoints(*law_);
}

double LocalFrictionContact::localNormalForce(double rho) const {
  if (constant_pressure_) return pressure_(rho) > 0.0 ? load_ : 0.0;
  return pressure_(rho) * support_area_ * load_; // P(r) A_c with P = N_tot p/R^2, A_c = R^2 support_area_
}

double LocalFrictionContact::weightedPressure(double rho, double speed) const {
  const double p = pressure_(rho);
  if (!(p > 0.0)) return 0.0;
  if (constant_pressure_) return law_->evaluate(load_, speed).mu * p;
  // mu p = (mu N_loc)/(A_c N_tot): the law's strength mu N_loc stays finite where mu itself overflows
  // (VelNormalFrcDep as N_loc -> 0 at the edge of a Hertz contact).
  const double scale = support_area_ * load_;
  return law_->evaluate(p * scale, speed).strength / scale;
}

ForceTorque LocalFrictionContact::pureSliding(double v) const {
  // Every point slips with v in the same direction: F = int mu(N_loc, v) p dA, no torque.
  if (constant_pressure_) return {law_->evaluate(load_, v).mu, 0.0}; // int p dA = 1 exactly
  auto f = [&](double rho) { return 2.0 * pi * rho * weightedPressure(rho, v); };
  const std::vector<double> x = panels(pressure_.rhoMin(), pressure_.rhoMax(), pressure_.breakpoints());
  double F = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    F += integrator().integrate(f, x[i], x[i + 1], options_.rel_tol);
  return {F, 0.0};
}

ForceTorque LocalFrictionContact::pureSpinning(double omega) const {
  // The point at r slips with omega r, tangentially: no net force, T = int mu(N_loc, omega R rho) p rho dA.
  const double w = omega * radius_;
  auto f = [&](double rho) { return 2.0 * pi * rho * rho * weightedPressure(rho, w * rho); };
  std::vector<double> cuts = pressure_.breakpoints();
  for (double s : speed_breaks_)
    cuts.push_back(s / w); // the ring slipping at a kink speed of the law
  const std::vector<double> x = panels(pressure_.rhoMin(), pressure_.rhoMax(), cuts);
  double T = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    T += integrator().integrate(f, x[i], x[i + 1], options_.rel_tol);
  return {0.0, T};
}

ForceTorque LocalFrictionContact::forceTorque(double v, double omega) const {
  if (!(v >= 0.0 && std::isfinite(v)))
    throw InputError("disk: velocity v = " + num(v) + " is outside the allowed range [0, inf)");
  if (!(omega >= 0.0 && std::isfinite(omega)))
    throw InputError("disk: angular velocity omega = " + num(omega) +
                     " is outside the allowed range [0, inf)");
  if (v == 0.0 && omega == 0.0)
    throw InputError("disk: v and omega are both 0: a disk at rest has no slip direction");
  const double eps = omega > 0.0 ? v / (radius_ * omega) : inf;
  if (std::isinf(eps)) return pureSliding(v);
  return forceTorqueAtEps(eps, omega);
}

ForceTorque LocalFrictionContact::forceTorqueAtEps(double eps, double omega) const {
  if (!(eps >= 0.0 && std::isfinite(eps)))
    throw InputError("disk: eps = " + num(eps) + " is outside the allowed range [0, inf)");
  if (!(omega > 0.0 && std::isfinite(omega)))
    throw InputError("disk: angular velocity omega = " + num(omega) +
                     " is outside the allowed range (0, inf)");
  if (eps == 0.0) return pureSpinning(omega);
  const double w = omega * radius_; // rim speed: the slip speed at distance d (in R) from C is w d

  // Ring rho, angle psi from the direction of the centre of rotation C = (0, eps): the slip speed is
  // w d, d^2 = (rho - eps)^2 + 4 rho eps sin^2(psi/2), slowest at psi = 0, d_min = |rho - eps|. Split
  //   mu(w d) p = mu(w d_min) p + [mu(w d) - mu(w d_min)] p.
  // The first term is Coulomb friction on the ring: its averages are the closed forms A, B
  // (ringAverage). The second vanishes at psi = 0, where the slip direction turns fastest (through
  // 180 degrees within |rho - eps|/eps of psi = 0 near C), so its angular integrand is tame there,
  // and it varies like d - d_min ~ rho (1 - cos psi) when C lies far outside the ring (eps >> 1),
  // so the torque average, a small difference of terms of size rho, keeps its digits.
  const double inner_tol = std::max(0.1 * options_.rel_tol, 1e-15);
  std::vector<double> kink_d; // distances from C at which the law has a kink
  for (double s : speed_breaks_)
    kink_d.push_back(s / w);
  // The two integrals ride in one complex number whose modulus sets tanh-sinh's tolerance; F ~ eps T
  // at small eps and T ~ F/(4 eps) at large eps, so each is first divided by its Coulomb value for
  // uniform pressure, and both then get the requested relative accuracy.
  const ForceTorque scale = uniformForceTorque(eps);
  auto balanced = [&](double a, double b) { return Pair(a / scale.F, b / scale.T); };
  auto ring = [&](double rho) -> Pair {
    const double d_min = std::abs(rho - eps);
    const double p_ref = weightedPressure(rho, std::max(w * d_min, slow_speed));
    const RingAverage c = ringAverage(rho, eps);
    Pair sum = p_ref * balanced(c.A, c.B);
    auto f = [&](double psi) -> Pair {
      const double s = std::sin(0.5 * psi);
      const double d = std::sqrt(d_min * d_min + 4.0 * rho * eps * s * s);
      const double dp = weightedPressure(rho, w * d) - p_ref;
      if (dp == 0.0 || d == 0.0) return 0.0;
      const double cos_psi = std::cos(psi);
      return dp / d * balanced(eps - rho * cos_psi, rho * (rho - eps * cos_psi));
    };
    // A kink circle |u| = s_k (d = d_k) crosses the ring at sin^2(psi/2) = (d_k^2 - d_min^2)/(4 rho eps).
    std::vector<double> cuts;
    for (double dk : kink_d)
      if (dk > d_min && dk < rho + eps)
        cuts.push_back(2.0 *
                       std::asin(std::min(1.0, std::sqrt((dk - d_min) * (dk + d_min) / (4.0 * rho * eps)))));
    // The stopping test of tanh-sinh is relative to the L1 norm of what it integrates. The variation
    // along a ring can be far smaller than the ring's Coulomb part (near rho = 0, or at small speeds)
    // and then consists mostly of rounding in mu(w d) - mu(w d_min): a relative test would refine
    // to the last level chasing that noise. Integrating f + K, K the ring's scale, turns the test into
    // |change| <= tol (L1(f) + K pi), i.e. accuracy relative to the ring's whole contribution.
    const double K = std::abs(sum) + std::abs(f(pi));
    if (K == 0.0) return 2.0 * pi * rho * sum;
    auto shifted = [&](double psi) { return f(psi) + K; };
    const std::vector<double> psi = panels(0.0, pi, cuts);
    for (std::size_t i = 0; i + 1 < psi.size(); ++i)
      sum +=
          (integrator().integrate(shifted, psi[i], psi[i + 1], inner_tol) - K * (psi[i + 1] - psi[i])) / pi;
    return 2.0 * pi * rho * sum;
  };
  // Radial panels: the support, the kinks of p, rho = eps (the (rho - eps) ln|rho - eps| kink of the
  // ring averages and the |rho - eps| of d_min), and the rings tangent to a kink circle.
  std::vector<double> cuts = pressure_.breakpoints();
  cuts.push_back(eps);
  for (double dk : kink_d) {
    cuts.push_back(eps + dk);
    cuts.push_back(std::abs(eps - dk));
  }
  const std::vector<double> x = panels(pressure_.rhoMin(), pressure_.rhoMax(), cuts);
  Pair total = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    total += integrator().integrate(ring, x[i], x[i + 1], options_.rel_tol);
  return {total.real() * scale.F, total.imag() * scale.T};
}

ForceTorque LocalFrictionContact::slowLimit(double eps) const {
  if (!(eps >= 0.0)) throw InputError("disk: eps = " + num(eps) + " is outside the allowed range [0, inf]");
  auto p0 = [&](double rho) { return weightedPressure(rho, slow_speed); };
  const std::vector<double> x = panels(pressure_.rhoMin(), pressure_.rhoMax(), pressure_.breakpoints());
  if (constant_pressure_) {
    // mu(N_tot, 0+) times the Coulomb disk of the same pressure.
    const double mu0 = law_->evaluate(load_, slow_speed).mu;
    if (std::isinf(eps)) return {mu0, 0.0};
    const ForceTorque c = makeFrictionCurve(pressure_, {ContactQuadrature::ring, options_.rel_tol})(eps);
    return {mu0 * c.F, mu0 * c.T};
  }
  if (std::isinf(eps) || eps == 0.0) {
    const int power = eps == 0.0 ? 2 : 1; // pure spinning: lever arm rho; pure sliding: F only
    auto f = [&](double rho) { return 2.0 * pi * std::pow(rho, power) * p0(rho); };
    double sum = 0.0;
    for (std::size_t i = 0; i + 1 < x.size(); ++i)
      sum += integrator().integrate(f, x[i], x[i + 1], options_.rel_tol);
    return eps == 0.0 ? ForceTorque{0.0, sum} : ForceTorque{sum, 0.0};
  }
  const ForceTorque scale = uniformForceTorque(eps); // balances F and T, as in forceTorqueAtEps
  auto ring = [&](double rho) -> Pair {
    const RingAverage c = ringAverage(rho, eps);
    return 2.0 * pi * rho * p0(rho) * Pair(c.A / scale.F, c.B / scale.T);
  };
  std::vector<double> cuts = pressure_.breakpoints();
  cuts.push_back(eps);
  const std::vector<double> xr = panels(pressure_.rhoMin(), pressure_.rhoMax(), cuts);
  Pair total = 0.0;
  for (std::size_t i = 0; i + 1 < xr.size(); ++i)
    total += integrator().integrate(ring, xr[i], xr[i + 1], options_.rel_tol);
  return {total.real() * scale.F, total.imag() * scale.T};
}

FixedPoint frozenFixedPoint(const LocalFrictionContact &contact, double omega, double inertia_factor) {
  if (!(omega > 0.0 && std::isfinite(omega)))
    throw InputError("disk: angular velocity omega = " + num(omega) +
                     " is outside the allowed range (0, inf)");
  return findFixedPoint([&](double eps) { return contact.forceTorqueAtEps(eps, omega); }, inertia_factor,
                        1e-10, 1e-3, 1e3);
}

} // namespace tribo
