// A pin of any rigid profile h(x), given as a table and interpolated by a C1 piecewise cubic Hermite
// (docs/model.md §8.1): heights, slopes, the exact first root of a free node's gap along the pin's
// motion and the clearly-above bound, from the Bernstein form of each piece.
#pragma once

#include "tribo/contact/pin_shape.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tribo {

class TabulatedPin final : public PinShape {
public:
  /// x [m] from the pin's centre, strictly increasing, at least 4 points; h [m] at each; both finite.
  /// `source` names the table in errors (the input key and file). `bottom_radius` [m] for Hertz's
  /// estimates; 0: from the table's lowest point. Throws InputError.
  TabulatedPin(std::vector<double> x, std::vector<double> h, std::string source, double bottom_radius = 0);

  double height(double xi) const override;
  double slope(double xi) const override;
  bool clearlyAbove(double xi, double depth) const override;
  double firstGapRoot(const GapAlongMotion &g, double limit, double gap_tol,
                      double resolution) const override;
  /// The given bottom radius, else 1 / h'' at the lowest tabulated point (second divided difference).
  double bottomRadius() const override;

  double xMin() const { return x_.front(); }
  double xMax() const { return x_.back(); }
  /// The node derivatives of the interpolant (three-point, exact for quadratics).
  const std::vector<double> &nodeSlopes() const { return d_; }
  /// A lower bound of the computed interpolant on piece j, round-off included.
  double pieceLowerBound(std::size_t j) const { return lower_[j]; }

private:
  /// The piece [x_j, x_j+1] holding xi; SolverError when xi is off the table.
  std::size_t piece(double xi) const;
  /// The four Bernstein coefficients of piece j (b0 = h_j, b3 = h_j+1).
  void bernstein(std::size_t j, double b[4]) const;
  double heightOn(std::size_t j, double xi) const;
  double slopeOn(std::size_t j, double xi) const;
  /// The first root of the gap on piece j for s in [s_a, s_b] (s_a < s_b), or +inf.
  double rootOnPiece(const GapAlongMotion &g, std::size_t j, double s_a, double s_b, double gap_tol) const;

  std::vector<double> x_, h_, d_;
  std::vector<double> lower_;       // per piece: min of its Bernstein coefficients less a round-off margin
  std::vector<double> block_lower_; // per block of `block` pieces: the min of lower_
  static constexpr std::size_t block = 64;
  std::string source_;
  double bottom_radius_;
};

} // namespace tribo
