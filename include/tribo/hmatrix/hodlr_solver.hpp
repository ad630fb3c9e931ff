// The factorisation and solve of a HODLR matrix by the recursive Sherman–Morrison–Woodbury formula
// (docs/model.md §16.1): O(n r^2 log^2 n) to factor, O(n r log n) per right-hand side, for a
// non-symmetric A whose diagonal blocks at every level are nonsingular.
#pragma once

#include "tribo/hmatrix/hodlr.hpp"

#include <cstddef>
#include <cstdint>
#include <petscsys.h> // PetscBLASInt
#include <vector>

namespace tribo {

/// Factors of A^{-1} for a HodlrMatrix A, which it reads again in every solve (the V factors) and must
/// outlive it. At an internal node, with D = diag(A11, A22),
///     A = D + [U1 0; 0 U2] [0 V2^T; V1^T 0],
///     A^{-1} = D^{-1} - [Y1 0; 0 Y2] K^{-1} [0 V2^T; V1^T 0] D^{-1},
/// Y1 = A11^{-1} U1, Y2 = A22^{-1} U2 and the capacitance K = [I, V2^T Y2; V1^T Y1, I] (r12 + r21
/// square, LU by dgetrf); A11^{-1} and A22^{-1} are the children's factorisations, a leaf's an LU.
class HodlrFactorisation {
public:
  explicit HodlrFactorisation(const HodlrMatrix &a);
  explicit HodlrFactorisation(HodlrMatrix &&) = delete; // would outlive its matrix

  std::int64_t size() const { return a_->size(); }
  /// x = A^{-1} b (b and x may be the same array).
  void solve(const double *b, double *x) const;
  /// X = A^{-1} B for nrhs columns (leading dimensions >= n; B and X may be the same array).
  void solve(int nrhs, const double *b, std::int64_t ldb, double *x, std::int64_t ldx) const;
  /// Bytes of the factors (LU of the leaves and capacitances, Y1, Y2), beside the matrix's own.
  std::size_t bytes() const;

private:
  struct Node {
    std::vector<double> lu; // a leaf's dense LU, or the capacitance K's
    std::vector<PetscBLASInt> pivots;
    std::vector<double> y1, y2; // A11^{-1} U1 (n1 x r12), A22^{-1} U2 (n2 x r21)
  };
  const HodlrMatrix *a_;
  std::vector<Node> nodes_; // as a_->nodes()

  /// X = A_node^{-1} X in place, x at the node's first row.
  void solveNode(int node, std::int64_t nrhs, double *x, std::int64_t ldx) const;
};

} // namespace tribo
