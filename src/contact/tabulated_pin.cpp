// The tabulated pin (docs/model.md §8.1): a C1 cubic Hermite through the table, node slopes from the
// three-point formula, each piece handled in its Bernstein form.
#include "tribo/contact/tabulated_pin.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <utility>

namespace tribo {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
// Round-off of a Bernstein sum relative to the sum of |b_k| (about 45 ulps; the sum has 4 terms of a few
// operations each).
constexpr double evaluation_margin = 1e-14;

/// Three-point slopes, exact for quadratics: interior nodes weight the two secants by the far spacing,
/// the end nodes take the derivative of the parabola through their first three points.
std::vector<double> threePointSlopes(const std::vector<double> &x, const std::vector<double> &h) {
  const std::size_t n = x.size();
  std::vector<double> dx(n - 1), secant(n - 1), d(n);
  for (std::size_t j = 0; j + 1 < n; ++j) {
    dx[j] = x[j + 1] - x[j];
    secant[j] = (h[j + 1] - h[j]) / dx[j];
  }
  for (std::size_t j = 1; j + 1 < n; ++j)
    d[j] = (dx[j] * secant[j - 1] + dx[j - 1] * secant[j]) / (dx[j - 1] + dx[j]);
  d[0] = secant[0] - dx[0] * (secant[1] - secant[0]) / (dx[0] + dx[1]);
  d[n - 1] = secant[n - 2] + dx[n - 2] * (secant[n - 2] - secant[n - 3]) / (dx[n - 3] + dx[n - 2]);
  return d;
}
} // namespace

TabulatedPin::TabulatedPin(std::vector<double> x, std::vector<double> h, std::string source,
                           double bottom_radius)
    : x_(std::move(x)), h_(std::move(h)), source_(std::move(source)), bottom_radius_(bottom_radius) {
  if (x_.size() != h_.size() || x_.size() < 4)
    throw InputError(fmt::format("{}: the pin's profile needs at least 4 points (x, h), got {}", source_,
                                 std::min(x_.size(), h_.size())));
  for (std::size_t j = 0; j < x_.size(); ++j) {
    if (!std::isfinite(x_[j]) || !std::isfinite(h_[j]))
      throw InputError(fmt::format("{}: point {}: x and h must be finite", source_, j + 1));
    if (j > 0 && !(x_[j] > x_[j - 1]))
      throw InputError(fmt::format("{}: point {}: x must increase strictly (a profile is a function of x)",
                                   source_, j + 1));
  }
  d_ = threePointSlopes(x_, h_);
  lower_.resize(x_.size() - 1);
  for (std::size_t j = 0; j < lower_.size(); ++j) {
    double b[4];
    bernstein(j, b);
    const double size = std::abs(b[0]) + std::abs(b[1]) + std::abs(b[2]) + std::abs(b[3]);
    lower_[j] = std::min({b[0], b[1], b[2], b[3]}) - evaluation_margin * size; // convex hull of the b_k
  }
  block_lower_.assign((lower_.size() + block - 1) / block, inf);
  for (std::size_t j = 0; j < lower_.size(); ++j)
    block_lower_[j / block] = std::min(block_lower_[j / block], lower_[j]);
}

std::size_t TabulatedPin::piece(double xi) const {
  if (!(xi >= x_.front() && xi <= x_.back()))
    throw SolverError(fmt::format("{}: the pin's profile covers x in [{:g}, {:g}] m from its centre, but a "
                                  "slab node reached x = {:g} m: tabulate a longer profile",
                                  source_, x_.front(), x_.back(), xi));
  const auto it = std::upper_bound(x_.begin(), x_.end(), xi);
  return std::min<std::size_t>(static_cast<std::size_t>(it - x_.begin()), x_.size() - 1) - 1;
}

void TabulatedPin::bernstein(std::size_t j, double b[4]) const {
  const double dx = x_[j + 1] - x_[j];
  b[0] = h_[j];
  b[1] = h_[j] + dx * d_[j] / 3;
  b[2] = h_[j + 1] - dx * d_[j + 1] / 3;
  b[3] = h_[j + 1];
}

double TabulatedPin::heightOn(std::size_t j, double xi) const {
  double b[4];
  bernstein(j, b);
  const double t = (xi - x_[j]) / (x_[j + 1] - x_[j]), r = 1 - t;
  return r * r * r * b[0] + 3 * r * r * t * b[1] + 3 * r * t * t * b[2] + t * t * t * b[3];
}

double TabulatedPin::slopeOn(std::size_t j, double xi) const {
  double b[4];
  bernstein(j, b);
  const double dx = x_[j + 1] - x_[j];
  const double t = (xi - x_[j]) / dx, r = 1 - t;
  return 3 * (r * r * (b[1] - b[0]) + 2 * r * t * (b[2] - b[1]) + t * t * (b[3] - b[2])) / dx;
}

double TabulatedPin::height(double xi) const {
  return heightOn(piece(xi), xi);
}
double TabulatedPin::slope(double xi) const {
  return slopeOn(piece(xi), xi);
}

// The interpolant on a piece lies in the convex hull of its Bernstein coefficients, so it is at least
// their minimum (less the round-off of its evaluation): above a depth below that, surely.
bool TabulatedPin::clearlyAbove(double xi, double depth) const {
  if (!(xi >= x_.front() && xi <= x_.back())) return false; // height() then names the table
  return lower_[piece(xi)] > depth;
}

