// The PETSc TS driver for small ODE systems: accuracy, dense output, event location.
#include "tribo/core/error.hpp"
#include "tribo/ode/adaptive_ode.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

// y' = -y: error-controlled to rel_tol 1e-10 over [0, 5]; the global error of a 5th-order pair
// with local control stays within a small multiple of the tolerance (here 1e-9 relative).
// The dense-output samples between steps are 4th-order accurate: 1e-7 relative.
TEST(OdeAdaptive, ExponentialDecayAndDenseOutput) {
  OdeSystem s;
  s.size = 1;
  s.rhs = [](double, const double *y, double *f) { f[0] = -y[0]; };
  OdeOptions o;
  o.rel_tol = 1e-10;
  o.t_max = 5.0;
  o.samples_per_step = 5;
  o.output_times = {0.0, 0.123, 1.0, 4.99, 5.0, 7.0};
  const OdeResult r = integrateOde(s, 0.0, {1.0}, o);
  ASSERT_EQ(r.output_t.size(), 5u); // 7.0 lies beyond the end
  for (std::size_t i = 0; i < r.output_t.size(); ++i) {
    EXPECT_EQ(r.output_t[i], o.output_times[i]);
    EXPECT_NEAR(r.output_y[i], std::exp(-r.output_t[i]), 1e-7 * std::exp(-r.output_t[i]));
  }
  EXPECT_EQ(r.event, -1);
  EXPECT_DOUBLE_EQ(r.t, 5.0);
  EXPECT_NEAR(r.y[0], std::exp(-5.0), 1e-9 * std::exp(-5.0));
  ASSERT_GT(r.sample_t.size(), static_cast<std::size_t>(r.steps));
  for (std::size_t i = 0; i < r.sample_t.size(); ++i)
    EXPECT_NEAR(r.sample_y[i], std::exp(-r.sample_t[i]), 1e-7 * std::exp(-r.sample_t[i])) << r.sample_t[i];
}

// A terminal event on a linear function is located to the event tolerance: y' = -2, y(0) = 3,
// event y = 0 at t = 1.5.
TEST(OdeAdaptive, LocatesTerminalEvent) {
  OdeSystem s;
  s.size = 1;
  s.rhs = [](double, const double *, double *f) { f[0] = -2.0; };
  s.n_events = 1;
  s.events = [](double, const double *y, double *g) { g[0] = y[0]; };
  s.event_tolerance = {1e-13};
  const OdeResult r = integrateOde(s, 0.0, {3.0}, {});
  EXPECT_EQ(r.event, 0);
  EXPECT_NEAR(r.t, 1.5, 1e-12);
  EXPECT_NEAR(r.y[0], 0.0, 1e-12);
}

// A quadratic event function (free fall, y = 1 - t^2/2, hits 0 at sqrt 2) needs the iteration.
TEST(OdeAdaptive, LocatesNonlinearEvent) {
  OdeSystem s;
  s.size = 2;
  s.rhs = [](double, const double *y, double *f) {
    f[0] = y[1];
    f[1] = -1.0;
  };
  s.n_events = 1;
  s.events = [](double, const double *y, double *g) { g[0] = y[0]; };
  s.event_tolerance = {1e-12};
  const OdeResult r = integrateOde(s, 0.0, {1.0, 0.0}, {});
  EXPECT_EQ(r.event, 0);
  EXPECT_NEAR(r.t, std::sqrt(2.0), 1e-11);
}

TEST(OdeAdaptive, ExceptionsFromTheRightHandSidePropagate) {
  OdeSystem s;
  s.size = 1;
  s.rhs = [](double t, const double *, double *f) {
    if (t > 0.5) throw InputError("boom");
    f[0] = 1.0;
  };
  OdeOptions o;
  o.t_max = 1.0;
  EXPECT_THROW(integrateOde(s, 0.0, {0.0}, o), InputError);
}
