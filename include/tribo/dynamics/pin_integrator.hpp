// Time integration of the stage-driven pin, Eq. 12, by classical fourth-order Runge-Kutta (§2.2.3).
#pragma once

#include "tribo/dynamics/friction_profile.hpp"
#include "tribo/dynamics/pin_parameters.hpp"
#include "tribo/dynamics/stick_slip_law.hpp"
#include "tribo/io/run_checkpoints.hpp"

#include <functional>
#include <limits>
#include <memory>
#include <vector>

namespace tribo {

struct IntegrationSettings {
  double time_step = 1e-7;     // Delta t [s] (the paper's 100 ns)
  double duration = 0.0;       // end time [s]; the run takes ceil(duration / Delta t) steps
  long long output_stride = 1; // keep every output_stride-th step (step 0 always)
};

/// Throws InputError unless duration > 0, output_stride >= 1, and the step is within the RK4 limit of
/// validateTimeStep for the pin with `extra_stiffness` in parallel with the spring.
void validateSettings(const PinParameters &pin, const IntegrationSettings &settings,
                      double extra_stiffness = 0.0);

/// Number of RK4 steps of a run: ceil(duration / Delta t), a duration within rounding of a whole
/// number of steps giving that number.
long long stepCount(const IntegrationSettings &settings);

enum class PinEventKind { slip_onset, restick };

/// A macroscopic transition located inside a time step (stick-slip laws only).
struct PinEvent {
  PinEventKind kind;
  double t;             // [s]
  double x;             // pin position [m]
  double driving_force; // spring + damper force k(V_o t - x) + c(V_o - v) at the event [N]
};

/// The decimated record of a run, at t = i * output_stride * Delta t.
struct PinTrajectory {
  std::vector<double> t;              // [s]
  std::vector<double> x;              // pin position x_p [m]
  std::vector<double> v;              // pin velocity [m/s]
  std::vector<double> spring_force;   // k(V_o t - x) [N], the quantity of Fig. 9
  std::vector<double> friction_force; // F(t) on the pin [N], Fig. 11
  /// Cumulative work of spring + damper on the pin, int (k(V_o t - x) + c(V_o - v)) v dt [J], and of
  /// the friction force, int F v dt [J]; integrated by the same RK4 stages as the motion, so
  /// work_driving = m v^2 / 2 + work_friction holds to the integrator's accuracy.
  std::vector<double> work_driving, work_friction;
  std::vector<PinEvent> events; // exact slip onsets and re-sticks (stick-slip laws)
  long long steps = 0;          // RK4 steps taken
  /// Rate-and-state only (integratePinRateState): the state variable theta [s] at each sample, and the
  /// RK4 stability limit [s] at the stiffest state met along the run (where the largest eigenvalue
  /// magnitude of the frozen Jacobian peaked); empty and infinite for the other laws.
  std::vector<double> theta;
  double stability_limit = std::numeric_limits<double>::infinity();
};

// Every integrator takes checkpoints counted in RK4 steps (io/run_checkpoints.hpp): after a step for
// which they are due, it saves all it carries to the next step (dynamics/pin_checkpoint.hpp); given a
// saved state, it continues from it. Neither changes any result.

/// Eq. 12 with a friction force that is a smooth function of (t, x, v): no stick state. Used for
/// regularised laws and, with F = 0, for the free damped oscillator.
PinTrajectory integratePinSmooth(const PinParameters &pin,
                                 const std::function<double(double, double, double)> &friction,
                                 const IntegrationSettings &settings, const RunCheckpoints &checkpoints = {});

/// Eq. 12 with the profile friction of Eqs. 13-15 (HystereticFriction). The relaxation point is
/// frozen during the four stages of a step (Eq. 13 is evaluated at each stage position with the
/// x_R of the step's start) and updated once per accepted step by Eq. 14 at the step's end: the
/// paper's reading ("as soon as K(x - x_R) exceeds F~ at a particular time step").
PinTrajectory integratePinProfile(const PinParameters &pin, std::shared_ptr<const ProfileLookup> profile,
                                  const IntegrationSettings &settings, double relaxation_point = 0.0,
                                  const RunCheckpoints &checkpoints = {});

/// Eq. 12 with a static/kinetic law and an explicit stick/slip state machine:
///  - stick: x fixed, v = 0, the friction force equals the driving force k(V_o t - x) + c V_o;
///    the pin breaks loose when |driving| exceeds both the static limit and the kinetic force at
///    zero speed (a pin cannot start sliding against a larger kinetic force); the break time is
///    located inside the step by bisection on the (closed-form) driving force;
///  - slip in direction s = sign(driving at onset): F = s * kinetic(|v|), direction fixed during the
///    slip (no sign function of v, so no chattering); when s v <= 0 at a step's end, the time where
///    v = 0 is located by bisection on the length of a fresh RK4 step from the step's start, the pin
///    re-sticks there with v = 0, and the rest of the step continues in the new state.
/// Output stays on the uniform grid t = i Delta t; event times are exact to ~1e-15 Delta t.
PinTrajectory integratePinStickSlip(const PinParameters &pin, const StickSlipLaw &law,
                                    const IntegrationSettings &settings,
                                    const RunCheckpoints &checkpoints = {});

} // namespace tribo
