// Johnson's frictionless line contact (a << L_x) on the pin-on-slab model, shared by the Hertz tests of
// test_contact.cpp (from half Hertz's width) and test_normal_contact_start.cpp (from the coarser grids).
#pragma once

#include "tribo/contact/pin_on_slab.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace tribo::test {

/// No friction, and the load that gives Hertz's half-width a = 0.05 L_x: P = pi a^2 E* / (4 R) per depth.
inline void setHertzLineContact(PinOnSlabSetup &s) {
  s.contact.frictionless = true;
  const double a = 0.05 * s.slab.length_x, R = s.radius_over_Lx * s.slab.length_x;
  s.load = M_PI * a * a * s.slab.elastic.planeStrainModulus() / (4 * R) * s.slab.depth_y;
}

/// The settled contact against Hertz: it carries the load, its edges lie within 1.5 node spacings of
/// +-a, I-III hold, and the RMS pressure error against p0 sqrt(1 - (x/a)^2) over |x| <= 0.8 a, relative
/// to p0, stays below 3 % (the slab is finite, depth 20 a, and the edge resolved to a few nodes).
/// Returns that RMS error.
inline double expectHertzLineContact(PinOnSlab &model) {
  const FrictionalContact &c = model.contact();
  const auto &x = model.surface().surfaceX();
  const auto &width = model.surface().surfaceWidth();
  const double a = model.hertzHalfWidth(), P = model.loadPerDepth(), p0 = 2 * P / (M_PI * a);
  const double xc = model.setup().center_over_Lx * model.setup().slab.length_x, dx = x[1] - x[0];
  double x_lo = 1e9, x_hi = -1e9, total = 0, err2 = 0;
  int n = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (!c.inContact()[k]) continue;
    x_lo = std::min(x_lo, x[k] - xc);
    x_hi = std::max(x_hi, x[k] - xc);
    total += c.state().fz[k];
    const double r = (x[k] - xc) / a;
    if (std::abs(r) > 0.8) continue;
    err2 += std::pow((c.state().fz[k] / width[k] - p0 * std::sqrt(1 - r * r)) / p0, 2);
    ++n;
  }
  EXPECT_NEAR(total, P, 1e-8 * P) << "the contact carries the load";
  EXPECT_NEAR(x_hi, a, 1.5 * dx);
  EXPECT_NEAR(-x_lo, a, 1.5 * dx);
  EXPECT_EQ(c.worstViolation(), 0.0);
  const double rms = std::sqrt(err2 / std::max(n, 1));
  EXPECT_LT(rms, 0.03) << "RMS pressure error relative to p0 over |x| <= 0.8 a";
  return rms;
}

} // namespace tribo::test
