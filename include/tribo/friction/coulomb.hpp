// Coulomb friction: a constant coefficient (OpenSees frictionModel Coulomb).
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// mu(N, v) = mu for N > 0. OpenSees: `frictionModel Coulomb $tag $mu`
/// (SRC/element/frictionBearing/frictionModel/Coulomb.cpp).
class Coulomb : public FrictionLaw {
public:
  /// mu in (0, inf).
  explicit Coulomb(double mu);
  std::string name() const override { return "Coulomb"; }
  double mu() const { return mu_; }

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  double mu_;
};

} // namespace tribo
