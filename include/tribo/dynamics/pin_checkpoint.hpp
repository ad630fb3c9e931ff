// An RK4 integration of Eq. 12 between two steps (issue 18): the steps taken, the integrated vector,
// what the friction carries from step to step, and the record so far, so that a resumed integration
// ends bit for bit as the uninterrupted one.
#pragma once

#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/io/run_checkpoints.hpp"

#include <cstddef>
#include <vector>

namespace tribo {

/// Where an integration stands after `steps_done` steps. The time is steps_done * Delta t.
struct PinIntegrationState {
  long long steps_done = 0;
  std::vector<double> y;       // the integrated vector: x, v, [theta,] work of spring + damper, of friction
  std::vector<double> carried; // the friction's own state between steps, as each integrator defines it
};

/// Puts `state` and the record `so_far` (events included) into a checkpoint and saves it.
void savePinIntegration(const RunCheckpoints &checkpoints, const PinIntegrationState &state,
                        const PinTrajectory &so_far);

/// The state saved in `checkpoint`, its record moved into `so_far`. IoError unless it fits the
/// integration asked for: `y_size` and `carried_size` values, fewer steps than the run's, and one
/// sample per output stride since step 0.
PinIntegrationState restorePinIntegration(const CaseRecord &checkpoint, std::size_t y_size,
                                          std::size_t carried_size, const IntegrationSettings &settings,
                                          PinTrajectory &so_far);

/// The RK4 steps a saved integration had taken (the study's progress line).
long long savedPinSteps(const CaseRecord &checkpoint);

} // namespace tribo
