// One smooth bump on a flat pin (pin.shape: table; docs/model.md §8.3): a bump given as a table,
// pressed frictionless into the slab, against the pressure of the same profile on an elastic
// half-plane computed independently here (a Chebyshev series, not the slab); Hertz's pressure for the
// bump's tip radius is farther off, so the comparison can fail.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/contact/tabulated_pin.hpp"
#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <memory>
#include <petscsys.h>
#include <string>
#include <vector>

using namespace tribo;

namespace {

/// A frictionless plane contact on a half-plane of modulus E* under a symmetric profile of slope h'
/// (docs/model.md §8.3): with x = a cos(theta), (E*/2) h'(x) = sum_n c_n T_n(x/a) gives
/// p(x) = sum_n c_n sin(n theta) (bounded at both edges) and P = (pi a / 2) c_1.
struct HalfPlaneContact {
  std::function<double(double)> slope;
  double modulus; // E* [Pa]
  static constexpr int terms = 64, samples = 1024;

  std::vector<double> coefficients(double a) const {
    std::vector<double> c(terms, 0.0);
    for (int m = 0; m < samples; ++m) { // midpoint rule in theta: exact for the series' terms
      const double theta = (m + 0.5) * M_PI / samples, f = 0.5 * modulus * slope(a * std::cos(theta));
      for (int n = 1; n < terms; n += 2)
        c[n] += 2.0 / samples * f * std::cos(n * theta);
    }
    return c;
  }
  double load(double a) const { return 0.5 * M_PI * a * coefficients(a)[1]; }
  /// The half-width carrying P per unit depth, by bisection on [lo, hi] (P(a) increasing there).
  double halfWidth(double P, double lo, double hi) const {
    for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; ++it)
      (load(0.5 * (lo + hi)) < P ? lo : hi) = 0.5 * (lo + hi);
    return 0.5 * (lo + hi);
  }
  double pressure(double a, const std::vector<double> &c, double x) const {
    if (std::abs(x) >= a) return 0.0;
    const double theta = std::acos(x / a);
    double p = 0;
    for (int n = 1; n < terms; n += 2)
      p += c[n] * std::sin(n * theta);
    return p;
  }
};

/// The bump h(x) = A (1 - exp(-psi)), psi = x^2 / (2 s^2) + gamma x^4 / s^4 (docs/model.md §8.3): tip
/// radius s^2 / A, blunter than its osculating circle (gamma > 1/8), flat (h = A) beyond about 1.5 s.
struct Bump {
  double A, s, gamma;
  double psi(double x) const { return x * x / (2 * s * s) + gamma * std::pow(x / s, 4); }
  double height(double x) const { return -A * std::expm1(-psi(x)); }
  double slope(double x) const {
    return A * std::exp(-psi(x)) * (x / (s * s) + 4 * gamma * std::pow(x, 3) / std::pow(s, 4));
  }
  /// Tabulated over [-L_x, L_x] at spacing L_x / 4000.
  std::shared_ptr<const TabulatedPin> table(double Lx) const {
    std::vector<double> x, h;
    const int n = 8001;
    for (int j = 0; j < n; ++j) {
      x.push_back(-Lx + 2 * Lx * j / (n - 1));
      h.push_back(height(x.back()));
    }
    return std::make_shared<const TabulatedPin>(std::move(x), std::move(h), "bump");
  }
};

struct BumpResult {
  double rms_bump, rms_hertz, x_lo, x_hi, dx, a_bump, a_hertz, total, P;
};

