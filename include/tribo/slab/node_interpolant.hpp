// The bi-quadratic interpolant around one node (Eqs. 8-10), built by one rule for every node class.
#pragma once

#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/lagrange_1d.hpp"

#include <array>

namespace tribo {

/// phi(x, z) = sum_rows gamma_r(z) sum_k alpha_{r,k}(x) d_{r,k} (Eqs. 8, 9), for u and w alike.
///
/// Rows: the node's own row and its neighbours above and below (rows r-1, r, r+1); on the surface the
/// one-sided window r, r+1, r+2, at the bottom r-2, r-1, r. The gammas are the Lagrange polynomials in z
/// through the three row depths (eta = 0, 1, 3 for a typical node, Eq. 10).
/// Nodes of a row: if the row has a node in the node's column, that node and its two row neighbours,
/// shifted inward at the slab's sides (one-sided, still quadratic); otherwise (the coarser row below a
/// node of even paper index i) the two straddling nodes, linear in x (lambda_L, lambda_R).
class NodeInterpolant {
public:
  struct Row {
    int row = 0;
    double z = 0;                        // depth of the row [m]
    int count = 0;                       // 2 (linear) or 3 (quadratic) nodes
    std::array<std::int64_t, 3> index{}; // indices within the row
    Lagrange1D alpha;                    // in xi = (x - x_node) / dx_node
  };

  NodeInterpolant(const BinaryHierarchy &grid, const NodeRef &center);

  const NodeRef &center() const { return center_; }
  const Row &row(int r) const { return rows_[r]; }
  /// All interpolation nodes, row by row (at most 9).
  int nodeCount() const { return node_count_; }
  NodeRef node(int a) const { return nodes_[a]; }
  /// True if every row interpolates quadratically in x: then all bi-quadratic fields are reproduced.
  bool quadraticInX() const;

  /// Shape functions N_a(x, z) = gamma_r(z) alpha_{r,k}(x) of all nodes and their x and z derivatives [1/m].
  void evaluate(double x, double z, double *N, double *dN_dx, double *dN_dz) const;

private:
  NodeRef center_;
  double x0_, z0_, dx_, dz_; // local coordinates xi = (x - x0)/dx, eta = (z - z0)/dz
  std::array<Row, 3> rows_;
  Lagrange1D gamma_; // through the three row depths, in eta
  int node_count_ = 0;
  std::array<NodeRef, 9> nodes_{};
};

} // namespace tribo
