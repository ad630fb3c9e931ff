// Friction laws with a static limit and a kinetic force: Coulomb (mu_s, mu_k) and velocity-dependent laws.
#pragma once

#include <functional>
#include <limits>
#include <memory>

namespace tribo {

class FrictionLaw;

/// A law that sticks while the driving force stays within a static limit and, while sliding, opposes
/// the sliding direction with a kinetic force that may depend on the sliding speed. This is the hook
/// for every law of the friction-law module: see stickSlipLaw(FrictionLaw, W) below.
struct StickSlipLaw {
  /// Largest friction force the interface can hold without sliding at time t [N] (>= 0).
  std::function<double(double t)> static_limit;
  /// Magnitude of the friction force while sliding at speed |v| >= 0 [N] (>= 0).
  std::function<double(double speed)> kinetic_force;
};

/// Constant Coulomb friction with the paper's optional switch of the static coefficient (§3.3):
/// mu_s = mu_s_before for t <= switch_time, mu_s_after for t > switch_time.
struct CoulombParameters {
  double mu_s_before = 0.0;                                     // static coefficient up to the switch [-]
  double mu_s_after = 0.0;                                      // static coefficient after the switch [-]
  double switch_time = std::numeric_limits<double>::infinity(); // [s]; inf = no switch
  double mu_k = 0.0;                                            // kinetic coefficient [-]

  /// A single static coefficient.
  static CoulombParameters constant(double mu_s, double mu_k) {
    return {mu_s, mu_s, std::numeric_limits<double>::infinity(), mu_k};
  }
  double muStatic(double t) const { return t <= switch_time ? mu_s_before : mu_s_after; }
};

/// Throws InputError unless 0 <= mu_k <= mu_s (both values) and switch_time is not NaN.
void validateCoulomb(const CoulombParameters &coulomb);

/// The Coulomb law with normal load W [N]: static limit mu_s(t) W, kinetic force mu_k W.
StickSlipLaw coulombLaw(const CoulombParameters &coulomb, double W);

/// Any stateless law of the friction-law module (tribo/friction/) as a stick-slip law at normal load W:
/// static limit = strength mu(W, v = 0) W, kinetic force = strength mu(W, |v|) W taken on the sliding
/// branch (|v| = 0 is evaluated at the smallest positive speed, so a law with a jump at v = 0, like
/// StaticKinetic, gives mu_k there). Laws with state (rate-and-state) need their state integrated with
/// the motion, which this integrator does not do: InputError (integratePinRateState does it).
StickSlipLaw stickSlipLaw(std::shared_ptr<const FrictionLaw> law, double W);

} // namespace tribo
