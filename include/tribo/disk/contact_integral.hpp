// F(eps) and T(eps) for any axisymmetric pressure by numerical integration over the contact (Eq. 1).
#pragma once

#include "tribo/disk/friction_functions.hpp"
#include "tribo/disk/pressure_profile.hpp"

#include <functional>

namespace tribo {

/// How the contact integral of Eq. 1 (and of the torque) is evaluated.
enum class ContactQuadrature {
  /// Angle integrated in closed form for each ring (complete elliptic integrals, Landen-transformed
  /// so nothing cancels), radius by tanh-sinh quadrature split at rho = eps. Fast (~50 us).
  ring,
  /// Both angle and radius by nested tanh-sinh quadrature of the unit slip direction; no
  /// special functions at all, so an independent check of the closed forms. Slow (~ms).
  direct
};

struct ContactQuadratureOptions {
  ContactQuadrature method = ContactQuadrature::ring;
  double rel_tol = 1e-13; // requested relative accuracy of each of F and T
};

/// Averages over one ring rho of the unit-disk integrands of Eq. 1 and the torque, for Coulomb's
/// unit slip direction: A = <(eps - y)/d>, B = <(rho^2 - eps y)/d>, d = distance to the centre of
/// rotation (0, eps). Closed forms in complete elliptic integrals, accurate to a few ulps
/// (docs/disk.md 1.1); rho >= 0, eps >= 0 finite.
struct RingAverage {
  double A, B;
};
RingAverage ringAverage(double rho, double eps);

/// F(eps), T(eps) for the pressure profile p (eps in [0, inf]; T is normalised with the outer radius).
ForceTorque contactForceTorque(const PressureProfile &p, double eps,
                               const ContactQuadratureOptions &options = {});

/// A friction curve eps -> (F, T), as the equations of motion and the fixed-point search use it.
using FrictionCurve = std::function<ForceTorque(double eps)>;

/// The closed forms for uniform pressure (when `closed_form_if_uniform`), else the contact quadrature.
FrictionCurve makeFrictionCurve(const PressureProfile &p, const ContactQuadratureOptions &options = {},
                                bool closed_form_if_uniform = true);

} // namespace tribo
