// Classical RK4 (ode/rk4.hpp) for Eq. 12 with smooth, hysteretic-profile and stick/slip friction;
// decimated records.
#include "tribo/dynamics/pin_integrator.hpp"

#include "tribo/core/error.hpp"
#include "tribo/dynamics/hysteretic_friction.hpp"
#include "tribo/dynamics/pin_checkpoint.hpp"
#include "tribo/ode/rk4.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

namespace tribo {

void validateSettings(const PinParameters &pin, const IntegrationSettings &s, double extra_stiffness) {
  validatePinParameters(pin);
  if (!(s.duration > 0.0) || !std::isfinite(s.duration))
    throw InputError(fmt::format("duration = {} s: must be in (0, inf)", s.duration));
  if (s.output_stride < 1)
    throw InputError(fmt::format("output stride = {}: must be in [1, inf)", s.output_stride));
  validateTimeStep(pin, s.time_step, extra_stiffness);
}

long long stepCount(const IntegrationSettings &s) {
  return static_cast<long long>(std::ceil(s.duration / s.time_step * (1.0 - 1e-12)));
}

namespace {

// Position, velocity and the two work integrals, advanced together by the same stages.
using State = std::array<double, 4>;
enum : std::size_t { X, V, WORK_DRIVING, WORK_FRICTION };

struct Coefficients {
  DrivingForce driving; // Eq. 12 without friction
  double inv_m;
  explicit Coefficients(const PinParameters &p) : driving(p.driving()), inv_m(1.0 / p.mass) {}
};

// One RK4 step of y' = (v, (D - F)/m, D v, F v), D the driving force of Eq. 12.
template <class Friction>
inline State rk4Step(const Coefficients &p, double t, double h, const State &s, const Friction &friction) {
  const auto rate = [&](double tt, const State &y) {
    const double D = p.driving(tt, y[X], y[V]), F = friction(tt, y[X], y[V]);
    return State{y[V], (D - F) * p.inv_m, D * y[V], F * y[V]};
  };
  return tribo::rk4Step(rate, t, h, s);
}

class Recorder {
public:
  Recorder(const PinParameters &pin, const IntegrationSettings &s, PinTrajectory &out)
      : pin_(pin), out_(out) {
    const std::size_t n = static_cast<std::size_t>(stepCount(s) / s.output_stride + 1);
    for (auto *a : {&out.t, &out.x, &out.v, &out.spring_force, &out.friction_force, &out.work_driving,
                    &out.work_friction})
      a->reserve(n);
  }
  void operator()(double t, const State &s, double friction) {
    out_.t.push_back(t);
    out_.x.push_back(s[X]);
    out_.v.push_back(s[V]);
    out_.spring_force.push_back(pin_.springForce(t, s[X]));
    out_.friction_force.push_back(friction);
    out_.work_driving.push_back(s[WORK_DRIVING]);
    out_.work_friction.push_back(s[WORK_FRICTION]);
  }

private:
  const PinParameters &pin_;
  PinTrajectory &out_;
};

} // namespace

PinTrajectory integratePinSmooth(const PinParameters &pin,
                                 const std::function<double(double, double, double)> &friction,
                                 const IntegrationSettings &settings, const RunCheckpoints &checkpoints) {
  validateSettings(pin, settings);
  const Coefficients p(pin);
  PinTrajectory out;
  State s{};
  long long first = 0;
  if (checkpoints.resume) {
    const PinIntegrationState at = restorePinIntegration(*checkpoints.resume, s.size(), 0, settings, out);
    first = at.steps_done;
    std::copy(at.y.begin(), at.y.end(), s.begin());
  }
  Recorder record(pin, settings, out);
  const double h = settings.time_step;
  const long long n = stepCount(settings);
  if (first == 0) record(0.0, s, friction(0.0, s[X], s[V]));
  for (long long i = first; i < n; ++i) {
    s = rk4Step(p, i * h, h, s, friction);
    const double t = (i + 1) * h;
    if ((i + 1) % settings.output_stride == 0) record(t, s, friction(t, s[X], s[V]));
    if (checkpoints.dueAfter(i + 1, n))
      savePinIntegration(checkpoints, {i + 1, {s.begin(), s.end()}, {}}, out);
  }
  out.steps = n;
  return out;
}

PinTrajectory integratePinProfile(const PinParameters &pin, std::shared_ptr<const ProfileLookup> profile,
                                  const IntegrationSettings &settings, double relaxation_point,
                                  const RunCheckpoints &checkpoints) {
  if (!profile) throw InputError("profile friction: no profile given");
  // While the interface sticks elastically the pin sees k + K: the step must resolve that too.
  validateSettings(pin, settings, profile->profile().surface_stiffness);
  const Coefficients p(pin);
  PinTrajectory out;
  State s{};
  long long first = 0;
  if (checkpoints.resume) { // carried: the relaxation point x_R after the last step
    const PinIntegrationState at = restorePinIntegration(*checkpoints.resume, s.size(), 1, settings, out);
    first = at.steps_done;
    std::copy(at.y.begin(), at.y.end(), s.begin());
    relaxation_point = at.carried[0];
  }
  HystereticFriction interface(std::move(profile), relaxation_point);
  // Stages see the relaxation point of the step's start (frozen), Eq. 13.
  const auto friction = [&interface](double, double x, double) { return interface.force(x); };
  Recorder record(pin, settings, out);
  const double h = settings.time_step;
  const long long n = stepCount(settings);
  if (first == 0) {
    interface.accept(s[X]);
    record(0.0, s, interface.force(s[X]));
  }
  for (long long i = first; i < n; ++i) {
    s = rk4Step(p, i * h, h, s, friction);
    interface.accept(s[X]); // Eq. 14, once per accepted step
    if ((i + 1) % settings.output_stride == 0) record((i + 1) * h, s, interface.force(s[X]));
    if (checkpoints.dueAfter(i + 1, n))
      savePinIntegration(checkpoints, {i + 1, {s.begin(), s.end()}, {interface.relaxationPoint()}}, out);
  }
  out.steps = n;
  return out;
}

namespace {

/// The stick/slip motion of §2.2.3: stuck, x is fixed until the driving force exceeds the static limit;
/// slipping, RK4 runs Eq. 12 with the kinetic force until the speed vanishes and the pin sticks again.
class StickSlipMotion {
public:
  StickSlipMotion(const PinParameters &pin, const StickSlipLaw &law, PinTrajectory &out)
      : p_(pin), law_(law), out_(out) {}

