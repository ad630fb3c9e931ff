// Rate-and-state friction (Dieterich-Ruina) with the aging law, regularised at v = 0.
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// One state variable theta [s], the mean age of the contacts, carried by the caller:
///   dtheta/dt = 1 - |v| theta / D_c                                   (aging law, Ruina 1983)
///   mu(v, theta) = a asinh( |v| / (2 V0) exp(Psi / a) ),  Psi = mu0 + b ln(V0 theta / D_c)
/// The asinh form (Rice & Ben-Zion 1996; Lapusta et al. 2000) equals the classical
///   mu = mu0 + a ln(|v|/V0) + b ln(V0 theta / D_c)
/// up to a relative 1/(4x^2), x = |v|/(2V0) exp(Psi/a), i.e. to round-off at any ordinary slip speed,
/// and stays finite as v -> 0, where mu -> 0 linearly: the signed force -sgn(v) mu N is smooth through
/// v = 0, so no stick logic is needed (a resting body creeps at the tiny speed its load implies).
/// Steady state: theta_ss = D_c/|v|, mu_ss = mu0 + (a - b) ln(|v|/V0). Independent of N.
class RateAndState : public FrictionLaw {
public:
  /// a in (0, inf), b in [0, inf), mu0 in (0, inf) [-]; D_c in (0, inf) [m]; V0 in (0, inf) [m/s].
  RateAndState(double a, double b, double D_c, double mu0, double V0);
  std::string name() const override { return "RateAndState"; }

  double a() const { return a_; }
  double b() const { return b_; }
  double D_c() const { return D_c_; }
  double mu0() const { return mu0_; }
  double V0() const { return V0_; }

  /// mu(v, theta) [-], theta > 0 [s].
  double mu(double v, double theta) const;
  /// d mu/d|v| [s/m] and d mu/dtheta [1/s] at (v, theta).
  double dmuDspeed(double v, double theta) const;
  double dmuDtheta(double v, double theta) const;
  /// dtheta/dt = 1 - |v| theta / D_c [-].
  double stateDerivative(double v, double theta) const;
  /// theta_ss = D_c/|v| [s]; InputError for v = 0, where theta grows without bound.
  double steadyStateTheta(double v) const;

  std::size_t stateSize() const override { return 1; }
  void stateRate(double v, const double *state, double *rate) const override;
  void steadyState(double v, double *state) const override;

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  /// ln x with x = |v|/(2 V0) exp(Psi/a), the asinh argument, kept in logarithms against overflow.
  double logArgument(double speed, double theta) const;
  double a_, b_, D_c_, mu0_, V0_;
};

} // namespace tribo
