// The circle's first gap root along the pin's motion (docs/model.md §8, §12).
#include "tribo/contact/curved_pin.hpp"

#include <algorithm>
#include <limits>

namespace tribo {

double CurvedPin::firstGapRoot(const GapAlongMotion &g, double limit, double gap_tol,
                               double resolution) const {
  auto gap = [&](double s) { return g.gap(s, height(g.xi(s))); };
  auto rate = [&](double s) { return g.gapRate(slope(g.xi(s))); };
  double s = 0;
  for (int it = 0; it < 60 && s < limit; ++it) {
    const double r = rate(s);
    if (!(r < 0)) break;
    const double next = s - gap(s) / r;
    if (std::abs(next - s) <= 1e-15 * std::max(next, resolution)) {
      s = next;
      break;
    }
    s = next;
  }
  // No root where s stayed at 0 (the gap does not close) or passed the limit (the caller has a smaller
  // step): the gap, a square root, is evaluated only for a candidate (issue 20: nearly every free node of
  // an event search is one of the first two kinds).
  if (s > 0 && s < limit && std::abs(gap(s)) <= gap_tol) return s;
  return std::numeric_limits<double>::infinity();
}

} // namespace tribo