  const State &state() const { return s_; }

  /// After `steps_done` steps; carried: stuck (1) or slipping (0), and the slip's direction.
  PinIntegrationState saved(long long steps_done) const {
    return {steps_done, {s_.begin(), s_.end()}, {sticking_ ? 1.0 : 0.0, direction_}};
  }
  void restore(const PinIntegrationState &at) {
    std::copy(at.y.begin(), at.y.end(), s_.begin());
    sticking_ = at.carried[0] != 0.0;
    direction_ = at.carried[1];
  }

  /// The friction force now: the driving force while stuck, the kinetic force while slipping.
  double friction(double t) const {
    return sticking_ ? p_.driving(t, s_[X], 0.0) : direction_ * law_.kinetic_force(std::fabs(s_[V]));
  }

  /// Advances from t to t_end through every stick/slip transition in between.
  void advance(double t, double t_end) {
    int transitions = 0;
    while (t < t_end) {
      if (++transitions > 100)
        throw SolverError(
            fmt::format("stick-slip integration: more than 100 stick/slip transitions within the "
                        "step at t = {} s; the law switches faster than the step resolves",
                        t));
      t = sticking_ ? stick(t, t_end) : slip(t, t_end);
    }
  }

private:
  static constexpr int bisections = 60; // 2^-60 of a step: event times exact to rounding

