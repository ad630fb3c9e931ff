// Integration of the disk's equations of motion (Eqs. 2-5) to the stop, with Eq. 6 near the end.
#include "tribo/disk/disk_motion.hpp"

#include "tribo/core/error.hpp"
#include "tribo/disk/fixed_point.hpp"
#include "tribo/ode/adaptive_ode.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <string>

namespace tribo {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

std::string num(double v) {
  std::ostringstream s;
  s.precision(12);
  s << v;
  return s.str();
}

void requirePositive(const char *name, double value) {
  if (!(value > 0.0 && std::isfinite(value)))
    throw InputError(std::string("disk: ") + name + " = " + num(value) +
                     " is outside the allowed range (0, inf)");
}

} // namespace

void DiskBody::validate() const {
  requirePositive("radius", radius);
  requirePositive("mass", mass);
  requirePositive("mu", mu);
  requirePositive("g", g);
  requirePositive("inertia_factor", inertia_factor);
}

double DiskBody::velocityScale() const {
  return mu * std::sqrt(radius * g);
}
double DiskBody::angularVelocityScale() const {
  return mu * std::sqrt(g / radius);
}
double DiskBody::timeScale() const {
  return std::sqrt(radius / g);
}

namespace {

/// Force and torque at a state of the motion, given as eps and the speeds together: Coulomb curves
/// read eps only, a local law needs the speeds (and eps = inf with omega = 0 for pure sliding).
using StateCurve = std::function<ForceTorque(double eps, double v, double omega)>;

void checkInitialCondition(double v0, double omega0, const MotionOptions &options) {
  if (!(v0 >= 0.0 && std::isfinite(v0)))
    throw InputError("disk: initial velocity v0 = " + num(v0) + " is outside the allowed range [0, inf)");
  if (!(omega0 >= 0.0 && std::isfinite(omega0)))
    throw InputError("disk: initial angular velocity omega0 = " + num(omega0) +
                     " is outside the allowed range [0, inf)");
  if (v0 == 0.0 && omega0 == 0.0)
    throw InputError(
        "disk: initial velocity v0 and angular velocity omega0 are both 0: the disk does not move");
  if (!(options.switch_ratio > 0.0 && options.switch_ratio < 1.0))
    throw InputError("disk: switch_ratio = " + num(options.switch_ratio) +
                     " is outside the allowed range (0, 1)");
  if (!(options.end_ratio > 0.0 && options.end_ratio < options.switch_ratio))
    throw InputError("disk: end_ratio = " + num(options.end_ratio) + " must lie in (0, switch_ratio)");
}

/// What both phases of the motion read: the curve, the coefficients of Eqs. 2-3, the body, the start.
struct StopProblem {
  const StateCurve &curve;
  double a, b; // Eq. 2: dv/dt = -a F, Eq. 3: domega/dt = -b T
  const DiskBody &body;
  double v0, omega0;
  Trajectory::Kind kind;
  const MotionOptions &options;
};

Trajectory::Kind motionKind(double v0, double omega0) {
  return omega0 == 0.0 ? Trajectory::Kind::pure_sliding
         : v0 == 0.0   ? Trajectory::Kind::pure_spinning
                       : Trajectory::Kind::mixed;
}

/// eps = v/(R omega) of a phase-1 state (v, omega, ...).
double epsOf(const StopProblem &pb, const double *y) {
  const double R = pb.body.radius;
  if (pb.kind == Trajectory::Kind::pure_sliding) return inf;  // omega = 0 exactly: T(inf) = 0 keeps it so
  if (pb.kind == Trajectory::Kind::pure_spinning) return 0.0; // v = 0 exactly: F(0) = 0 keeps it so
  return y[0] <= 0.0 ? 0.0 : (y[1] <= 0.0 ? inf : y[0] / (R * y[1]));
}

/// Phase 1: Eqs. 2-3 in time; state (v, omega, distance, angle), with the events that end it.
OdeSystem timeSystem(const StopProblem &pb) {
  OdeSystem motion;
  motion.size = 4;
  motion.rhs = [&pb](double, const double *y, double *f) {
    const ForceTorque ft = pb.curve(epsOf(pb, y), std::max(y[0], 0.0), std::max(y[1], 0.0));
    f[0] = -pb.a * ft.F; // Eq. 2
    f[1] = -pb.b * ft.T; // Eq. 3
    f[2] = y[0];
    f[3] = y[1];
  };
  if (pb.kind == Trajectory::Kind::mixed) {
    // Event 0: hand over to Eq. 6. Event 1 would mean sliding stopped while spinning goes on.
    motion.n_events = 2;
    motion.events = [&pb](double, const double *y, double *g) {
      g[0] = y[1] - pb.options.switch_ratio * pb.omega0;
      g[1] = y[0];
    };
    motion.event_tolerance = {1e-14 * pb.omega0, 1e-14 * pb.v0};
  } else {
    // The moving speed decreases linearly (F(inf) = 1 or T(0) constant): the stop is the event.
    const int i = pb.kind == Trajectory::Kind::pure_sliding ? 0 : 1;
    motion.n_events = 1;
    motion.events = [i](double, const double *y, double *g) { g[0] = y[i]; };
    motion.event_tolerance = {1e-14 * (i == 0 ? pb.v0 : pb.omega0)};
  }
  return motion;
}

/// Phase 1's step control, scaled by an estimate of the stop time: each speed decaying alone at its
/// initial rate.
OdeOptions timeOptions(const StopProblem &pb) {
  const double R = pb.body.radius, v0 = pb.v0, omega0 = pb.omega0;
  const double t_scale = (v0 > 0.0 ? v0 / (pb.a * pb.curve(inf, v0, 0.0).F) : 0.0) +
                         (omega0 > 0.0 ? omega0 / (pb.b * pb.curve(0.0, 0.0, omega0).T) : 0.0);
  const double v_scale = v0 + R * omega0, w_scale = omega0 + v0 / R;
  const MotionOptions &options = pb.options;
  OdeOptions o1;
  o1.rel_tol = options.rel_tol;
  o1.abs_tol = {1e-6 * options.rel_tol * v_scale, 1e-6 * options.rel_tol * w_scale,
                1e-6 * options.rel_tol * v_scale * t_scale, 1e-6 * options.rel_tol * w_scale * t_scale};
  o1.dt0 = 1e-3 * t_scale;
  o1.t_max = 100.0 * t_scale; // the stop comes before t_scale; reaching this is an error
  o1.max_steps = options.max_steps;
  o1.samples_per_step = options.samples_per_step;
  o1.options_prefix = "disk_";
  o1.output_times = options.frame_times;
  return o1;
}

/// The frames and samples of phase 1.
void recordTimePhase(const StopProblem &pb, const OdeResult &r1, Trajectory &tr) {
  tr.steps_time = r1.steps;
  for (std::size_t i = 0; i < r1.output_t.size(); ++i) {
    tr.frame_t.push_back(r1.output_t[i]);
    tr.frame_distance.push_back(r1.output_y[4 * i + 2]);
    tr.frame_angle.push_back(r1.output_y[4 * i + 3]);
  }
  for (std::size_t i = 0; i < r1.sample_t.size(); ++i) {
    const double *y = &r1.sample_y[4 * i];
    tr.t.push_back(r1.sample_t[i]);
    tr.v.push_back(y[0]);
    tr.omega.push_back(y[1]);
    tr.eps.push_back(epsOf(pb, y));
    tr.distance.push_back(y[2]);
    tr.angle.push_back(y[3]);
  }
}

/// A pure motion ends with phase 1: the located event is the stop.
void finishPureMotion(const StopProblem &pb, const OdeResult &r1, Trajectory &tr) {
  tr.stop_time = r1.t;
  tr.final_eps = pb.kind == Trajectory::Kind::pure_sliding ? inf : 0.0;
  tr.stop_distance = r1.y[2];
  tr.stop_angle = r1.y[3];
  // The moving speed is zero there up to the event tolerance.
  (pb.kind == Trajectory::Kind::pure_sliding ? tr.v : tr.omega).back() = 0.0;
}

/// Phase 2: Eq. 6 in x = -ln(omega/omega_s); state (eps, elapsed time, distance, angle).
OdeSystem logSystem(const StopProblem &pb, double omega_s) {
  OdeSystem stop;
  stop.size = 4;
  stop.rhs = [&pb, omega_s](double x, const double *z, double *f) {
    const double R = pb.body.radius;
    const double eps = z[0] > 0.0 ? z[0] : 0.0;
    const double omega = omega_s * std::exp(-x);
    const ForceTorque ft = pb.curve(eps, eps * R * omega, omega);
    const double dt_dx = omega / (pb.b * ft.T);            // dx/dt = -omega'/omega = b T/omega
    f[0] = fixedPointRhs(ft, eps, pb.body.inertia_factor); // Eq. 6
    f[1] = dt_dx;
    f[2] = R * eps * omega * dt_dx;
    f[3] = omega * dt_dx;
  };
  return stop;
}

/// The samples of phase 2, after its first (the switch point again).
void recordLogPhase(const StopProblem &pb, const OdeResult &r2, double t_s, double omega_s, Trajectory &tr) {
  const double R = pb.body.radius;
  tr.steps_log = r2.steps;
  for (std::size_t i = 1; i < r2.sample_t.size(); ++i) {
    const double *z = &r2.sample_y[4 * i];
    const double omega = omega_s * std::exp(-r2.sample_t[i]);
    tr.t.push_back(t_s + z[1]);
    tr.v.push_back(R * z[0] * omega);
    tr.omega.push_back(omega);
    tr.eps.push_back(z[0]);
    tr.distance.push_back(z[2]);
    tr.angle.push_back(z[3]);
  }
}

/// Beyond x_end, eps has converged and omega decays linearly in t to zero: the rest of the time is
/// omega_end/(b T(eps_end)), and the rest of the distance and angle follow from the same law.
void finishLinearStop(const StopProblem &pb, const OdeResult &r2, double t_s, double omega_s, double x_end,
                      Trajectory &tr) {
  const double R = pb.body.radius;
  const double eps_end = r2.y[0], omega_end = omega_s * std::exp(-x_end);
  const ForceTorque ft_end = pb.curve(eps_end, eps_end * R * omega_end, omega_end);
  const double t_rest = omega_end / (pb.b * ft_end.T);
  tr.final_eps = eps_end;
  tr.stop_time = t_s + r2.y[1] + t_rest;
  tr.stop_distance = r2.y[2] + 0.5 * R * eps_end * omega_end * t_rest;
  tr.stop_angle = r2.y[3] + 0.5 * omega_end * t_rest;
  tr.t.push_back(tr.stop_time);
  tr.v.push_back(0.0);
  tr.omega.push_back(0.0);
  tr.eps.push_back(eps_end);
  tr.distance.push_back(tr.stop_distance);
  tr.angle.push_back(tr.stop_angle);
}

/// Phase 2 of a mixed motion, from the switch point r1 of phase 1 (step control o1) to the stop.
void integrateNearStop(const StopProblem &pb, const OdeResult &r1, const OdeOptions &o1, Trajectory &tr) {
  const double R = pb.body.radius, rel_tol = pb.options.rel_tol;
  const double t_s = r1.t, omega_s = r1.y[1], eps_s = r1.y[0] / (R * omega_s);
  const double x_end = std::log(omega_s / (pb.options.end_ratio * pb.omega0));
  const OdeSystem stop = logSystem(pb, omega_s);
  const double tau_scale = omega_s / (pb.b * pb.curve(eps_s, r1.y[0], omega_s).T);
  OdeOptions o2 = o1;
  o2.abs_tol = {1e-3 * rel_tol * eps_s, 1e-6 * rel_tol * tau_scale, 1e-6 * rel_tol * r1.y[2],
                1e-6 * rel_tol * r1.y[3]};
  o2.dt0 = 1e-2;
  o2.t_max = x_end;
  const OdeResult r2 = integrateOde(stop, 0.0, {eps_s, 0.0, r1.y[2], r1.y[3]}, o2);
  recordLogPhase(pb, r2, t_s, omega_s, tr);
  finishLinearStop(pb, r2, t_s, omega_s, x_end, tr);
}

/// Eqs. 2-3 as dv/dt = -a F, domega/dt = -b T, to the stop (the two phases of integrateMotion).
Trajectory integrateToStop(const StateCurve &curve, double a, double b, const DiskBody &body, double v0,
                           double omega0, const MotionOptions &options) {
  const StopProblem pb{curve, a, b, body, v0, omega0, motionKind(v0, omega0), options};
  Trajectory tr;
  tr.kind = pb.kind;
  const OdeOptions o1 = timeOptions(pb);
  const OdeResult r1 = integrateOde(timeSystem(pb), 0.0, {v0, omega0, 0.0, 0.0}, o1);
  if (r1.event < 0)
    throw SolverError("disk: no stop within " + num(o1.t_max) + " (100x the stop-time bound)");
  if (r1.event == 1 && pb.kind == Trajectory::Kind::mixed)
    throw SolverError("disk: sliding stopped at t = " + num(r1.t) + " while spinning continued");
  recordTimePhase(pb, r1, tr);
  tr.switch_time = r1.t;
  if (pb.kind == Trajectory::Kind::mixed)
    integrateNearStop(pb, r1, o1, tr);
  else
    finishPureMotion(pb, r1, tr);
  return tr;
}

} // namespace

