// Friction force and torque of the sliding, spinning disk under a local law mu(N, |u|) (beyond the paper).
#pragma once

#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/fixed_point.hpp"
#include "tribo/friction/friction_law.hpp"

#include <memory>
#include <vector>

namespace tribo {

struct LocalFrictionOptions {
  /// Requested relative accuracy of the radial tanh-sinh integrals; the angular ones use a tenth of it.
  /// Double-exponential convergence makes the delivered error far smaller (docs/disk.md section 7.3).
  double rel_tol = 1e-8;
};

/// A disk of radius R [m] pressed onto the flat by the load N_tot = m g [N], distributed by the
/// axisymmetric pressure P(r) = N_tot p(r/R)/R^2 (p normalised on the unit disk), sliding with speed v
/// and spinning with omega. At every point the local law acts on the local slip velocity
/// u = v + omega x r: the traction is -mu(N_loc, |u|) P u/|u|. A pressure-dependent law needs a normal
/// force at a point; it is given N_loc = P(r) A_c, the load the whole contact would carry at the local
/// pressure (A_c = pi R^2 (rho_max^2 - rho_min^2), the area of the pressure's support). For uniform and
/// annulus pressures N_loc = N_tot exactly, so the law sees the disk's load. Laws with state
/// (rate-and-state) are refused: each point of the flat would carry its own state along its path.
///
/// Force = -N_tot F e_v, torque = -N_tot R T e_omega, with the dimensionless (F, T) of this class
/// containing the coefficient: a constant mu gives (mu F(eps), mu T(eps)) of the Coulomb disk.
class LocalFrictionContact {
public:
  /// radius, load in (0, inf); law without state. Throws InputError naming the parameter.
  LocalFrictionContact(std::shared_ptr<const FrictionLaw> law, PressureProfile pressure, double radius,
                       double load, LocalFrictionOptions options = {});

  /// (F, T) at v >= 0 [m/s] and omega >= 0 [rad/s], not both 0.
  ForceTorque forceTorque(double v, double omega) const;
  /// (F, T) at eps = v/(R omega) in [0, inf) and omega > 0, i.e. v = eps R omega (used where eps is the
  /// state, near the stop).
  ForceTorque forceTorqueAtEps(double eps, double omega) const;
  /// The limit of vanishing speeds at fixed eps in [0, inf]: mu(N_loc, 0+) everywhere, a Coulomb disk
  /// with the pressure p(rho) mu(N_loc(rho), 0+). Its eps0 is where every trajectory ends.
  ForceTorque slowLimit(double eps) const;

  /// The normal force N_loc [N] the law sees at rho = r/R.
  double localNormalForce(double rho) const;
  double radius() const { return radius_; }
  double load() const { return load_; }
  const FrictionLaw &law() const { return *law_; }
  const PressureProfile &pressure() const { return pressure_; }
  /// Slip speeds [m/s] at which mu has a kink (VelDepMultiLinear), where the quadratures are split.
  const std::vector<double> &speedBreakpoints() const { return speed_breaks_; }

private:
  /// mu(N_loc(rho), s) p(rho): the coefficient-weighted normalised pressure at slip speed s.
  double weightedPressure(double rho, double speed) const;
  ForceTorque pureSliding(double v) const;
  ForceTorque pureSpinning(double omega) const;

  std::shared_ptr<const FrictionLaw> law_;
  PressureProfile pressure_;
  double radius_, load_;
  LocalFrictionOptions options_;
  bool constant_pressure_; // uniform or annulus: N_loc = load everywhere
  double support_area_;    // A_c / R^2
  std::vector<double> speed_breaks_;
};

/// The fixed point of Eq. 6 with the spin frozen at omega > 0: the root of eps - kappa F/T with F, T
/// at (eps R omega, omega), searched on [1e-3, 1e3] to 1e-10 relative. Along a trajectory omega falls and
/// eps chases this moving target; it tends to the slow limit's eps0 as omega -> 0 (docs/disk.md 7.4).
FixedPoint frozenFixedPoint(const LocalFrictionContact &contact, double omega, double inertia_factor = 0.5);

} // namespace tribo
