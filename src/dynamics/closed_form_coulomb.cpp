// The closed-form Coulomb stick-slip solution: stick (Eq. 16), slip (Eq. 17), onset (Eqs. 18-19), re-stick.
#include "tribo/dynamics/closed_form_coulomb.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace tribo {

CoulombClosedForm::CoulombClosedForm(const PinParameters &pin, double W, const CoulombParameters &coulomb,
                                     double t_end)
    : pin_(pin), W_(W), coulomb_(coulomb) {
  validatePinParameters(pin);
  validateCoulomb(coulomb);
  if (!(pin.damping_ratio < 1.0))
    throw InputError(fmt::format("closed-form Coulomb model: damping ratio zeta = {} must be in [0, 1)",
                                 pin.damping_ratio));
  if (!(pin.stage_velocity > 0.0))
    throw InputError(fmt::format("closed-form Coulomb model: stage velocity V_o = {} m/s must be in (0, inf)",
                                 pin.stage_velocity));
  if (!(W > 0.0)) throw InputError(fmt::format("normal load W = {} N: must be in (0, inf)", W));
  const double k = pin.spring_stiffness, c = pin.damping(), V = pin.stage_velocity;
  const double wn = pin.naturalFrequency();
  zeta_wn_ = pin.damping_ratio * wn;
  wd_ = pin.dampedFrequency();

  // Eq. 19: stick from t_stick at x_stick ends when the driving force reaches mu_s W; the driving
  // force grows linearly, so each static coefficient gives one crossing; with the switch,
  // mu_s_before holds up to switch_time and mu_s_after afterwards.
  const auto onset = [&](double t_stick, double x_stick) {
    const auto crossing = [&](double mu_s) { return mu_s * W / (k * V) - c / k + x_stick / V; };
    if (t_stick <= coulomb.switch_time) {
      const double t1 = std::max(t_stick, crossing(coulomb.mu_s_before));
      if (t1 <= coulomb.switch_time) return t1;
      return std::max(coulomb.switch_time, crossing(coulomb.mu_s_after));
    }
    return std::max(t_stick, crossing(coulomb.mu_s_after));
  };

  double t_stick = 0.0, x_stick = 0.0;
  for (;;) {
    phases_.push_back({false, t_stick, x_stick, 0.0, 0.0, 0.0});
    const double t_slip = onset(t_stick, x_stick);
    if (t_slip >= t_end) break;
    events_.push_back({PinEventKind::slip_onset, t_slip, x_stick, pin.drivingForce(t_slip, x_stick, 0.0)});
    Phase slip{true, t_slip, x_stick, 0.0, 0.0, 0.0};
    slip.A = x_stick - V * t_slip + coulomb.mu_k * W / k;
    slip.B_x = (zeta_wn_ * slip.A - V) / wd_;
    slip.B_v = (zeta_wn_ * V - wn * wn * slip.A) / wd_;
    phases_.push_back(slip);

    // Re-stick: first zero of v after t_slip. Past tau_max no zero is possible, because
    // |v - V_o| <= e^{-zeta w_n tau} sqrt(V_o^2 + B_v^2) < V_o.
    const double amplitude = std::sqrt(V * V + slip.B_v * slip.B_v);
    const double tau_decay = zeta_wn_ > 0.0 ? std::log(amplitude / V) / zeta_wn_ : INFINITY;
    const double tau_max = std::min(t_end - t_slip, tau_decay);
    const double dtau = 2.0 * M_PI / wd_ / 256.0;
    const auto speed = [&](double tau) { return evaluate(slip, t_slip + tau).v; };
    double tau_restick = -1.0;
    for (double lo = 0.0; lo < tau_max; lo += dtau) {
      const double hi = lo + dtau;
      if (lo > 0.0 && speed(lo) <= 0.0) { // exactly zero at a grid point
        tau_restick = lo;
        break;
      }
      if (speed(hi) <= 0.0) {
        double a = lo, b = hi;
        for (int i = 0; i < 100 && b - a > 1e-15 * (t_slip + b); ++i) {
          const double mid = 0.5 * (a + b);
          (speed(mid) > 0.0 ? a : b) = mid;
        }
        tau_restick = b;
        break;
      }
    }
    if (tau_restick < 0.0 || t_slip + tau_restick >= t_end) break;
    t_stick = t_slip + tau_restick;
    x_stick = evaluate(slip, t_stick).x;
    const double D = pin.drivingForce(t_stick, x_stick, 0.0);
    if (D < -coulomb.muStatic(t_stick) * W)
      throw SolverError(fmt::format("closed-form Coulomb model: the pin would slip backwards at t = {} s "
                                    "(driving force {} N); the closed form covers forward slip only",
                                    t_stick, D));
    events_.push_back({PinEventKind::restick, t_stick, x_stick, D});
  }
}

CoulombClosedForm::Sample CoulombClosedForm::evaluate(const Phase &phase, double t) const {
  const double V = pin_.stage_velocity, k = pin_.spring_stiffness;
  if (!phase.slip) return {phase.x_start, 0.0, k * (V * t - phase.x_start)}; // Eq. 16
  const double tau = t - phase.t_start;
  const double decay = std::exp(-zeta_wn_ * tau), cs = std::cos(wd_ * tau), sn = std::sin(wd_ * tau);
  const double x = V * t - coulomb_.mu_k * W_ / k + decay * (phase.A * cs + phase.B_x * sn); // Eq. 17
  const double v = V + decay * (-V * cs + phase.B_v * sn);
  return {x, v, k * (V * t - x)};
}

CoulombClosedForm::Sample CoulombClosedForm::at(double t) const {
  auto it = std::upper_bound(phases_.begin(), phases_.end(), t,
                             [](double tt, const Phase &ph) { return tt < ph.t_start; });
  if (it != phases_.begin()) --it;
  return evaluate(*it, t);
}

std::vector<double> CoulombClosedForm::springForce(const std::vector<double> &sorted_t) const {
  std::vector<double> out;
  out.reserve(sorted_t.size());
  std::size_t phase = 0;
  for (double t : sorted_t) {
    while (phase + 1 < phases_.size() && phases_[phase + 1].t_start <= t)
      ++phase;
    out.push_back(evaluate(phases_[phase], t).spring_force);
  }
  return out;
}

} // namespace tribo
