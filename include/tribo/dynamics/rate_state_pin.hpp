// The stage-driven pin (Eq. 12) with rate-and-state friction: theta integrated with the motion by RK4,
// the step limit set by the stiff direct effect, and the linear stability of steady sliding.
#pragma once

#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/pin_parameters.hpp"
#include "tribo/friction/rate_and_state.hpp"

#include <array>
#include <complex>

namespace tribo {

/// The pin's state at t = 0 on a rate-and-state interface (docs/dynamics.md §9). A pin exactly at rest
/// cannot be integrated: the regularised law has d mu/dv = a exp(Psi/a)/(2 V0) at v = 0 (~e^60/V0 for
/// mu0/a = 60), a damping no explicit step resolves. So the pin starts creeping at `slip_rate`, with
/// the spring pre-stretched so that the forces balance (rateStateInitialPosition): no jerk at t = 0.
struct RateStateStart {
  double slip_rate = 0.0; // v(0) [m/s], > 0
  double theta = 0.0;     // theta(0) [s], > 0
};

/// Creeping in steady state at `slip_rate`: theta(0) = D_c / slip_rate.
RateStateStart steadyCreepStart(const RateAndState &law, double slip_rate);

/// x(0) [m] balancing the forces at t = 0: k (0 - x0) + c (V_o - v_i) = mu(v_i, theta0) W.
double rateStateInitialPosition(const PinParameters &pin, const RateAndState &law, double W,
                                const RateStateStart &start);

/// Roots of s^3 + p2 s^2 + p1 s + p0 (real coefficients): one real root by safeguarded Newton inside
/// Cauchy's bound, the other two from the deflated quadratic, whose two Vieta sums are formed in the
/// way with the smaller rounding error (the roots of a stiff pin differ by many orders of magnitude).
/// Order: the real root found first, then the quadratic's (complex pair: positive imaginary part first).
std::array<std::complex<double>, 3> monicCubicRoots(double p2, double p1, double p0);

/// Eigenvalues of the Jacobian of (x, v, theta)' = (v, (D - sgn(v) mu W)/m, 1 - |v| theta/D_c) at the
/// state (v, theta), coefficients frozen (D = k(V_o t - x) + c(V_o - v)). Characteristic polynomial
///   s^3 + p2 s^2 + p1 s + p0,  A = (c + W dmu/d|v|)/m,  E = |v|/D_c,
///   p2 = A + E,  p1 = k/m + A E - W (dmu/dtheta) theta/(m D_c),  p0 = k E/m.
/// At slow creep A ~ W a/(m |v|) dominates: that real eigenvalue -A is the stiff direct effect.
std::array<std::complex<double>, 3> rateStateEigenvalues(const PinParameters &pin, const RateAndState &law,
                                                         double W, double v, double theta);

/// The largest stable RK4 step at (v, theta) [s]: min over the eigenvalues of
/// rk4StabilityRadius(lambda)/|lambda| (frozen-coefficient linear stability).
double rateStateStabilityLimit(const PinParameters &pin, const RateAndState &law, double W, double v,
                               double theta);

/// The spring stiffness k_cr [N/m] above which steady sliding at V_o is linearly stable, for the pin's
/// m, zeta and V_o (c = 2 zeta sqrt(m k) changes with k). Routh-Hurwitz on the cubic above at steady
/// state (theta = D_c/V_o): stable iff p2 p1 > p0. With zeta = 0 this is Rice & Ruina's (1983)
///   k_cr = W (b - a)/D_c (1 + m V_o^2/(W a D_c)),
/// the quasi-static k_c = W (b - a)/D_c raised by inertia; a damper adds c V_o/W to a. In u = sqrt(k),
/// p2 p1 - p0 is a cubic with one sign change of its coefficients, so there is one crossing, found by
/// bisection. 0 when steady sliding is stable at every stiffness (b <= a, velocity strengthening).
double rateStateCriticalStiffness(const PinParameters &pin, const RateAndState &law, double W);

/// Throws InputError unless validateSettings(pin, settings) holds, W > 0, V_o > 0, the start has
/// slip_rate > 0 and theta > 0 (finite), and the time step is at most half the RK4 stability limit both
/// at the start and at steady sliding at V_o; the message gives the limit and what makes it.
void validateRateStateRun(const PinParameters &pin, const RateAndState &law, double W,
                          const RateStateStart &start, const IntegrationSettings &settings);

/// Eq. 12 with F = sgn(v) mu(v, theta) W and the aging law for theta, the vector (x, v, theta, work of
/// spring + damper, work of friction) advanced by classical RK4 at the fixed step. The law is
/// regularised (asinh), so there is no stick state: a "stuck" pin creeps. Each step first checks that
/// it is at most half the frozen-coefficient stability limit at its start (|R(2 h lambda)| <= 1 for
/// the three eigenvalues; the same margin as the input check); where slowing creep makes the direct
/// effect too stiff for the step, SolverError names the time, the slip rate and the step needed. The record
/// carries theta and the stability limit at the stiffest state met.
PinTrajectory integratePinRateState(const PinParameters &pin, const RateAndState &law, double W,
                                    const RateStateStart &start, const IntegrationSettings &settings,
                                    const RunCheckpoints &checkpoints = {});

} // namespace tribo
