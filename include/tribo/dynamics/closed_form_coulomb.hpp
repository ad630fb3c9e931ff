// The closed-form stick-slip solution of Eq. 12 with Coulomb friction (Eqs. 16-19), derived in
// docs/dynamics.md.
#pragma once

#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/pin_parameters.hpp"
#include "tribo/dynamics/stick_slip_law.hpp"

#include <vector>

namespace tribo {

/// The pin of Eq. 12 under Coulomb friction, solved exactly phase by phase from rest at x = 0, t = 0
/// (underdamped, 0 <= zeta < 1, V_o > 0, forward slip):
///  stick (Eq. 16): x = x_stick, v = 0, F_spring = k(V_o t - x_stick);
///  slip onset (Eqs. 18-19): the first t >= t_stick with k(V_o t - x_stick) + c V_o = mu_s(t) W;
///  slip (Eq. 17, corrected): with tau = t - t_slip and A = x_stick - V_o t_slip + mu_k W / k,
///    x = V_o t - mu_k W / k + e^{-zeta w_n tau} [A cos w_d tau + (zeta w_n A - V_o)/w_d sin w_d tau]
///    v = V_o + e^{-zeta w_n tau} [-V_o cos w_d tau + (zeta w_n V_o - w_n^2 A)/w_d sin w_d tau]
///  re-stick: the first tau > 0 with v = 0 (found by a scan of w_d tau in steps of 2 pi / 256 and
///    bisection); the pin sticks if |k(V_o t - x) + c V_o| <= mu_s(t) W there, else slips on.
class CoulombClosedForm {
public:
  struct Sample {
    double x, v, spring_force;
  };
  /// Solves up to t_end [s]; throws InputError for zeta >= 1 or V_o <= 0, SolverError if the pin
  /// would slip backwards (outside the closed form).
  CoulombClosedForm(const PinParameters &pin, double W, const CoulombParameters &coulomb, double t_end);

  Sample at(double t) const;
  /// Slip onsets and re-sticks in time order.
  const std::vector<PinEvent> &events() const { return events_; }
  /// Evaluates at sorted times in one pass (for fits).
  std::vector<double> springForce(const std::vector<double> &sorted_t) const;

private:
  struct Phase {
    bool slip;
    double t_start;     // t_stick or t_slip
    double x_start;     // x_stick
    double A, B_x, B_v; // slip coefficients
  };
  Sample evaluate(const Phase &phase, double t) const;

  PinParameters pin_;
  double W_, zeta_wn_, wd_;
  CoulombParameters coulomb_;
  std::vector<Phase> phases_;
  std::vector<PinEvent> events_;
};

} // namespace tribo
