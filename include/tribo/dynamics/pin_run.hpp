// The stage-driven pin of Eq. 12 as a run(): integrate with the chosen friction, analyse the stick-slip
// and fit the closed form (§3.3), under the PETSc log stage "Dynamics". Returns plain results; the
// study maps them into its record.
#pragma once

#include "tribo/dynamics/closed_form_fit.hpp"
#include "tribo/dynamics/friction_profile.hpp"
#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/rate_state_pin.hpp"
#include "tribo/dynamics/stick_slip_analysis.hpp"
#include "tribo/dynamics/stick_slip_law.hpp"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tribo {

/// The friction on the pin, chosen once when the input is read: Coulomb (static/kinetic), the
/// nanoscale profile, a stateless law on the stick/slip integrator, or RateAndState.
enum class PinFriction { coulomb, profile, law, rate_state };
/// The input's word for it ("coulomb", "profile", "law": rate_state is a law).
const char *pinFrictionName(PinFriction f);

/// The closed-form fit of the spring force (closed_form_fit.hpp).
enum class PinFit { none, one_static, two_static };
const char *pinFitName(PinFit f);

/// What the run needs, typed (keys and units in docs/dynamics.md).
struct PinRun {
  PinParameters pin;
  IntegrationSettings settings;
  double normal_load = 0.0; // W [N]
  PinFriction friction = PinFriction::coulomb;
  CoulombParameters coulomb;                    // coulomb
  std::shared_ptr<const FrictionLaw> law;       // law, rate_state (N = W)
  RateStateStart rate_state_start;              // rate_state
  std::shared_ptr<const ProfileLookup> profile; // profile
  StickDetection detection;
  PinFit fit = PinFit::two_static;
  double fit_switch_time = std::numeric_limits<double>::quiet_NaN(); // [s]; NaN = automatic
};

/// The rate-and-state pin's stability numbers (docs/dynamics.md §9).
struct RateStateNumbers {
  double steady_state_mu = 0, quasi_static_critical_stiffness = 0, critical_stiffness = 0;
  double steady_sliding_stability_limit = 0; // [s]
};

struct PinRunResult {
  PinTrajectory trajectory;
  /// Energy balance: driving work = change of kinetic energy + friction work [J].
  double kinetic_energy = 0, initial_kinetic_energy = 0, energy_balance_error = 0;
  std::optional<RateStateNumbers> rate_state;
  /// The stick/slip integrator's exact events (coulomb, stateless law); empty otherwise.
  std::optional<std::vector<double>> event_slip_onsets, event_resticks;
  StickSlipSummary summary;
  std::string fit_status; // the fit's name, or why it was skipped
  std::optional<ClosedFormFit> fit;
  std::vector<double> x_fit, v_fit, F_spring_fit; // the fitted closed form at the samples
};

/// Integrates, analyses and fits (the "Dynamics" log stage); the integration takes `checkpoints`,
/// counted in RK4 steps (pin_integrator.hpp).
PinRunResult runPin(const PinRun &run, const RunCheckpoints &checkpoints = {});

} // namespace tribo
