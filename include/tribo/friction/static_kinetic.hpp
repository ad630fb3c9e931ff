// The static/kinetic Coulomb pair of the closed-form stick-slip model (pin paper, Eqs. 16-17).
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// Two coefficients: mu_s bounds the tangential force while the body sticks (v = 0), mu_k acts while
/// it slides (v != 0). The law itself only reports mu(v = 0) = mu_s and mu(v != 0) = mu_k; deciding
/// when a body sticks, breaks away (|F_applied| > mu_s N) and re-sticks (v crosses 0 with
/// |F_applied| <= mu_s N) is the integrator's stick logic, which reads muStatic() and muKinetic().
class StaticKinetic : public FrictionLaw {
public:
  /// mu_k in (0, inf), mu_s in [mu_k, inf).
  StaticKinetic(double mu_s, double mu_k);
  std::string name() const override { return "StaticKinetic"; }
  double muStatic() const { return mu_s_; }
  double muKinetic() const { return mu_k_; }

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  double mu_s_, mu_k_;
};

} // namespace tribo
