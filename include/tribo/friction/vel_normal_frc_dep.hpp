// Velocity- and normal-force-dependent friction (OpenSees VelNormalFrcDep, Dao & Schellenberg 2014).
#pragma once

#include "tribo/friction/friction_law.hpp"

namespace tribo {

/// The OpenSees manual's law (docs/friction-laws.md, "VelNormalFrcDep"):
///   muSlow(N) = aSlow N^(nSlow-1),  muFast(N) = aFast N^(nFast-1)      (Bowden-Tabor power laws)
///   a(N)      = alpha0 + alpha1 N + alpha2 N^2                         (rate parameter [s/m])
///   mu(N, v)  = muFast - (muFast - muSlow) exp(-a |v|)                  (Constantinou et al. 1990)
///   mu       <- maxMuFact muFast   where mu exceeds it                  (OpenSees's cap)
/// mu and mu*N agree with SRC/element/frictionBearing/frictionModel/VelNormalFrcDep.cpp for every N > 0
/// and v; the differences (N <= 0, N -> 0, derivatives under the cap, a(N) < 0, parameter checks) are
/// listed in docs/friction-laws.md. aSlow, aFast carry units N^(1-n) so that mu is dimensionless.
class VelNormalFrcDep : public FrictionLaw {
public:
  /// OpenSees order. aSlow, aFast in (0, inf); nSlow, nFast in (0, 1]; alpha0 in [0, inf) [s/m];
  /// alpha1 [s/(m N)], alpha2 [s/(m N^2)] finite; maxMuFact in (0, inf).
  VelNormalFrcDep(double aSlow, double nSlow, double aFast, double nFast, double alpha0, double alpha1,
                  double alpha2, double maxMuFact);
  std::string name() const override { return "VelNormalFrcDep"; }

  double aSlow() const { return aSlow_; }
  double nSlow() const { return nSlow_; }
  double aFast() const { return aFast_; }
  double nFast() const { return nFast_; }
  double alpha0() const { return alpha0_; }
  double alpha1() const { return alpha1_; }
  double alpha2() const { return alpha2_; }
  double maxMuFact() const { return maxMuFact_; }

  /// muSlow(N), muFast(N) [-] and the rate a(N) [s/m] as used (clamped at 0 where the quadratic is
  /// negative), for N > 0.
  double muSlow(double N) const;
  double muFast(double N) const;
  double rate(double N) const;

protected:
  Local local(double N, double speed, const double *state) const override;

private:
  double aSlow_, nSlow_, aFast_, nFast_, alpha0_, alpha1_, alpha2_, maxMuFact_;
};

} // namespace tribo