Trajectory integrateMotion(const FrictionCurve &curve, const DiskBody &body, double v0, double omega0,
                           const MotionOptions &options) {
  body.validate();
  checkInitialCondition(v0, omega0, options);
  const double a = body.mu * body.g;                                       // Eq. 2: dv/dt = -a F
  const double b = body.mu * body.g / (body.inertia_factor * body.radius); // Eq. 3: domega/dt = -b T
  return integrateToStop([&curve](double eps, double, double) { return curve(eps); }, a, b, body, v0, omega0,
                         options);
}

Trajectory integrateMotion(const LocalFrictionContact &contact, const DiskBody &body, double v0,
                           double omega0, const MotionOptions &options) {
  DiskBody checked = body;
  checked.mu = 1.0; // the law carries the coefficient
  checked.validate();
  checkInitialCondition(v0, omega0, options);
  const double load = body.mass * body.g;
  if (std::abs(contact.radius() - body.radius) > 1e-12 * body.radius)
    throw InputError("disk: the contact's radius " + num(contact.radius()) +
                     " differs from the body's radius " + num(body.radius));
  if (std::abs(contact.load() - load) > 1e-12 * load)
    throw InputError("disk: the contact's load " + num(contact.load()) +
                     " differs from the body's weight m g = " + num(load));
  // F and T of the contact contain mu: Eq. 2 m dv/dt = -m g F, Eq. 3 kappa m R^2 domega/dt = -m g R T.
  const double a = body.g, b = body.g / (body.inertia_factor * body.radius);
  auto curve = [&contact](double eps, double v, double omega) {
    // Near the stop eps is the state and omega > 0: evaluate there without forming v/(R omega) again.
    if (omega > 0.0 && std::isfinite(eps)) return contact.forceTorqueAtEps(eps, omega);
    // A pure motion's moving speed reaches 0 only at its stop, where TSEvent may step just past it:
    // the one-sided limit there is the law at rest.
    if (!(v > 0.0)) return contact.slowLimit(eps);
    return contact.forceTorque(v, omega);
  };
  return integrateToStop(curve, a, b, body, v0, omega0, options);
}

} // namespace tribo