/// The bump at slab.levels = `levels`, frictionless, loaded so that Hertz's half-width of its tip is
/// 0.05 L_x; the pressure's RMS error over |x| <= 0.8 a against the half-plane and against Hertz.
BumpResult pressBump(int levels, double slab_size, SolverPath path) {
  PinOnSlabSetup s;
  s.solver_path = path;
  s.slab.levels = levels;
  s.slab.length_x = slab_size * 1e-3;
  s.contact.frictionless = true;
  const double Lx = s.slab.length_x, Es = s.slab.elastic.planeStrainModulus();
  const double a_h = 5e-5, R = 0.2; // Hertz's half-width and the tip radius R = s^2 / A
  const double P = M_PI * a_h * a_h * Es / (4 * R);
  s.load = P * s.slab.depth_y;
  // A = 16 P / (pi E*) (4 x the smooth circle's indentation): the flat stays clear of the slab.
  const Bump bump{1e-7, std::sqrt(1e-7 * R), 2.0};
  s.shape = bump.table(Lx);
  PinOnSlab model(PETSC_COMM_WORLD, s);
  // The exact profile's slope, not the table's.
  const HalfPlaneContact theory{[&](double x) { return bump.slope(x); }, Es};
  BumpResult r{};
  r.P = P;
  r.a_hertz = model.hertzHalfWidth();
  r.a_bump = theory.halfWidth(P, 0.5 * a_h, 1.2 * a_h);
  const std::vector<double> c = theory.coefficients(r.a_bump);
  model.establishNormalContact();
  auto &contact = model.contact();
  const auto &x = model.surface().surfaceX();
  const auto &w = model.surface().surfaceWidth();
  const double xc = s.center_over_Lx * Lx, p0 = 2 * P / (M_PI * r.a_bump);
  r.dx = x[1] - x[0];
  r.x_lo = 1e9, r.x_hi = -1e9;
  double e_bump = 0, e_hertz = 0;
  int n = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (!contact.inContact()[k]) continue;
    const double xi = x[k] - xc, p = contact.state().fz[k] / w[k];
    r.x_lo = std::min(r.x_lo, xi), r.x_hi = std::max(r.x_hi, xi);
    r.total += contact.state().fz[k];
    if (std::abs(xi) > 0.8 * r.a_bump) continue;
    const double hertz = 2 * P / (M_PI * a_h) * std::sqrt(std::max(0.0, 1 - xi * xi / (a_h * a_h)));
    e_bump += std::pow((p - theory.pressure(r.a_bump, c, xi)) / p0, 2);
    e_hertz += std::pow((p - hertz) / p0, 2);
    ++n;
  }
  r.rms_bump = std::sqrt(e_bump / n);
  r.rms_hertz = std::sqrt(e_hertz / n);
  return r;
}

} // namespace

TEST(PinBump, TheHalfPlaneSeriesReproducesHertzForAParabola) {
  // The series itself: h = x^2 / 2R gives Hertz's a and p exactly (the check of the independent side).
  const double Es = 1.5e10 / (1 - 0.25), R = 0.2, a = 5e-5;
  const HalfPlaneContact hertz{[&](double x) { return x / R; }, Es};
  const double P = M_PI * a * a * Es / (4 * R);
  EXPECT_NEAR(hertz.halfWidth(P, 0.5 * a, 2 * a), a, 1e-12 * a);
  const auto c = hertz.coefficients(a);
  for (double r : {0.0, 0.3, 0.7, 0.95})
    EXPECT_NEAR(hertz.pressure(a, c, r * a), 2 * P / (M_PI * a) * std::sqrt(1 - r * r), 1e-9 * P / a);
}

TEST(PinBump, ABumpOnAFlatPinPressesAsTheHalfPlanePredicts) {
  // n_x = 129 and 513 on the 1 mm slab, and n_x = 1025 on a 2 mm slab (the spacing of 513).
  const BumpResult coarse = pressBump(7, 1, SolverPath::condensed);
  const BumpResult fine = pressBump(9, 1, SolverPath::condensed);
  const BumpResult wide = pressBump(10, 2, SolverPath::condensed);
  for (const BumpResult *r : {&coarse, &fine, &wide}) {
    int rank = 0;
    TRIBO_MPI_CALL(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
    if (rank == 0)
      std::cout << "dx " << r->dx << ": a " << r->a_bump << " (Hertz " << r->a_hertz << "), contact ["
                << r->x_lo << ", " << r->x_hi << "], RMS error " << r->rms_bump << " (against Hertz "
                << r->rms_hertz << ")\n";
    RecordProperty("bump_rms_error_dx=" + std::to_string(r->dx), std::to_string(r->rms_bump));
    // Equilibrium; the contact's edges within 1.5 dx of the half-plane's a (17% below Hertz's).
    EXPECT_NEAR(r->total, r->P, 1e-8 * r->P);
    EXPECT_NEAR(r->x_hi, r->a_bump, 1.5 * r->dx);
    EXPECT_NEAR(-r->x_lo, r->a_bump, 1.5 * r->dx);
    // Hertz for the tip radius is off by more than ten times the error.
    EXPECT_GT(r->rms_hertz, 5 * r->rms_bump);
  }
  EXPECT_GT(fine.a_hertz - fine.a_bump, 4 * fine.dx) << "the bump's edge would not be told from Hertz's";
  // The error falls with resolution (1.6% at a / dx = 5, 0.7% at 21: the edge's discretisation) to a
  // floor of the finite slab (depth 24 a), which the wider, deeper slab lowers.
  EXPECT_LT(fine.rms_bump, 0.01) << "RMS pressure error relative to 2P/(pi a) over |x| <= 0.8 a";
  EXPECT_GT(coarse.rms_bump, 1.5 * fine.rms_bump);
  EXPECT_LT(wide.rms_bump, fine.rms_bump);
}
