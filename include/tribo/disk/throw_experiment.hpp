// The disk paper's experiment, simulated (§4): a series of throws at log-spaced initial eps, each
// filmed at a frame rate, measured (throw_analysis.hpp) and its friction recovered with the drifting
// and with a constant mu, against the theory's F and T at the recovered eps.
#pragma once

#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/disk_motion.hpp"
#include "tribo/disk/throw_analysis.hpp"

#include <vector>

namespace tribo {

struct ThrowExperiment {
  int throws = 0;
  FrictionDrift drift;
  double v0 = 0.0;                     // [m/s]
  double eps_min = 0.0, eps_max = 0.0; // initial eps spread over the throws (log-spaced)
  double frame_rate = 0.0;             // [1/s]
  int frames = 0;
  double delay = 0.0; // [s] first frame after launch
};

/// One entry per throw n = 1..throws.
struct ThrowSeries {
  std::vector<double> n, mu, eps, F, T;             // the throw's mu and what the analysis recovers
  std::vector<double> F_constant_mu, T_constant_mu; // recovered with the first throw's mu
  std::vector<double> F_theory, T_theory;           // the curve at the recovered eps
  double max_rel_error = 0.0;                       // of F and T against the theory
};

/// Throws InputError when a throw stops (or hands over to Eq. 6) before its last frame.
ThrowSeries simulateThrows(const FrictionCurve &curve, const DiskBody &body, const ThrowExperiment &x,
                           const MotionOptions &motion);

} // namespace tribo
