// Equations of motion of the sliding and spinning disk (Eqs. 2-5), integrated to the common stop.
#pragma once

#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/local_friction.hpp"

#include <vector>

namespace tribo {

/// The body: Eq. 2 m dv/dt = -mu m g F(eps), Eq. 3 I domega/dt = -mu m g R T(eps), I = kappa m R^2.
struct DiskBody {
  double radius = 1.0;         // R [m]
  double mass = 1.0;           // m [kg] (cancels from the motion; sets the force and torque)
  double mu = 1.0;             // Coulomb friction coefficient
  double g = 1.0;              // gravitational acceleration [m/s^2]
  double inertia_factor = 0.5; // kappa in I = kappa m R^2 (1/2: homogeneous disk, Eq. 3)

  /// R = m = mu = g = 1: Eqs. 2-3 become the dimensionless Eqs. 4-5 in v*, omega*, t*.
  static DiskBody dimensionless() { return {}; }
  /// Throws InputError naming the first parameter out of range.
  void validate() const;
  /// v = v* mu sqrt(R g), omega = omega* mu sqrt(g/R), t = t* sqrt(R/g) (paper, before Eq. 4).
  double velocityScale() const;
  double angularVelocityScale() const;
  double timeScale() const;
};

struct MotionOptions {
  double rel_tol = 1e-10;     // error control of both integration phases
  double switch_ratio = 1e-2; // phase 1 in time ends when omega = switch_ratio * omega0; then Eq. 6
  double end_ratio = 1e-30;   // phase 2 in x = -ln omega ends at omega = end_ratio * omega0
  int samples_per_step = 4;   // recorded samples per accepted step (dense output)
  int max_steps = 200000;
  /// Times [body units] at which distance and angle are recorded exactly, like video frames
  /// (phase 1 only: frames after the hand-over to Eq. 6 are not recorded).
  std::vector<double> frame_times;
};

struct Trajectory {
  enum class Kind { mixed, pure_sliding, pure_spinning };
  Kind kind = Kind::mixed;
  /// Samples of the motion in the body's units, ending with the stop (v = omega = 0).
  std::vector<double> t, v, omega, eps, distance, angle;
  double stop_time = 0.0;     // when v and omega vanish
  double final_eps = 0.0;     // eps at the end of phase 2 (-> eps0), 0 or inf for pure motions
  double switch_time = 0.0;   // end of phase 1
  double stop_distance = 0.0; // path length and total rotation angle to the stop
  double stop_angle = 0.0;
  int steps_time = 0, steps_log = 0; // accepted steps of the two phases
  /// The recorded frames: time, path length, rotation angle.
  std::vector<double> frame_t, frame_distance, frame_angle;
};

/// Integrates Eqs. 2-3 from (v0 >= 0, omega0 >= 0, not both 0) to the stop.
///
/// Phase 1: (v, omega, distance, angle) in t, adaptive Dormand-Prince 5(4), until omega has dropped
/// to switch_ratio * omega0 (or, for pure sliding/spinning, until the moving speed reaches zero,
/// located by TSEvent). Phase 2 (mixed motion only): the right-hand side of Eqs. 2-3 is 0/0 at the
/// stop, so the motion is continued in x = -ln(omega/omega_s) with eps as state (Eq. 6) and the
/// elapsed time as a quadrature, dt/dx = omega/(b T(eps)), b = mu g/(kappa R); v = eps R omega.
/// Phase 2 ends at omega = end_ratio * omega0; the remaining time omega_end/(b T(eps_end)) is added.
Trajectory integrateMotion(const FrictionCurve &curve, const DiskBody &body, double v0, double omega0,
                           const MotionOptions &options = {});

/// The same motion with a local friction law (beyond the paper): Eq. 2 dv/dt = -g F(v, omega), Eq. 3
/// domega/dt = -(g/(kappa R)) T(v, omega), with (F, T) of `contact`, which contain the coefficient;
/// body.mu is not used. The contact's radius and load must be the body's R and m g (InputError).
/// Phase 2 runs Eq. 6 with the speeds still in F and T: d eps/dx = eps - kappa F(eps R omega, omega)/
/// T(...), omega = omega_s e^-x; as omega -> 0 this tends to Eq. 6 of contact.slowLimit (docs/disk.md 7.4).
Trajectory integrateMotion(const LocalFrictionContact &contact, const DiskBody &body, double v0,
                           double omega0, const MotionOptions &options = {});

} // namespace tribo
