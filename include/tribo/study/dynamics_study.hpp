// Study `dynamics`: the stage-driven pin of Eq. 12 with profile, Coulomb or any friction law, analysed and
// fitted (§3.3).
#pragma once

#include "tribo/dynamics/closed_form_fit.hpp"
#include "tribo/dynamics/friction_profile.hpp"
#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/rate_state_pin.hpp"
#include "tribo/dynamics/stick_slip_analysis.hpp"
#include "tribo/dynamics/stick_slip_law.hpp"
#include "tribo/study/case.hpp"

#include <map>
#include <memory>
#include <string>

namespace tribo {

class ConfigNode;

/// Everything the study reads, typed (keys and units in docs/dynamics.md).
struct DynamicsSetup {
  PinParameters pin;
  IntegrationSettings settings;
  double normal_load = 0.0; // W [N], contact.load
  std::string friction;     // "coulomb", "profile" or "law"
  CoulombParameters coulomb;
  /// friction = law: any law of tribo/friction/ from the input's root `friction:` block, with N = W.
  /// Stateless laws run on the stick/slip integrator (stickSlipLaw), RateAndState on
  /// integratePinRateState from `rate_state_start`.
  std::shared_ptr<const FrictionLaw> law;
  std::map<std::string, AttributeValue> law_parameters; // as makeFrictionLaw reports them
  RateStateStart rate_state_start;
  std::shared_ptr<const ProfileLookup> profile; // friction = profile
  std::string profile_source;                   // "file:case" for the record
  /// dynamics.allow_nonstationary_profile: extend a profile whose stationarity test failed (or that
  /// was written without one) periodically anyway. Off: such a profile is refused.
  bool allow_nonstationary_profile = false;
  StickDetection detection;
  std::string fit; // "none", "one_static", "two_static"
  double fit_switch_time = std::numeric_limits<double>::quiet_NaN();
};

/// Where `friction: profile` comes from: an HDF5 file of an earlier run (`profile_file`, `profile_case`,
/// `slab_width`), or the contact case of the same run (the pipeline of the `profile` study), which
/// fills `profile` and re-checks the time step against its stiffness K with validatePipelineProfile.
enum class ProfileOrigin { file, pipeline };

/// Reads and validates the `dynamics` block and `contact.load`; reads the profile file if any.
/// Throws InputError (naming key, value and range) before any work.
DynamicsSetup readDynamicsSetup(const ConfigNode &root, ProfileOrigin origin = ProfileOrigin::file);

/// The pipeline's profile, in place: validated, and the RK4 step checked against the profile's K.
void usePipelineProfile(DynamicsSetup &setup, FrictionProfile profile, const std::string &source);

/// Integrates, analyses, fits and fills `record` under dynamics/ (datasets t, x, v, F_spring,
/// F_friction; the closed-form fit's F_spring_fit, x_fit, v_fit; the summary as attributes).
/// A pipeline (contact profile, then dynamics) sets `setup.profile` from memory and calls this.
void runDynamics(const DynamicsSetup &setup, CaseRecord &record);

/// The study: one case.
std::vector<CasePlan> buildDynamicsStudy(const ConfigNode &root);

} // namespace tribo
