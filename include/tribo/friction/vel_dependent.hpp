// Velocity-dependent friction of PTFE sliders (Constantinou et al. 1990; OpenSees VelDependent).
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// mu(v) = muFast - (muFast - muSlow) exp(-transRate |v|), independent of N.
/// OpenSees: `frictionModel VelDependent $tag $muSlow $muFast $transRate`
/// (SRC/element/frictionBearing/frictionModel/VelDependent.cpp).
class VelDependent : public FrictionLaw {
public:
  /// muSlow, muFast in (0, inf) [-]; transRate in [0, inf) [s/m].
  VelDependent(double muSlow, double muFast, double transRate);
  std::string name() const override { return "VelDependent"; }
  double muSlow() const { return muSlow_; }
  double muFast() const { return muFast_; }
  double transRate() const { return transRate_; }

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  double muSlow_, muFast_, transRate_;
};

} // namespace tribo
