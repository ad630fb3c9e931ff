// A series of simulated throws, filmed, measured and analysed (disk paper §4).
#include "tribo/disk/throw_experiment.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace tribo {

ThrowSeries simulateThrows(const FrictionCurve &curve, const DiskBody &body0, const ThrowExperiment &x,
                           const MotionOptions &motion) {
  ThrowSeries s;
  for (int n = 1; n <= x.throws; ++n) {
    DiskBody body = body0;
    body.mu = x.drift.at(n); // the throw's true coefficient
    const double frac = x.throws > 1 ? static_cast<double>(n - 1) / (x.throws - 1) : 0.0;
    const double eps_init = x.eps_min * std::pow(x.eps_max / x.eps_min, frac);
    const double omega0 = x.v0 / (body.radius * eps_init);
    MotionOptions o = motion;
    o.frame_times.clear();
    for (int k = 0; k < x.frames; ++k)
      o.frame_times.push_back(x.delay + k / x.frame_rate);
    const Trajectory tr = integrateMotion(curve, body, x.v0, omega0, o);
    if (static_cast<int>(tr.frame_t.size()) < x.frames)
      throw InputError(
          fmt::format("disk.analysis: throw {} stops or hands over to Eq. 6 before its last frame "
                      "at {:g} s; shorten disk.analysis.delay or frames",
                      n, o.frame_times.back()));
    const ThrowMeasurement m = measureThrow(n, tr.frame_t, tr.frame_distance, tr.frame_angle);
    const RecoveredFriction r = recoverFriction(m, body, x.drift.at(n));
    const RecoveredFriction naive = recoverFriction(m, body, x.drift.mu0);
    const ForceTorque truth = curve(r.eps);
    s.n.push_back(n);
    s.mu.push_back(r.mu);
    s.eps.push_back(r.eps);
    s.F.push_back(r.F);
    s.T.push_back(r.T);
    s.F_constant_mu.push_back(naive.F);
    s.T_constant_mu.push_back(naive.T);
    s.F_theory.push_back(truth.F);
    s.T_theory.push_back(truth.T);
    s.max_rel_error =
        std::max({s.max_rel_error, std::abs(r.F - truth.F) / truth.F, std::abs(r.T - truth.T) / truth.T});
  }
  return s;
}

} // namespace tribo
