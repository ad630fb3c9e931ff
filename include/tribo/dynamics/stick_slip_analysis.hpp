// Macroscopic stick and slip phases of a pin record, and the static and kinetic coefficients they give
// (§3.3).
#pragma once

#include "tribo/dynamics/pin_integrator.hpp"
#include "tribo/dynamics/pin_parameters.hpp"

#include <limits>
#include <vector>

namespace tribo {

/// The rule that calls a stretch of the record a macroscopic stick:
///  1. a sample is "stuck" when |v| < velocity_tolerance;
///  2. a run of non-stuck samples shorter than min_duration between two stuck runs is a nanoscale
///     burst inside a stick (Fig. 11) and becomes stuck;
///  3. then a stuck run shorter than min_duration is a passing zero of the speed and becomes sliding.
/// A slip onset is the last sample of a stick run followed by sliding; a re-stick is the first sample
/// of a stick run preceded by sliding. Times are therefore resolved to one output sample plus the time
/// the speed needs to pass the tolerance.
struct StickDetection {
  double velocity_tolerance = 0.0; // [m/s]
  double min_duration = 0.0;       // [s]
};

struct StickSlipSummary {
  std::vector<double> slip_onsets; // [s]
  std::vector<double> resticks;    // [s]
  /// Per onset: (spring + damper force at the onset sample) / W, the static coefficient it shows.
  std::vector<double> mu_s;
  /// Mean friction force over all sliding samples / W (NaN without sliding).
  double mu_k = std::numeric_limits<double>::quiet_NaN();
  double sliding_time = 0.0; // total time classified as sliding [s]
  std::vector<char> stuck;   // the classification of every sample (1 = stuck)
};

StickSlipSummary analyseStickSlip(const PinTrajectory &record, const PinParameters &pin, double W,
                                  const StickDetection &rule);

} // namespace tribo
