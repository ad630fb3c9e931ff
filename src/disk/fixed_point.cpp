// The attracting fixed point eps0 of Eq. 6, found by a log-grid scan and TOMS 748 bracketing.
#include "tribo/disk/fixed_point.hpp"

#include "tribo/core/error.hpp"

#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace tribo {

double fixedPointRhs(const ForceTorque &ft, double eps, double inertia_factor) {
  // Eq. 6 (generalised to I = kappa m R^2): d eps/dx = eps - kappa F/T.
  return eps - inertia_factor * ft.F / ft.T;
}

FixedPoint findFixedPoint(const FrictionCurve &curve, double inertia_factor, double tol, double scan_min,
                          double scan_max) {
  if (!(inertia_factor > 0.0))
    throw InputError("disk: inertia_factor = " + std::to_string(inertia_factor) + " must be positive");
  if (!(scan_min > 0.0 && scan_max > scan_min))
    throw InputError("disk: fixed-point scan range must satisfy 0 < scan_min < scan_max");
  auto f = [&](double eps) { return fixedPointRhs(curve(eps), eps, inertia_factor); };

  const int per_decade = 8;
  const int n = static_cast<int>(std::ceil(per_decade * std::log10(scan_max / scan_min)));
  std::vector<double> x(n + 1), fx(n + 1);
  for (int i = 0; i <= n; ++i) {
    x[i] = scan_min * std::pow(scan_max / scan_min, static_cast<double>(i) / n);
    fx[i] = f(x[i]);
  }
  // A sign is trusted only where |f| exceeds the rounding of eps - kappa F/T (~1e-13 eps with the
  // quadrature's 1e-13): near eps = 0 a profile can have f = O(eps^3) (Hertz), below that noise.
  auto positive = [&](int i) { return fx[i] > 1e-11 * x[i]; };
  FixedPoint fp;
  for (int i = 0; i < n; ++i) {
    if (positive(i) && fx[i + 1] <= 0.0) {
      std::uintmax_t max_iter = 200;
      auto stop = [tol](double a, double b) {
        return std::abs(b - a) <= tol * std::min(std::abs(a), std::abs(b));
      };
      const auto [lo, hi] =
          boost::math::tools::toms748_solve(f, x[i], x[i + 1], fx[i], fx[i + 1], stop, max_iter);
      if (max_iter >= 200)
        throw SolverError("disk: the fixed-point search of Eq. 6 did not converge in 200 iterations");
      fp.eps0 = 0.5 * (lo + hi);
      fp.bracket = hi - lo;
      fp.residual = f(fp.eps0);
      fp.interior = true;
      // Central difference: truncation h^2 f'''/6 and rounding ~1e-16/h both ~1e-8 at h = 1e-4 eps0.
      const double h = 1e-4 * fp.eps0;
      fp.slope = (f(fp.eps0 + h) - f(fp.eps0 - h)) / (2.0 * h);
      return fp;
    }
  }
  if (!positive(0) && !positive(n)) {
    fp.eps0 = 0.0;
    fp.slope = fx[0] / x[0];
  } else {
    fp.eps0 = std::numeric_limits<double>::infinity();
    fp.slope = fx[n] / x[n];
  }
  return fp;
}

} // namespace tribo
