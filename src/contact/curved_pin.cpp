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
  for (int it = 0; it < 60 && rate(s) < 0 && s < limit; ++it) {
    const double next = s - gap(s) / rate(s);
    if (std::abs(next - s) <= 1e-15 * std::max(next, resolution)) {
      s = next;
      break;
    }
    s = next;
  }
  if (std::abs(gap(s)) <= gap_tol && s > 0) return s;
  return std::numeric_limits<double>::infinity();
}

} // namespace tribo
