// The stage-driven pin with rate-and-state friction: RK4 (ode/rk4.hpp) on (x, v, theta), step limits,
// critical stiffness. The stability of every step is checked against the frozen Jacobian.
#include "tribo/dynamics/rate_state_pin.hpp"

#include "tribo/core/error.hpp"
#include "tribo/dynamics/pin_checkpoint.hpp"
#include "tribo/ode/rk4.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace tribo {

RateStateStart steadyCreepStart(const RateAndState &law, double slip_rate) {
  if (!(slip_rate > 0.0) || !std::isfinite(slip_rate))
    throw InputError(
        fmt::format("rate-and-state pin: initial slip rate = {} m/s: must be in (0, inf)", slip_rate));
  return {slip_rate, law.steadyStateTheta(slip_rate)};
}

double rateStateInitialPosition(const PinParameters &pin, const RateAndState &law, double W,
                                const RateStateStart &start) {
  const double friction = law.mu(start.slip_rate, start.theta) * W;
  return (pin.damping() * (pin.stage_velocity - start.slip_rate) - friction) / pin.spring_stiffness;
}

std::array<std::complex<double>, 3> monicCubicRoots(double p2, double p1, double p0) {
  const auto f = [&](double s) { return ((s + p2) * s + p1) * s + p0; };
  const auto df = [&](double s) { return (3.0 * s + 2.0 * p2) * s + p1; };
  double r = 0.0;
  if (p0 != 0.0) {
    // Cauchy's bound: every root has |s| < B, so f(-B) < 0 < f(B) brackets a real root.
    const double B = 1.0 + std::max({std::fabs(p2), std::fabs(p1), std::fabs(p0)});
    double lo = -B, hi = B;
    r = -p2; // the stiff root is close to -p2 when one coefficient dominates
    if (!(r > lo && r < hi)) r = 0.0;
    for (int it = 0; it < 400; ++it) {
      const double fr = f(r);
      if (fr == 0.0) break;
      (fr < 0.0 ? lo : hi) = r;
      const double d = df(r);
      double next = d != 0.0 ? r - fr / d : 0.5 * (lo + hi);
      if (!(next > lo && next < hi)) next = 0.5 * (lo + hi); // Newton left the bracket: bisect
      if (std::fabs(next - r) <= 4.0 * std::numeric_limits<double>::epsilon() * std::fabs(r) ||
          hi - lo <= 4.0 * std::numeric_limits<double>::epsilon() * std::max(std::fabs(lo), std::fabs(hi))) {
        r = next;
        break;
      }
      r = next;
    }
  }
  // The other two roots s2, s3 solve s^2 - S s + P = 0 with P = s2 s3 = -p0/r and S = s2 + s3 from
  // either Vieta relation: S = -p2 - r (rounding ~ eps (|p2| + |r|)) or, from p1 = P + r S,
  // S = (p1 - P)/r (rounding ~ eps (|p1| + |P|)/|r|). Take the more accurate.
  double S, P;
  if (r == 0.0) {
    S = -p2;
    P = p1;
  } else {
    P = -p0 / r;
    const double error_a = std::fabs(p2) + std::fabs(r);
    const double error_b = (std::fabs(p1) + std::fabs(P)) / std::fabs(r);
    S = error_a <= error_b ? -p2 - r : (p1 - P) / r;
  }
  const double disc = S * S - 4.0 * P;
  std::complex<double> s2, s3;
  if (disc >= 0.0) {
    // The larger root without cancellation, the smaller from the product.
    const double big = 0.5 * (S + std::copysign(std::sqrt(disc), S));
    s2 = big;
    s3 = big != 0.0 ? P / big : 0.0;
  } else {
    s2 = {0.5 * S, 0.5 * std::sqrt(-disc)};
    s3 = std::conj(s2);
  }
  return {std::complex<double>(r, 0.0), s2, s3};
}