  /// Stick holds while |driving| <= max(static limit, kinetic force at zero speed).
  bool breaks(double t) const {
    const double D = p_.driving(t, s_[X], 0.0);
    return std::fabs(D) > std::max(law_.static_limit(t), law_.kinetic_force(0.0));
  }

  /// Stuck from t: stays so to t_end (x fixed, v = 0, no work done), or breaks free; returns when.
  double stick(double t, double t_end) {
    if (!breaks(t_end)) return t_end;
    // Locate the break: stuck at lo, broken at hi (the driving force is known in closed form).
    double lo = t, hi = t_end;
    if (breaks(t))
      hi = t;
    else
      for (int b = 0; b < bisections; ++b) {
        const double mid = 0.5 * (lo + hi);
        (breaks(mid) ? hi : lo) = mid;
      }
    t = hi;
    const double D = p_.driving(t, s_[X], 0.0);
    sticking_ = false;
    direction_ = D > 0.0 ? 1.0 : -1.0;
    out_.events.push_back({PinEventKind::slip_onset, t, s_[X], D});
    return t;
  }

  /// Slipping from t: one RK4 step to t_end, or to where the speed vanishes and the pin re-sticks;
  /// returns that time.
  double slip(double t, double t_end) {
    const double direction = direction_;
    const auto slip_friction = [&](double, double, double v) {
      return direction * law_.kinetic_force(std::fabs(v));
    };
    const State trial = rk4Step(p_, t, t_end - t, s_, slip_friction);
    if (direction * trial[V] > 0.0) {
      s_ = trial;
      return t_end;
    }
    // The speed vanished inside the step: bisect on the length of a fresh RK4 step from t.
    double lo = 0.0, hi = t_end - t;
    State at_hi = trial;
    for (int b = 0; b < bisections; ++b) {
      const double mid = 0.5 * (lo + hi);
      const State st = rk4Step(p_, t, mid, s_, slip_friction);
      if (direction * st[V] > 0.0)
        lo = mid;
      else {
        hi = mid;
        at_hi = st;
      }
    }
    s_ = at_hi;
    t += hi;
    s_[V] = 0.0; // re-stick: the residual speed is ~2^-60 of one step's change
    sticking_ = true;
    out_.events.push_back({PinEventKind::restick, t, s_[X], p_.driving(t, s_[X], 0.0)});
    return t;
  }

  const Coefficients p_;
  const StickSlipLaw &law_;
  PinTrajectory &out_;
  bool sticking_ = true;
  double direction_ = 0.0; // +1 or -1 while slipping
  State s_{};              // at rest at x = 0, t = 0 (§2.2.3)
};

} // namespace

PinTrajectory integratePinStickSlip(const PinParameters &pin, const StickSlipLaw &law,
                                    const IntegrationSettings &settings, const RunCheckpoints &checkpoints) {
  validateSettings(pin, settings);
  if (!law.static_limit || !law.kinetic_force)
    throw InputError("stick-slip law: static limit or kinetic force missing");
  PinTrajectory out;
  StickSlipMotion motion(pin, law, out);
  long long first = 0;
  if (checkpoints.resume) {
    const PinIntegrationState at =
        restorePinIntegration(*checkpoints.resume, motion.state().size(), 2, settings, out);
    first = at.steps_done;
    motion.restore(at);
  }
  Recorder record(pin, settings, out);
  const double h = settings.time_step;
  const long long n = stepCount(settings);
  if (first == 0) record(0.0, motion.state(), motion.friction(0.0));
  for (long long i = first; i < n; ++i) {
    const double t_end = (i + 1) * h;
    motion.advance(i * h, t_end);
    if ((i + 1) % settings.output_stride == 0) record(t_end, motion.state(), motion.friction(t_end));
    if (checkpoints.dueAfter(i + 1, n)) savePinIntegration(checkpoints, motion.saved(i + 1), out);
  }
  out.steps = n;
  return out;
}

} // namespace tribo
