// Study `dynamics`: the stage-driven pin of Eq. 12 with profile, Coulomb or any friction law, analysed and
// fitted (§3.3).
#pragma once

#include "tribo/dynamics/pin_run.hpp"
#include "tribo/study/case.hpp"

#include <map>
#include <memory>
#include <string>

namespace tribo {

class ConfigNode;

/// Everything the study reads, typed (keys and units in docs/dynamics.md): the run's physics (PinRun)
/// and what only the record needs.
struct DynamicsSetup : PinRun {
  std::map<std::string, AttributeValue> law_parameters; // as makeFrictionLaw reports them
  std::string profile_source;                           // "file:case" for the record
  /// dynamics.allow_nonstationary_profile: extend a profile whose stationarity test failed (or that
  /// was written without one) periodically anyway. Off: such a profile is refused.
  bool allow_nonstationary_profile = false;
  CheckpointSchedule checkpoints; // dynamics.checkpoint_every (RK4 steps), dynamics.checkpoint_minutes
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

/// Reads /cases/<case_id>/profile of an earlier run (io/profile_reader), scales it by L_x [m] and
/// W [N] (scaleProfile) and validates it (NaNs, decreasing delta, ... are InputErrors naming the
/// file and case).
FrictionProfile readFrictionProfile(const std::string &file, const std::string &case_id, double L_x,
                                    double W);

/// The pin's checkpoints through the case's `checkpoint`, on `setup.checkpoints`, resuming from `saved`
/// (may be null; if not, says so on `comm` for case `id`). The clock is read every 2^14 RK4 steps.
RunCheckpoints pinCheckpoints(const DynamicsSetup &setup, CaseCheckpoint &checkpoint, const CaseRecord *saved,
                              MPI_Comm comm, const std::string &id);

/// Runs the pin (runPin: the "Dynamics" stage) with `checkpoints` and fills `record` under dynamics/
/// (datasets t, x, v, F_spring, F_friction; the closed-form fit's F_spring_fit, x_fit, v_fit; the summary as
/// attributes). A pipeline (contact profile, then dynamics) sets `setup.profile` from memory and calls this.
void runDynamics(const DynamicsSetup &setup, CaseRecord &record, const RunCheckpoints &checkpoints = {});

/// The study: one case.
std::vector<CasePlan> buildDynamicsStudy(const ConfigNode &root);

} // namespace tribo
