// Piecewise-linear velocity-dependent friction (OpenSees VelDepMultiLinear).
#pragma once

#include "tribo/friction/friction_law.hpp"

#include <vector>

namespace tribo {

/// mu(|v|) linear between the points (velocityPoints[k], frictionPoints[k]); below the first and above
/// the last point the first and last segments are extended (OpenSees's extrapolation rule), with mu
/// floored at 0 where a falling last segment would cross zero. Independent of N.
/// OpenSees: `frictionModel VelDepMultiLinear $tag -vel $velocityPoints -frn $frictionPoints`
/// (SRC/element/frictionBearing/frictionModel/VelDepMultiLinear.cpp).
class VelDepMultiLinear : public FrictionLaw {
public:
  /// At least two points of equal count; velocityPoints in [0, inf) [m/s], strictly increasing;
  /// frictionPoints in [0, inf) [-].
  VelDepMultiLinear(std::vector<double> velocityPoints, std::vector<double> frictionPoints);
  std::string name() const override { return "VelDepMultiLinear"; }
  const std::vector<double> &velocityPoints() const { return velocityPoints_; }
  const std::vector<double> &frictionPoints() const { return frictionPoints_; }

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  std::vector<double> velocityPoints_, frictionPoints_;
};

} // namespace tribo
