// The recursive Woodbury factorisation of a HODLR matrix and its solves (docs/model.md §16.1).
#include "tribo/hmatrix/hodlr_solver.hpp"

#include "tribo/hmatrix/dense_blas.hpp"

#include <algorithm>

namespace tribo {

HodlrFactorisation::HodlrFactorisation(const HodlrMatrix &a) : a_(&a), nodes_(a.nodes().size()) {
  const std::vector<HodlrMatrix::Node> &tree = a.nodes();
  // Children come after their parent: in reverse order every node finds its children factored.
  for (std::size_t i = tree.size(); i-- > 0;) {
    const HodlrMatrix::Node &t = tree[i];
    Node &f = nodes_[i];
    if (t.leaf()) {
      f.lu = t.dense;
      dense::luFactor(t.size, f.lu.data(), f.pivots, "HodlrFactorisation (leaf)");
      continue;
    }
    const std::int64_t n1 = tree[t.child[0]].size, n2 = t.size - n1, r1 = t.rank12, r2 = t.rank21;
    f.y1 = t.u1; // Y1 = A11^{-1} U1
    solveNode(t.child[0], r1, f.y1.data(), n1);
    f.y2 = t.u2; // Y2 = A22^{-1} U2
    solveNode(t.child[1], r2, f.y2.data(), n2);
    // K = [I, V2^T Y2; V1^T Y1, I], column major with leading dimension r1 + r2.
    const std::int64_t r = r1 + r2;
    f.lu.assign(static_cast<std::size_t>(r * r), 0.0);
    for (std::int64_t q = 0; q < r; ++q)
      f.lu[static_cast<std::size_t>(q * r + q)] = 1.0;
    dense::gemm('T', 'N', r1, r2, n2, 1.0, t.v2.data(), n2, f.y2.data(), n2, 0.0, f.lu.data() + r1 * r, r);
    dense::gemm('T', 'N', r2, r1, n1, 1.0, t.v1.data(), n1, f.y1.data(), n1, 0.0, f.lu.data() + r1, r);
    dense::luFactor(r, f.lu.data(), f.pivots, "HodlrFactorisation (capacitance)");
  }
}

// z = D^{-1} b (the children), w = K^{-1} [V2^T z2; V1^T z1], x = z - [Y1 w1; Y2 w2].
void HodlrFactorisation::solveNode(int node, std::int64_t nrhs, double *x, std::int64_t ldx) const {
  if (nrhs == 0) return;
  const HodlrMatrix::Node &t = a_->nodes()[node];
  const Node &f = nodes_[node];
  if (t.leaf()) {
    dense::luSolve(t.size, f.lu.data(), f.pivots, nrhs, x, ldx);
    return;
  }
  const std::int64_t n1 = a_->nodes()[t.child[0]].size, n2 = t.size - n1, r1 = t.rank12, r2 = t.rank21;
  solveNode(t.child[0], nrhs, x, ldx);
  solveNode(t.child[1], nrhs, x + n1, ldx);
  const std::int64_t r = r1 + r2;
  if (r == 0) return;
  std::vector<double> w(static_cast<std::size_t>(r * nrhs));
  dense::gemm('T', 'N', r1, nrhs, n2, 1.0, t.v2.data(), n2, x + n1, ldx, 0.0, w.data(), r);
  dense::gemm('T', 'N', r2, nrhs, n1, 1.0, t.v1.data(), n1, x, ldx, 0.0, w.data() + r1, r);
  dense::luSolve(r, f.lu.data(), f.pivots, nrhs, w.data(), r);
  dense::gemm('N', 'N', n1, nrhs, r1, -1.0, f.y1.data(), n1, w.data(), r, 1.0, x, ldx);
  dense::gemm('N', 'N', n2, nrhs, r2, -1.0, f.y2.data(), n2, w.data() + r1, r, 1.0, x + n1, ldx);
}

void HodlrFactorisation::solve(const double *b, double *x) const {
  solve(1, b, size(), x, size());
}

void HodlrFactorisation::solve(int nrhs, const double *b, std::int64_t ldb, double *x,
                               std::int64_t ldx) const {
  const std::int64_t n = size();
  if (x != b)
    for (int c = 0; c < nrhs; ++c)
      std::copy(b + c * ldb, b + c * ldb + n, x + c * ldx);
  solveNode(0, nrhs, x, ldx);
}

std::size_t HodlrFactorisation::bytes() const {
  std::size_t b = 0;
  for (const Node &f : nodes_)
    b += (f.lu.size() + f.y1.size() + f.y2.size()) * sizeof(double) + f.pivots.size() * sizeof(PetscBLASInt);
  return b;
}

} // namespace tribo
