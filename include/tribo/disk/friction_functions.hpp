// Dimensionless friction force F(eps) and torque T(eps) of a uniformly pressed disk (closed forms).
#pragma once

namespace tribo {

/// Dimensionless sliding force and spinning torque at one eps = v/(R omega): the friction force is
/// -mu F_n F e_v and the torque -mu F_n R T e_omega (paper, after Eq. 1).
struct ForceTorque {
  double F = 0.0;
  double T = 0.0;
};

/// Which evaluation of the closed forms is used; `automatic` picks the accurate one for eps.
/// The other values exist so tests and docs can compare neighbouring branches at their switch.
enum class UniformBranch {
  automatic,
  small_eps,   // power series in eps^2            (eps <= uniform_small_eps_switch)
  elliptic_lo, // closed form with K(eps), E(eps)   (eps < 1)
  near_one,    // series in q and q ln q, q = k'^2  (|q| <= uniform_near_one_q_switch)
  elliptic_hi, // closed form with K(1/eps), E(1/eps) (eps > 1)
  large_eps    // power series in 1/eps^2           (eps >= uniform_large_eps_switch)
};

/// Branch switches (docs/disk.md derives the error bounds that fix them).
inline constexpr double uniform_small_eps_switch = 0.5;
inline constexpr double uniform_large_eps_switch = 2.0;
inline constexpr double uniform_near_one_q_switch = 0.1;

/// F(eps) and T(eps) for uniform pressure, eps in [0, inf] (inf = pure sliding). Accurate to a few
/// ulps everywhere; throws InputError for eps < 0 or NaN.
ForceTorque uniformForceTorque(double eps, UniformBranch branch = UniformBranch::automatic);

/// Convenience accessors of the two components.
double uniformForce(double eps);
double uniformTorque(double eps);

} // namespace tribo