double TabulatedPin::bottomRadius() const {
  if (bottom_radius_ > 0) return bottom_radius_;
  const std::size_t j = static_cast<std::size_t>(std::min_element(h_.begin(), h_.end()) - h_.begin());
  if (j == 0 || j + 1 == h_.size())
    throw InputError(fmt::format("{}: the profile's lowest point is at its end (x = {:g} m): the contact "
                                 "must start inside the table",
                                 source_, x_[j]));
  const double curvature =
      2 * ((h_[j + 1] - h_[j]) / (x_[j + 1] - x_[j]) - (h_[j] - h_[j - 1]) / (x_[j] - x_[j - 1])) /
      (x_[j + 1] - x_[j - 1]);
  if (!(curvature > 0))
    throw InputError(fmt::format("{}: the profile is not curved at its lowest point (x = {:g} m): the first "
                                 "guess of the contact (Hertz's width) needs a positive curvature there",
                                 source_, x_[j]));
  return 1 / curvature;
}

// On piece j the pin's height along the motion is a cubic in s (xi is affine in s), the depth to reach
// affine: the gap is a cubic. Its critical points split [s_a, s_b] into monotone parts; the first part
// where the gap goes from positive to non-positive holds the first root, found by bisection to the last
// bit. A part ending at a minimum within gap_tol of zero is a touch, the root there.
double TabulatedPin::rootOnPiece(const GapAlongMotion &g, std::size_t j, double s_a, double s_b,
                                 double gap_tol) const {
  auto gap = [&](double s) { return g.gap(s, heightOn(j, g.xi(s))); };
  const double dx = x_[j + 1] - x_[j], rate = g.xiRate(), xi0 = g.xi(0.0);
  // h(t) = c0 + c1 t + c2 t^2 + c3 t^3 on t = (xi - x_j)/dx; dg/ds = (rate/dx) h'(t) + gapRate(0).
  const double c1 = dx * d_[j];
  const double c2 = 3 * (h_[j + 1] - h_[j]) - dx * (2 * d_[j] + d_[j + 1]);
  const double c3 = 2 * (h_[j] - h_[j + 1]) + dx * (d_[j] + d_[j + 1]);
  const double qa = 3 * c3, qb = 2 * c2, qc = c1 + g.gapRate(0.0) * dx / rate;
  std::array<double, 4> ends{};
  std::size_t n = 0;
  ends[n++] = s_a;
  auto addCritical = [&](double t) {
    const double s = (x_[j] + t * dx - xi0) / rate;
    if (s > s_a && s < s_b) ends[n++] = s;
  };
  if (qa != 0) {
    const double disc = qb * qb - 4 * qa * qc;
    if (disc >= 0) {
      const double q = -0.5 * (qb + std::copysign(std::sqrt(disc), qb));
      addCritical(q / qa);
      if (q != 0) addCritical(qc / q);
    }
  } else if (qb != 0) {
    addCritical(-qc / qb);
  }
  if (n == 3 && ends[2] < ends[1]) std::swap(ends[1], ends[2]);
  ends[n++] = s_b;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    double p = ends[i], q = ends[i + 1];
    const double gp = gap(p), gq = gap(q);
    if (gp > 0 && gq <= 0) {
      for (int it = 0; it < 1100; ++it) { // bisection to adjacent doubles
        const double m = 0.5 * (p + q);
        if (m <= p || m >= q) break;
        (gap(m) > 0 ? p : q) = m;
      }
      return std::abs(gap(q)) <= gap_tol ? q : inf;
    }
    if (i + 2 < n && gq > 0 && gq <= gap_tol && gq < gp) return q; // a touch at an interior minimum
  }
  return inf;
}

// Walk the pieces the node crosses as the pin moves, in order of s, up to `limit`; a piece (or a block
// of pieces) whose lower bound stays above the deepest depth the gap must reach there is skipped.
double TabulatedPin::firstGapRoot(const GapAlongMotion &g, double limit, double gap_tol,
                                  double /*resolution*/) const {
  const double rate = g.xiRate(), xi0 = g.xi(0.0);
  auto depth = [&](double s) { return -g.gap(s, 0.0); }; // the pin height the node must reach
  std::size_t j = piece(xi0);
  if (rate == 0) { // the node keeps its place under the pin: the gap is affine in s
    const double r = g.gapRate(0.0), g0 = g.gap(0.0, heightOn(j, xi0));
    const double s = r < 0 ? g0 / -r : inf;
    return s > 0 && s < limit && std::abs(g.gap(s, heightOn(j, xi0))) <= gap_tol ? s : inf;
  }
  const bool rightward = rate > 0;
  auto sAt = [&](double xi) { return (xi - xi0) / rate; };
  double s_enter = 0;
  while (s_enter < limit) {
    const std::size_t k = j / block;
    const std::size_t block_end = rightward ? std::min((k + 1) * block, lower_.size()) - 1 : k * block;
    const double s_block_exit = std::min(limit, sAt(rightward ? x_[block_end + 1] : x_[block_end]));
    if (block_lower_[k] - std::max(depth(s_enter), depth(s_block_exit)) > gap_tol) {
      j = block_end;
    } else {
      const double s_piece_exit = sAt(rightward ? x_[j + 1] : x_[j]), s_exit = std::min(limit, s_piece_exit);
      if (lower_[j] - std::max(depth(s_enter), depth(s_exit)) <= gap_tol && s_exit > s_enter) {
        // The root on the whole piece, not cut at the limit: its bits do not depend on the bound, which
        // the order and the split of the event search set (FrictionalContact::nextTrigger).
        const double s = rootOnPiece(g, j, s_enter, s_piece_exit, gap_tol);
        if (s < inf) return s < limit ? s : inf;
      }
    }
    s_enter = std::max(s_enter, sAt(rightward ? x_[j + 1] : x_[j]));
    if (rightward ? j + 1 >= lower_.size() : j == 0) break; // off the table: piece() names it next time
    j = rightward ? j + 1 : j - 1;
  }
  return inf;
}

} // namespace tribo
