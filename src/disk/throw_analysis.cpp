// Recovering F(eps), T(eps) from a throw's frames and decelerations (the paper's experiment, Fig. 5).
#include "tribo/disk/throw_analysis.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <string>

namespace tribo {

RecoveredFriction recoverFriction(const ThrowMeasurement &m, const DiskBody &body, double mu) {
  if (!(mu > 0.0))
    throw InputError("disk analysis: mu = " + std::to_string(mu) + " for throw " + std::to_string(m.n) +
                     " is outside the allowed range (0, inf)");
  if (!(m.omega > 0.0) || !(m.v >= 0.0))
    throw InputError("disk analysis: throw " + std::to_string(m.n) + " needs v >= 0 and omega > 0");
  RecoveredFriction r;
  r.mu = mu;
  r.eps = m.v / (body.radius * m.omega);
  r.F = -m.dv_dt / (mu * body.g);                                         // Eq. 2
  r.T = -body.inertia_factor * body.radius * m.domega_dt / (mu * body.g); // Eq. 3, I = kappa m R^2
  return r;
}

QuadraticFit fitQuadratic(const std::vector<double> &t, const std::vector<double> &y, double tc) {
  if (t.size() != y.size() || t.size() < 3)
    throw InputError("disk analysis: a quadratic fit needs >= 3 samples of equal length (got " +
                     std::to_string(t.size()) + ")");
  // Normal equations of the 3x3 least-squares problem in s = t - tc, scaled by the window half-width
  // so the matrix stays well conditioned; solved by Cramer's rule (3x3, positive definite).
  double h = 0.0;
  for (double ti : t)
    h = std::max(h, std::abs(ti - tc));
  if (!(h > 0.0)) throw InputError("disk analysis: the fit samples all lie at the centre time");
  double S[5] = {0, 0, 0, 0, 0}, b[3] = {0, 0, 0};
  for (std::size_t i = 0; i < t.size(); ++i) {
    const double s = (t[i] - tc) / h;
    double p = 1.0;
    for (int k = 0; k < 5; ++k, p *= s)
      S[k] += p;
    b[0] += y[i];
    b[1] += y[i] * s;
    b[2] += y[i] * s * s;
  }
  const double A[3][3] = {{S[0], S[1], S[2]}, {S[1], S[2], S[3]}, {S[2], S[3], S[4]}};
  auto det = [](const double M[3][3]) {
    return M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
           M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
           M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
  };
  const double D = det(A);
  if (!(std::abs(D) > 0.0))
    throw InputError("disk analysis: the fit samples do not determine a quadratic (need 3 distinct times)");
  double c[3];
  for (int j = 0; j < 3; ++j) {
    double M[3][3];
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k)
        M[r][k] = k == j ? b[r] : A[r][k];
    c[j] = det(M) / D;
  }
  return {c[0], c[1] / h, 2.0 * c[2] / (h * h)};
}

ThrowMeasurement measureThrow(int n, const std::vector<double> &frame_t, const std::vector<double> &distance,
                              const std::vector<double> &angle) {
  if (frame_t.size() < 3)
    throw InputError("disk analysis: throw " + std::to_string(n) + " has " + std::to_string(frame_t.size()) +
                     " frames; a quadratic fit needs >= 3");
  const double tc = frame_t[frame_t.size() / 2];
  const QuadraticFit s = fitQuadratic(frame_t, distance, tc), a = fitQuadratic(frame_t, angle, tc);
  return {n, s.rate, a.rate, s.acceleration, a.acceleration};
}

} // namespace tribo
