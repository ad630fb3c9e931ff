// Least-squares fit of the closed-form Coulomb model (Eqs. 16-19) to a spring-force record (§3.3, Fig. 9).
#pragma once

#include "tribo/dynamics/pin_parameters.hpp"
#include "tribo/dynamics/stick_slip_analysis.hpp"
#include "tribo/dynamics/stick_slip_law.hpp"

#include <limits>
#include <vector>

namespace tribo {

struct ClosedFormFitOptions {
  /// Fit two static coefficients with a switch time, as the paper does for Fig. 9, or a single one.
  bool two_static = true;
  /// The switch time [s]; NaN = automatic: the middle of each detected stick phase after the first
  /// is tried in turn and the best fit kept. Only the stick phase the switch falls in matters (any
  /// time between its re-stick and the model's onset gives the same model), so it is not a
  /// continuous parameter of the fit.
  double switch_time = std::numeric_limits<double>::quiet_NaN();
};

struct ClosedFormFit {
  CoulombParameters parameters;
  double rms_misfit = 0.0; // sqrt(mean (F_model - F_record)^2) over the record [N]
  int evaluations = 0;     // closed-form evaluations of the record, over all tries
};

/// Minimises the RMS misfit of the closed-form spring force k(V_o t - x) against `spring_force` at
/// the times `t` (sorted) over (mu_s[, mu_s_after], mu_k) by Nelder-Mead (PETSc TAO, TAONM; options
/// prefix -dynamics_fit_), started from the record's own estimates in `summary` (first onset's mu_s,
/// mean-friction mu_k). Parameter sets with mu_s < mu_k are rejected. Throws InputError if the record
/// shows no slip onset (nothing to fit).
ClosedFormFit fitClosedForm(const PinParameters &pin, double W, const std::vector<double> &t,
                            const std::vector<double> &spring_force, const StickSlipSummary &summary,
                            const ClosedFormFitOptions &options);

/// The RMS misfit of one parameter set [N].
double closedFormMisfit(const PinParameters &pin, double W, const std::vector<double> &t,
                        const std::vector<double> &spring_force, const CoulombParameters &coulomb);

} // namespace tribo
