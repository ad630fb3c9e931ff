// Velocity- and pressure-dependent friction of PTFE sliders (Constantinou et al.; OpenSees VelPressureDep).
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// With the nominal contact pressure p = N/A:
///   muFast(p) = muFast0 - deltaMu tanh(alpha p)
///   mu(N, v)  = muFast - (muFast - muSlow) exp(-transRate |v|)
/// OpenSees: `frictionModel VelPressureDep $tag $muSlow $muFast0 $A $deltaMu $alpha $transRate`
/// (SRC/element/frictionBearing/frictionModel/VelPressureDep.cpp).
class VelPressureDep : public FrictionLaw {
public:
  /// muSlow, muFast0 in (0, inf) [-]; A in (0, inf) [m^2]; deltaMu in (-inf, muFast0] [-] (so that
  /// muFast >= 0 at every pressure); alpha in [0, inf) [1/Pa]; transRate in [0, inf) [s/m].
  VelPressureDep(double muSlow, double muFast0, double A, double deltaMu, double alpha, double transRate);
  std::string name() const override { return "VelPressureDep"; }

  double muSlow() const { return muSlow_; }
  double muFast0() const { return muFast0_; }
  double A() const { return A_; }
  double deltaMu() const { return deltaMu_; }
  double alpha() const { return alpha_; }
  double transRate() const { return transRate_; }
  /// muFast at normal force N > 0.
  double muFast(double N) const;

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  double muSlow_, muFast0_, A_, deltaMu_, alpha_, transRate_;
};

} // namespace tribo