std::array<std::complex<double>, 3> rateStateEigenvalues(const PinParameters &pin, const RateAndState &law,
                                                         double W, double v, double theta) {
  const double m = pin.mass, speed = std::fabs(v);
  const double A = (pin.damping() + W * law.dmuDspeed(speed, theta)) / m; // damper + direct effect
  const double E = speed / law.D_c();                                     // state relaxation rate
  const double p2 = A + E;
  const double p1 =
      pin.spring_stiffness / m + A * E - W * law.dmuDtheta(speed, theta) * theta / (m * law.D_c());
  const double p0 = pin.spring_stiffness * E / m;
  return monicCubicRoots(p2, p1, p0);
}

namespace {

double limitOf(const std::array<std::complex<double>, 3> &eigenvalues) {
  double limit = std::numeric_limits<double>::infinity();
  for (const auto &lambda : eigenvalues) {
    const double magnitude = std::abs(lambda);
    if (magnitude > 0.0) limit = std::min(limit, rk4StabilityRadius(lambda) / magnitude);
  }
  return limit;
}

} // namespace

double rateStateStabilityLimit(const PinParameters &pin, const RateAndState &law, double W, double v,
                               double theta) {
  return limitOf(rateStateEigenvalues(pin, law, W, v, theta));
}

double rateStateCriticalStiffness(const PinParameters &pin, const RateAndState &law, double W) {
  const double V = pin.stage_velocity, D_c = law.D_c(), theta = D_c / V, m = pin.mass;
  const double mu_v = law.dmuDspeed(V, theta), mu_theta = law.dmuDtheta(V, theta);
  // Routh-Hurwitz margin p2 p1 - p0 of the steady-sliding cubic at stiffness k (c follows k via zeta).
  const auto margin = [&](double k) {
    const double c = 2.0 * pin.damping_ratio * std::sqrt(m * k);
    const double A = (c + W * mu_v) / m, E = V / D_c;
    const double p2 = A + E, p1 = k / m + A * E - W * mu_theta * theta / (m * D_c), p0 = k * E / m;
    return p2 * p1 - p0;
  };
  const double k_ref = W * std::max(law.b() - law.a(), 1e-3 * law.a()) / D_c;
  double lo = 1e-6 * k_ref, hi = k_ref;
  if (!(margin(lo) < 0.0)) return 0.0; // stable at every stiffness
  for (int i = 0; i < 400 && margin(hi) < 0.0; ++i) {
    lo = hi;
    hi *= 2.0;
  }
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
    const double mid = std::sqrt(lo * hi);
    (margin(mid) < 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

void validateRateStateRun(const PinParameters &pin, const RateAndState &law, double W,
                          const RateStateStart &start, const IntegrationSettings &settings) {
  validateSettings(pin, settings);
  if (!(W > 0.0) || !std::isfinite(W))
    throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  if (!(pin.stage_velocity > 0.0))
    throw InputError(fmt::format("rate-and-state pin: stage velocity V_o = {} m/s must be in (0, inf) "
                                 "(steady sliding at V_o is the reference state)",
                                 pin.stage_velocity));
  if (!(start.slip_rate > 0.0) || !std::isfinite(start.slip_rate))
    throw InputError(
        fmt::format("rate-and-state pin: initial slip rate = {} m/s: must be in (0, inf) (at v = 0 "
                    "the regularised law's damping W dmu/dv = {:.3g} N s/m is beyond any step)",
                    start.slip_rate, W * law.dmuDspeed(0.0, start.theta > 0.0 ? start.theta : 1.0)));
  if (!(start.theta > 0.0) || !std::isfinite(start.theta))
    throw InputError(
        fmt::format("rate-and-state pin: initial state theta0 = {} s: must be in (0, inf)", start.theta));
  const double V = pin.stage_velocity;
  const double at_start = rateStateStabilityLimit(pin, law, W, start.slip_rate, start.theta);
  const double at_steady = rateStateStabilityLimit(pin, law, W, V, law.steadyStateTheta(V));
  const double limit = std::min(at_start, at_steady);
  const double dt = settings.time_step;
  if (dt > 0.5 * limit)
    throw InputError(fmt::format(
        "time step dt = {:.6g} s: RK4 is unstable above {:.6g} s for the rate-and-state pin ({:.6g} s at the "
        "initial creep v = {:.6g} m/s, where the direct effect W dmu/dv = {:.6g} N s/m damps a mass of {} "
        "kg; "
        "{:.6g} s at steady sliding at V_o = {:.6g} m/s); dt must be in (0, {:.6g}] s (half the stable "
        "limit), "
        "or start faster (initial_slip_rate)",
        dt, limit, at_start, start.slip_rate, W * law.dmuDspeed(start.slip_rate, start.theta), pin.mass,
        at_steady, V, 0.5 * limit));
}

namespace {

// (x, v, theta, work of spring + damper, work of friction), advanced together.
using State = std::array<double, 5>;
enum : std::size_t { X, V, THETA, WORK_DRIVING, WORK_FRICTION };

/// Eq. 12 with rate-and-state friction: the pin, the law, the load and the coefficients read each step.
struct RateStatePin {
  const PinParameters &pin;
  const RateAndState &law;
  double W;
  DrivingForce driving;
  double k, c, m, inv_m, D_c;

  RateStatePin(const PinParameters &p, const RateAndState &l, double load)
      : pin(p), law(l), W(load), driving(p.driving()), k(p.spring_stiffness), c(p.damping()), m(p.mass),
        inv_m(1.0 / p.mass), D_c(l.D_c()) {}

  /// F = sgn(v) mu W opposes the slip; mu(0) = 0, so the force is continuous through v = 0.
  double friction(double v, double theta) const { return std::copysign(law.mu(v, theta), v) * W; }

  State rate(double t, const State &y) const {
    const double D = driving(t, y[X], y[V]), F = friction(y[V], y[THETA]);
    return State{y[V], (D - F) * inv_m, law.stateDerivative(y[V], y[THETA]), D * y[V], F * y[V]}; // Eq. 12
  }

  /// Fujiwara's bound on the eigenvalues, |s| <= 2 max(|p2|, |p1|^(1/2), |p0/2|^(1/3)), from bounds on
  /// the law's derivatives that need no transcendental function: dmu/d|v| = a c/sqrt(1 + x^2) <= a/|v|
  /// and theta dmu/dtheta = b x/sqrt(1 + x^2) <= b.
  double eigenvalueBound(double v) const {
    const double speed = std::fabs(v), A = (c + W * law.a() / speed) / m, E = speed / D_c;
    const double p2 = A + E, p1 = k / m + A * E + W * law.b() / (m * D_c), p0 = k * E / m;
    return 2.0 * std::max({p2, std::sqrt(p1), std::cbrt(0.5 * p0)});
  }
};

void reserveRecords(PinTrajectory &out, const IntegrationSettings &settings) {
  const std::size_t samples = static_cast<std::size_t>(stepCount(settings) / settings.output_stride + 1);
  for (auto *a : {&out.t, &out.x, &out.v, &out.spring_force, &out.friction_force, &out.work_driving,
                  &out.work_friction, &out.theta})
    a->reserve(samples);
}

void record(const RateStatePin &sys, PinTrajectory &out, double t, const State &y) {
  out.t.push_back(t);
  out.x.push_back(y[X]);
  out.v.push_back(y[V]);
  out.spring_force.push_back(sys.pin.springForce(t, y[X]));
  out.friction_force.push_back(sys.friction(y[V], y[THETA]));
  out.work_driving.push_back(y[WORK_DRIVING]);
  out.work_friction.push_back(y[WORK_FRICTION]);
  out.theta.push_back(y[THETA]);
}

/// Frozen-coefficient check of the step from (t, y): 2h inside RK4's stability region for each
/// eigenvalue, |R(2 h lambda)| <= 1 (a growing mode mirrored to the left half-plane, as in
/// rk4StabilityRadius), i.e. h at most half the local limit, the margin validateTimeStep asks of the
/// input. Between half the limit and the limit RK4 is stable but damps the stiff direct-effect mode too
/// slowly (R(-2.785) = 1): the creeping pin would lag its quasi-static slip rate. The tolerance only
/// absorbs rounding in R. Where h times the bound stays inside the smallest radius of RK4's stability
/// region, the step is stable without solving the cubic (most steps).
void checkStepStability(const RateStatePin &sys, double h, double t, const State &y, double bound) {
  constexpr double smallest_radius = 2.6; // RK4's region holds |z| <= 2.62 in every left direction
  if (2.0 * h * bound <= smallest_radius) return;
  const auto eigenvalues = rateStateEigenvalues(sys.pin, sys.law, sys.W, y[V], y[THETA]);
  for (const auto &lambda : eigenvalues) {
    const std::complex<double> z = 2.0 * h * std::complex<double>(-std::fabs(lambda.real()), lambda.imag());
    if (std::abs(rk4Amplification(z)) > 1.0 + 1e-12) {
      const double limit = limitOf(eigenvalues);
      throw SolverError(fmt::format("rate-and-state pin: the time step {:.6g} s is too large at t = "
                                    "{:.9g} s, where the pin slips at "
                                    "v = {:.6g} m/s (theta = {:.6g} s) and the direct effect W dmu/dv = "
                                    "{:.6g} N s/m makes the motion "
                                    "stiff: RK4 is stable there only for dt <= {:.6g} s and accurate for "
                                    "dt <= {:.6g} s (half); rerun "
                                    "with dynamics.time_step <= {:.6g} s (slower creep later in the run "
                                    "may ask for less), or with a larger dynamics.mass or a smaller "
                                    "direct-effect parameter a of the law (both lower W dmu/dv / m)",
                                    h, t, y[V], y[THETA], sys.W * sys.law.dmuDspeed(y[V], y[THETA]), limit,
                                    0.5 * limit, 0.5 * limit));
    }
  }
}

/// The state after the step to t: x and v finite, theta positive and finite.
void checkDomain(const State &y, double t, double h) {
  if (!std::isfinite(y[X]) || !std::isfinite(y[V]) || !(y[THETA] > 0.0) || !std::isfinite(y[THETA]))
    throw SolverError(fmt::format("rate-and-state pin: the state left its domain at t = {:.9g} s (x = {}, "
                                  "v = {}, theta = {}): the step {:.6g} s does not resolve the motion",
                                  t, y[X], y[V], y[THETA], h));
}

} // namespace

PinTrajectory integratePinRateState(const PinParameters &pin, const RateAndState &law, double W,
                                    const RateStateStart &start, const IntegrationSettings &settings,
                                    const RunCheckpoints &checkpoints) {
  validateRateStateRun(pin, law, W, start, settings);
  const RateStatePin sys(pin, law, W);
  const auto rate = [&sys](double t, const State &y) { return sys.rate(t, y); };
  const double h = settings.time_step;
  const long long n = stepCount(settings);
  PinTrajectory out;

  State y{rateStateInitialPosition(pin, law, W, start), start.slip_rate, start.theta, 0.0, 0.0};
  double stiffest = 0.0, stiffest_v = y[V], stiffest_theta = y[THETA];
  long long first = 0;
  if (checkpoints.resume) { // carried: the stiffest state met so far (bound, v, theta)
    const PinIntegrationState at = restorePinIntegration(*checkpoints.resume, y.size(), 3, settings, out);
    first = at.steps_done;
    std::copy(at.y.begin(), at.y.end(), y.begin());
    stiffest = at.carried[0], stiffest_v = at.carried[1], stiffest_theta = at.carried[2];
  }
  reserveRecords(out, settings);
  if (first == 0) record(sys, out, 0.0, y);
  for (long long i = first; i < n; ++i) {
    const double t = i * h;
    const double bound = sys.eigenvalueBound(y[V]);
    if (bound > stiffest) {
      stiffest = bound;
      stiffest_v = y[V];
      stiffest_theta = y[THETA];
    }
    checkStepStability(sys, h, t, y, bound);
    y = rk4Step(rate, t, h, y);
    checkDomain(y, t + h, h);
    if ((i + 1) % settings.output_stride == 0) record(sys, out, (i + 1) * h, y);
    if (checkpoints.dueAfter(i + 1, n))
      savePinIntegration(checkpoints, {i + 1, {y.begin(), y.end()}, {stiffest, stiffest_v, stiffest_theta}},
                         out);
  }
  out.steps = n;
  // The limit at the slowest creep met (where the bound, dominated by W a/(m |v|), peaked).
  out.stability_limit = rateStateStabilityLimit(pin, law, W, stiffest_v, stiffest_theta);
  return out;
}

} // namespace tribo
