// Adaptive, error-controlled integration of small ODE systems with terminal events (PETSc TS).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tribo {

/// y' = rhs(t, y) with optional terminal events g_i(t, y) = 0 (any crossing direction).
struct OdeSystem {
  int size = 0;
  std::function<void(double t, const double *y, double *dydt)> rhs;
  int n_events = 0;
  std::function<void(double t, const double *y, double *g)> events;
  std::vector<double> event_tolerance; // |g_i| accepted as zero when locating event i
};

struct OdeOptions {
  double rel_tol = 1e-10;
  std::vector<double> abs_tol; // per component; empty = rel_tol * 1e-6
  double t_max = 1e300;        // integrate at most to this time (matched exactly)
  double dt0 = 1e-3;           // first trial step
  int max_steps = 200000;
  /// Samples recorded per accepted step: the step end plus samples_per_step - 1 interior points
  /// from the scheme's dense output (for smooth plots without shortening the steps).
  int samples_per_step = 1;
  /// Times (increasing) at which the state is also recorded, from the dense output, into
  /// OdeResult::output_y; times beyond the end of the run are skipped.
  std::vector<double> output_times;
  /// PETSc options prefix: `-<prefix>ts_rk_type 4`, `-<prefix>ts_adapt_type`, ... override defaults.
  std::string options_prefix = "ode_";
};

struct OdeResult {
  double t = 0.0;
  std::vector<double> y;
  int steps = 0;
  int event = -1; // index of the terminal event that stopped the run, -1 if t_max was reached
  std::vector<double> sample_t;
  std::vector<double> sample_y; // row-major, sample_t.size() x size
  std::vector<double> output_t; // the requested output_times reached by the run
  std::vector<double> output_y; // row-major, output_t.size() x size
};

/// Integrates from (t0, y0) with PETSc TS: explicit Runge-Kutta TSRK5DP (Dormand-Prince 5(4)) with
/// the basic error-based step adaptivity, and TSEvent for the terminal events. Throws SolverError
/// if the step limit is hit; exceptions thrown by rhs or events propagate.
OdeResult integrateOde(const OdeSystem &system, double t0, const std::vector<double> &y0,
                       const OdeOptions &options);

} // namespace tribo
