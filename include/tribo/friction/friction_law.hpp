// The interface every friction law shares: coefficient, friction force and their derivatives at (N, v).
#pragma once

#include <cstddef>
#include <string>

namespace tribo {

/// What a friction law returns at a normal force N [N] and a sliding velocity v [m/s].
///
/// Two forces are reported, because OpenSees and an equation of motion need different ones:
///  - `strength` = mu*N >= 0 is what OpenSees's FrictionModel::getFrictionForce() returns: the
///    magnitude (the "yield force" of the bearing elements' return mapping, which supply the direction
///    themselves). Its derivatives are getDFFrcDNFrc() and getDFFrcDVel().
///  - `force` = -sgn(v)*mu*N is the signed force on the sliding body, opposing v. At v = 0 it is 0:
///    a body at rest carries whatever tangential force stick requires, up to `strength`.
/// With no contact (N <= 0) every member is zero: no friction, and nothing divides by N.
struct FrictionResponse {
  double mu = 0.0;     ///< coefficient of friction [-], even in v
  double dmu_dN = 0.0; ///< d mu / d N [1/N]
  double dmu_dv = 0.0; ///< d mu / d v [s/m], odd in v; 0 at v = 0 (symmetric derivative of an even function)

  double strength = 0.0;     ///< mu*N [N] (OpenSees getFrictionForce)
  double dstrength_dN = 0.0; ///< [-] (OpenSees getDFFrcDNFrc)
  double dstrength_dv = 0.0; ///< N*dmu_dv [N s/m] (OpenSees getDFFrcDVel)

  double force = 0.0; ///< -sgn(v)*mu*N [N]
  double dF_dN = 0.0; ///< -sgn(v)*dstrength_dN [-]
  /// -N * d mu/d|v| [N s/m], even in v. At v = 0 it is the slope of either branch (the one-sided limit):
  /// the true derivative for laws whose force is continuous through v = 0 (regularised rate-and-state),
  /// the slope beside the stick jump for the others.
  double dF_dv = 0.0;
};

/// A friction law mu(N, v [, state]). Laws are immutable after construction, validate their parameters
/// in the constructor (InputError naming parameter, value and allowed range) and carry no hidden state:
/// a law with internal variables declares them through stateSize() and the caller owns and integrates
/// them (stateRate) together with its equation of motion.
class FrictionLaw {
public:
  virtual ~FrictionLaw() = default;

  /// The law's name as in the input (`law:` key) and, where it exists, in OpenSees.
  virtual std::string name() const = 0;

  /// Number of state variables the caller must carry (0: mu depends on N and v only).
  virtual std::size_t stateSize() const { return 0; }
  /// d(state)/dt at sliding velocity v; `state` and `rate` hold stateSize() values. Nothing for stateless
  /// laws.
  virtual void stateRate(double v, const double *state, double *rate) const;
  /// The state at steady sliding with velocity v (writes stateSize() values). Nothing for stateless laws.
  virtual void steadyState(double v, double *state) const;

  /// Coefficient, forces and derivatives at (N, v). `state` (stateSize() values) is required when the
  /// law has state and ignored otherwise. N <= 0 gives the all-zero response. NaN in N or v propagates.
  FrictionResponse evaluate(double N, double v, const double *state = nullptr) const;

  /// Shorthands for evaluate(N, v, state).mu and .force.
  double coefficient(double N, double v, const double *state = nullptr) const {
    return evaluate(N, v, state).mu;
  }
  double force(double N, double v, const double *state = nullptr) const {
    return evaluate(N, v, state).force;
  }

protected:
  /// The law itself, for N > 0: mu, mu*N and their partial derivatives with respect to N and the
  /// sliding speed |v|. The strength terms are given separately so a law can evaluate them without
  /// cancellation or overflow where mu itself is huge (N -> 0 in VelNormalFrcDep).
  struct Local {
    double mu;
    double dmu_dN;
    double dmu_dspeed;
    double strength;
    double dstrength_dN;
    double dstrength_dspeed;
  };
  /// The strength terms from mu: mu*N, mu + N dmu/dN, N dmu/d|v|.
  static Local fromMu(double N, double mu, double dmu_dN, double dmu_dspeed) {
    return {mu, dmu_dN, dmu_dspeed, mu * N, mu + N * dmu_dN, N * dmu_dspeed};
  }
  virtual Local local(double N, double speed, const double *state) const = 0;
};

} // namespace tribo
