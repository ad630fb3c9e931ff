// Construction of the interpolant around a node: row window, x nodes per row, Lagrange in x and z.
#include "tribo/slab/node_interpolant.hpp"

#include <algorithm>

namespace tribo {

NodeInterpolant::NodeInterpolant(const BinaryHierarchy &grid, const NodeRef &center) : center_(center) {
  x0_ = grid.x(center);
  z0_ = grid.z(center);
  dx_ = grid.spacingX(center.row);
  // The scale of eta: the gap below the row (twice the gap above at the bottom, as if the row below
  // existed); any scale gives the same interpolant, this one keeps eta = 0, 1, 3 of Eq. 10.
  dz_ = center.row < grid.bottomRow() ? grid.gapAbove(center.row + 1) : 2.0 * grid.gapAbove(center.row);
  const std::int64_t k0 = grid.column(center);
  // The window of three rows: centred, or one-sided at the surface and at the bottom.
  const int first = std::clamp(center.row - 1, 0, grid.rowCount() - 3);
  std::array<double, 3> eta{};
  for (int r = 0; r < 3; ++r) {
    Row &row = rows_[r];
    row.row = first + r;
    row.z = grid.rowDepth(row.row);
    eta[r] = (row.z - z0_) / dz_;
    const std::int64_t s = grid.stride(row.row), n = grid.nodesInRow(row.row);
    std::array<double, 3> xi{};
    if (k0 % s == 0) {
      // The row has a node in this column: it and its neighbours, shifted inward at the sides.
      const std::int64_t start = std::clamp<std::int64_t>(k0 / s - 1, 0, n - 3);
      row.count = 3;
      for (int a = 0; a < 3; ++a)
        row.index[a] = start + a;
    } else {
      // A coarser row whose nodes straddle this column (even paper i): linear, lambda_L and lambda_R.
      row.count = 2;
      row.index[0] = k0 / s;
      row.index[1] = k0 / s + 1;
    }
    for (int a = 0; a < row.count; ++a) {
      const NodeRef nr{row.row, row.index[a]};
      xi[a] = (grid.x(nr) - x0_) / dx_;
      nodes_[node_count_++] = nr;
    }
    row.alpha = Lagrange1D(xi.data(), row.count);
  }
  gamma_ = Lagrange1D(eta.data(), 3);
}

bool NodeInterpolant::quadraticInX() const {
  return std::all_of(rows_.begin(), rows_.end(), [](const Row &r) { return r.count == 3; });
}

void NodeInterpolant::evaluate(double x, double z, double *N, double *dN_dx, double *dN_dz) const {
  const double xi = (x - x0_) / dx_, eta = (z - z0_) / dz_;
  int a = 0;
  for (int r = 0; r < 3; ++r) {
    const double g = gamma_.value(r, eta), dg = gamma_.derivative(r, eta) / dz_;
    for (int k = 0; k < rows_[r].count; ++k, ++a) {
      const double al = rows_[r].alpha.value(k, xi), dal = rows_[r].alpha.derivative(k, xi) / dx_;
      if (N) N[a] = g * al;
      if (dN_dx) dN_dx[a] = g * dal;
      if (dN_dz) dN_dz[a] = dg * al;
    }
  }
}

} // namespace tribo
