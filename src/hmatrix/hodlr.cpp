// The HODLR matrix (docs/model.md §16.1): the tree, its construction from a dense matrix, products,
// columns and entries.
#include "tribo/hmatrix/hodlr.hpp"

#include "tribo/core/error.hpp"
#include "tribo/hmatrix/dense_blas.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>

namespace tribo {

namespace {

/// ||B||_2 of the dense m x n block b (leading dimension ldb) by power iteration on B^T B from x
/// (overwritten), at most `iterations` steps or until the estimate changes by less than rel_change. A lower
/// bound that converges to ||B||_2; with a random x it is within a few percent after a few steps.
double spectralNorm(const double *b, std::int64_t m, std::int64_t n, std::int64_t ldb, std::vector<double> &x,
                    int iterations, double rel_change) {
  std::vector<double> y(static_cast<std::size_t>(m));
  double nx = dense::frobenius(n, 1, x.data(), n), s = 0;
  if (nx == 0) return 0;
  for (double &v : x)
    v /= nx;
  for (int it = 0; it < iterations; ++it) {
    dense::gemv('N', m, n, 1.0, b, ldb, x.data(), 1, 0.0, y.data());
    dense::gemv('T', m, n, 1.0, b, ldb, y.data(), 1, 0.0, x.data());
    const double ata = dense::frobenius(n, 1, x.data(), n); // ||B^T B x|| with ||x|| = 1
    if (ata == 0) return 0;
    for (double &v : x)
      v /= ata;
    const double s_new = std::sqrt(ata);
    if (std::abs(s_new - s) <= rel_change * s_new) return s_new;
    s = s_new;
  }
  return s;
}

/// The low-rank factors B ~ U V^T of the m x n block b (leading dimension ldb), U with orthonormal
/// columns. Randomized range finder (Halko, Martinsson, Tropp 2011, Alg. 4.1) with k = 32, 64, ...
/// Gaussian samples until ||B - Q Q^T B||_2 <= 0.1 cut (10 power iterations on the remainder, formed;
/// or k = min(m, n): Q spans the range), then the SVD of the small Q^T B = W S Z^T cut to the singular
/// values above cut: U = Q W_r, V = Z_r S_r. ||B - U V^T||_2 <= 0.1 cut + s_{r+1} <= 1.1 cut. (Not the
/// Frobenius norm of the remainder, which sums the round-off of all min(m, n) singular values: for S_Z at
/// n = 5 966, tol 1e-12, a block of 1 492 had ||E||_F = 0.14 cut where ||E||_2 = 0.08 cut, and at
/// n = 11 930 the construction took 60 s CPU, against 5 s with this test.)
void compress(const double *b, std::int64_t m, std::int64_t n, std::int64_t ldb, double cut,
              std::uint64_t seed, std::vector<double> &u, std::vector<double> &v, int &rank) {
  const std::int64_t full = std::min(m, n);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss;
  std::vector<double> q, zt, e;
  std::int64_t k = std::min<std::int64_t>(full, 32);
  for (;;) {
    std::vector<double> omega(static_cast<std::size_t>(n * k));
    for (double &w : omega)
      w = gauss(rng);
    q.assign(static_cast<std::size_t>(m * k), 0.0);
    dense::gemm('N', 'N', m, k, n, 1.0, b, ldb, omega.data(), n, 0.0, q.data(), m); // Y = B Omega
    dense::orthonormalise(m, k, q.data());
    zt.assign(static_cast<std::size_t>(k * n), 0.0);
    dense::gemm('T', 'N', k, n, m, 1.0, q.data(), m, b, ldb, 0.0, zt.data(), k); // Q^T B
    if (k == full) break;
    e.resize(static_cast<std::size_t>(m * n));
    for (std::int64_t j = 0; j < n; ++j)
      std::copy(b + j * ldb, b + j * ldb + m, e.begin() + j * m);
    dense::gemm('N', 'N', m, n, k, -1.0, q.data(), m, zt.data(), k, 1.0, e.data(), m); // B - Q Q^T B
    std::vector<double> start(static_cast<std::size_t>(n));
    for (double &w : start)
      w = gauss(rng);
    if (spectralNorm(e.data(), m, n, m, start, 10, 0.0) <= 0.1 * cut) break;
    k = std::min(2 * k, full);
  }
  dense::truncateFromRange(m, n, k, q.data(), zt.data(), cut, u, v, rank);
}

} // namespace

HodlrMatrix HodlrMatrix::skeleton(std::int64_t n, const HodlrOptions &options) {
  if (options.dofs_per_node < 1 || options.leaf_nodes < 1)
    throw InputError("HodlrMatrix: dofs_per_node and leaf_nodes must be at least 1");
  if (n < 1 || n % options.dofs_per_node != 0)
    throw InputError("HodlrMatrix: size " + std::to_string(n) + " is not a whole number of nodes of " +
                     std::to_string(options.dofs_per_node) + " dofs");
  HodlrMatrix h;
  h.n_ = n;
  h.options_ = options;
  h.nodes_.push_back(Node{});
  h.nodes_[0].size = n;
  // Children are appended after their parent: splitting in index order visits every node once.
  for (std::size_t i = 0; i < h.nodes_.size(); ++i) {
    const std::int64_t nodes = h.nodes_[i].size / options.dofs_per_node;
    if (nodes <= options.leaf_nodes) continue;
    const std::int64_t n1 = (nodes / 2) * options.dofs_per_node; // halve on a node boundary
    for (int c = 0; c < 2; ++c) {
      Node child;
      child.first = h.nodes_[i].first + (c == 0 ? 0 : n1);
      child.size = c == 0 ? n1 : h.nodes_[i].size - n1;
      child.level = h.nodes_[i].level + 1;
      h.nodes_[i].child[c] = static_cast<int>(h.nodes_.size());
      h.nodes_.push_back(std::move(child));
    }
  }
  return h;
}

HodlrMatrix HodlrMatrix::fromDense(const double *a, std::int64_t n, std::int64_t lda,
                                   const HodlrOptions &options) {
  HodlrMatrix h = skeleton(n, options);
  if (lda < n) throw InputError("HodlrMatrix::fromDense: leading dimension below n");
  std::vector<double> start(static_cast<std::size_t>(n), 1.0);
  h.norm2_ = options.tolerance > 0 ? spectralNorm(a, n, n, lda, start, 50, 1e-3) : 0.0; // the scale only
  const double cut = options.tolerance * h.norm2_;
  for (std::size_t i = 0; i < h.nodes_.size(); ++i) {
    Node &t = h.nodes_[i];
    const double *block = a + t.first + t.first * lda;
    if (t.leaf()) {
      t.dense.resize(static_cast<std::size_t>(t.size * t.size));
      for (std::int64_t j = 0; j < t.size; ++j)
        std::copy(block + j * lda, block + j * lda + t.size, t.dense.begin() + j * t.size);
      continue;
    }
    const std::int64_t n1 = h.nodes_[t.child[0]].size, n2 = t.size - n1;
    const std::uint64_t seed = 0x9E3779B97F4A7C15ull * (2 * i + 1);
    compress(block + n1 * lda, n1, n2, lda, cut, seed, t.u1, t.v2, t.rank12); // A12 = U1 V2^T
    compress(block + n1, n2, n1, lda, cut, seed + 1, t.u2, t.v1, t.rank21);   // A21 = U2 V1^T
  }
  return h;
}

HodlrMatrix HodlrMatrix::principal(const std::vector<char> &keep) const {
  if (static_cast<std::int64_t>(keep.size()) != n_)
    throw InputError("HodlrMatrix::principal: one flag per dof is needed");
  std::vector<std::int64_t> before(static_cast<std::size_t>(n_) + 1, 0); // kept dofs before each dof
  for (std::int64_t i = 0; i < n_; ++i)
    before[i + 1] = before[i] + (keep[i] ? 1 : 0);
  HodlrMatrix h;
  h.n_ = before[n_];
  if (h.n_ == 0) throw InputError("HodlrMatrix::principal: no dof kept");
  h.norm2_ = norm2_;
  h.options_ = options_;
  h.options_.dofs_per_node = 1; // the kept dofs need not fill whole nodes
  auto kept = [&](const Node &t) { return before[t.first + t.size] - before[t.first]; };
  // The kept rows of a column-major factor over the dofs [first, first + size), r columns.
  auto restrictRows = [&](const std::vector<double> &f, std::int64_t first, std::int64_t size, int r) {
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>((before[first + size] - before[first]) * r));
    for (int q = 0; q < r; ++q)
      for (std::int64_t i = 0; i < size; ++i)
        if (keep[first + i]) out.push_back(f[static_cast<std::size_t>(q * size + i)]);
    return out;
  };
  // Depth first, each node pushed before its children (as skeleton orders them).
  std::function<int(int, int)> build = [&](int i, int level) -> int {
    const Node &t = nodes_[i];
    if (!t.leaf()) {
      const std::int64_t k1 = kept(nodes_[t.child[0]]), k = kept(t);
      if (k1 == 0) return build(t.child[1], level);
      if (k1 == k) return build(t.child[0], level);
    }
    Node p;
    p.first = before[t.first];
    p.size = kept(t);
    p.level = level;
    if (t.leaf()) {
      for (std::int64_t j = 0; j < t.size; ++j)
        if (keep[t.first + j])
          for (std::int64_t i = 0; i < t.size; ++i)
            if (keep[t.first + i]) p.dense.push_back(t.dense[static_cast<std::size_t>(j * t.size + i)]);
    } else {
      const Node &c1 = nodes_[t.child[0]], &c2 = nodes_[t.child[1]];
      p.rank12 = t.rank12, p.rank21 = t.rank21;
      p.u1 = restrictRows(t.u1, c1.first, c1.size, t.rank12);
      p.v2 = restrictRows(t.v2, c2.first, c2.size, t.rank12);
      p.u2 = restrictRows(t.u2, c2.first, c2.size, t.rank21);
      p.v1 = restrictRows(t.v1, c1.first, c1.size, t.rank21);
    }
    const int me = static_cast<int>(h.nodes_.size());
    h.nodes_.push_back(std::move(p));
    if (!t.leaf()) {
      const int a = build(t.child[0], level + 1), b = build(t.child[1], level + 1);
      h.nodes_[me].child[0] = a, h.nodes_[me].child[1] = b;
    }
    return me;
  };
  build(0, 0);
  return h;
}

int HodlrMatrix::levels() const {
  int l = 0;
  for (const Node &t : nodes_)
    if (!t.leaf()) l = std::max(l, t.level + 1);
  return l;
}

void HodlrMatrix::multiply(const double *x, double *y) const {
  multiply(1, x, n_, y, n_);
}

void HodlrMatrix::multiply(int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy) const {
  if (nrhs > 0) multiplyNode(0, false, nrhs, x, ldx, y, ldy);
}

void HodlrMatrix::multiplyTransposed(int nrhs, const double *x, std::int64_t ldx, double *y,
                                     std::int64_t ldy) const {
  if (nrhs > 0) multiplyNode(0, true, nrhs, x, ldx, y, ldy);
}

// x and y point at the node's first row.
//   A x:   y1 = A11 x1 + U1 (V2^T x2),  y2 = U2 (V1^T x1) + A22 x2
//   A^T x: y1 = A11^T x1 + V1 (U2^T x2),  y2 = V2 (U1^T x1) + A22^T x2
void HodlrMatrix::multiplyNode(int node, bool transposed, int nrhs, const double *x, std::int64_t ldx,
                               double *y, std::int64_t ldy) const {
  const Node &t = nodes_[node];
  if (t.leaf()) {
    dense::gemm(transposed ? 'T' : 'N', 'N', t.size, nrhs, t.size, 1.0, t.dense.data(), t.size, x, ldx, 0.0,
                y, ldy);
    return;
  }
  multiplyNode(t.child[0], transposed, nrhs, x, ldx, y, ldy);
  multiplyNode(t.child[1], transposed, nrhs, x + nodes_[t.child[0]].size, ldx, y + nodes_[t.child[0]].size,
               ldy);
  addOffDiagonal(t, transposed, 1.0, nrhs, x, ldx, y, ldy);
}

HodlrMatrix::RangeCount::RangeCount(const std::vector<char> &flags) : before(flags.size() + 1, 0) {
  for (std::size_t i = 0; i < flags.size(); ++i)
    before[i + 1] = before[i] + (flags[i] ? 1 : 0);
}

void HodlrMatrix::multiplySparse(int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy,
                                 const std::vector<char> &rows, const std::vector<char> &columns) const {
  if (static_cast<std::int64_t>(rows.size()) != n_ || static_cast<std::int64_t>(columns.size()) != n_)
    throw InputError("HodlrMatrix::multiplySparse: one flag per row and per column is needed");
  if (nrhs > 0) multiplyNodeSparse(0, nrhs, x, ldx, y, ldy, RangeCount(rows), RangeCount(columns));
}

// As multiplyNode, skipping what writes no wanted row or reads no nonzero of x.
void HodlrMatrix::multiplyNodeSparse(int node, int nrhs, const double *x, std::int64_t ldx, double *y,
                                     std::int64_t ldy, const RangeCount &rows,
                                     const RangeCount &columns) const {
  const Node &t = nodes_[node];
  if (!rows.any(t.first, t.size)) return;
  if (!columns.any(t.first, t.size)) { // x is zero here: so is this block's product
    for (int c = 0; c < nrhs; ++c)
      std::fill(y + c * ldy, y + c * ldy + t.size, 0.0);
    return;
  }
  if (t.leaf()) {
    dense::gemm('N', 'N', t.size, nrhs, t.size, 1.0, t.dense.data(), t.size, x, ldx, 0.0, y, ldy);
    return;
  }
  const Node &c1 = nodes_[t.child[0]], &c2 = nodes_[t.child[1]];
  multiplyNodeSparse(t.child[0], nrhs, x, ldx, y, ldy, rows, columns);
  multiplyNodeSparse(t.child[1], nrhs, x + c1.size, ldx, y + c1.size, ldy, rows, columns);
  addOffDiagonal(t, false, 1.0, nrhs, x, ldx, y, ldy,
                 rows.any(c1.first, c1.size) && columns.any(c2.first, c2.size),
                 rows.any(c2.first, c2.size) && columns.any(c1.first, c1.size));
}

// y1 += alpha U1 (V2^T x2), y2 += alpha U2 (V1^T x1); transposed y1 += alpha V1 (U2^T x2), y2 += alpha V2
// (U1^T x1); only to the halves asked for.
void HodlrMatrix::addOffDiagonal(const Node &t, bool transposed, double alpha, int nrhs, const double *x,
                                 std::int64_t ldx, double *y, std::int64_t ldy, bool to_half1,
                                 bool to_half2) const {
  const std::int64_t n1 = nodes_[t.child[0]].size, n2 = t.size - n1;
  // Row block 1 gets the product through A12 (or A21^T), row block 2 through A21 (or A12^T).
  const double *left1 = transposed ? t.v1.data() : t.u1.data(),
               *right1 = transposed ? t.u2.data() : t.v2.data();
  const double *left2 = transposed ? t.v2.data() : t.u2.data(),
               *right2 = transposed ? t.u1.data() : t.v1.data();
  const int r1 = transposed ? t.rank21 : t.rank12, r2 = transposed ? t.rank12 : t.rank21;
  std::vector<double> s(static_cast<std::size_t>(std::max(r1, r2)) * nrhs);
  if (r1 > 0 && to_half1) {
    dense::gemm('T', 'N', r1, nrhs, n2, 1.0, right1, n2, x + n1, ldx, 0.0, s.data(), r1);
    dense::gemm('N', 'N', n1, nrhs, r1, alpha, left1, n1, s.data(), r1, 1.0, y, ldy);
  }
  if (r2 > 0 && to_half2) {
    dense::gemm('T', 'N', r2, nrhs, n1, 1.0, right2, n1, x, ldx, 0.0, s.data(), r2);
    dense::gemm('N', 'N', n2, nrhs, r2, alpha, left2, n2, s.data(), r2, 1.0, y + n1, ldy);
  }
}

void HodlrMatrix::column(std::int64_t j, double *out) const {
  if (j < 0 || j >= n_) throw InputError("HodlrMatrix::column: index out of range");
  int node = 0;
  while (!nodes_[node].leaf()) {
    const Node &t = nodes_[node];
    const std::int64_t n1 = nodes_[t.child[0]].size, n2 = t.size - n1, jl = j - t.first;
    if (jl < n1) { // column jl of A21 = U2 (row jl of V1)^T fills the rows of half 2
      double *o = out + t.first + n1;
      if (t.rank21 > 0)
        dense::gemv('N', n2, t.rank21, 1.0, t.u2.data(), n2, t.v1.data() + jl, n1, 0.0, o);
      else
        std::fill(o, o + n2, 0.0);
      node = t.child[0];
    } else { // column jl - n1 of A12 = U1 (row of V2)^T fills the rows of half 1
      double *o = out + t.first;
      if (t.rank12 > 0)
        dense::gemv('N', n1, t.rank12, 1.0, t.u1.data(), n1, t.v2.data() + (jl - n1), n2, 0.0, o);
      else
        std::fill(o, o + n1, 0.0);
      node = t.child[1];
    }
  }
  const Node &leaf = nodes_[node];
  const double *c = leaf.dense.data() + (j - leaf.first) * leaf.size;
  std::copy(c, c + leaf.size, out + leaf.first);
}

void HodlrMatrix::row(std::int64_t i, double *out) const {
  if (i < 0 || i >= n_) throw InputError("HodlrMatrix::row: index out of range");
  int node = 0;
  while (!nodes_[node].leaf()) {
    const Node &t = nodes_[node];
    const std::int64_t n1 = nodes_[t.child[0]].size, n2 = t.size - n1, il = i - t.first;
    if (il < n1) { // row il of A12 = (row il of U1) V2^T fills the columns of half 2
      double *o = out + t.first + n1;
      if (t.rank12 > 0)
        dense::gemv('N', n2, t.rank12, 1.0, t.v2.data(), n2, t.u1.data() + il, n1, 0.0, o);
      else
        std::fill(o, o + n2, 0.0);
      node = t.child[0];
    } else { // row il - n1 of A21 = (row of U2) V1^T fills the columns of half 1
      double *o = out + t.first;
      if (t.rank21 > 0)
        dense::gemv('N', n1, t.rank21, 1.0, t.v1.data(), n1, t.u2.data() + (il - n1), n2, 0.0, o);
      else
        std::fill(o, o + n1, 0.0);
      node = t.child[1];
    }
  }
  const Node &leaf = nodes_[node];
  const std::int64_t il = i - leaf.first;
  for (std::int64_t j = 0; j < leaf.size; ++j)
    out[leaf.first + j] = leaf.dense[static_cast<std::size_t>(j * leaf.size + il)];
}

double HodlrMatrix::entry(std::int64_t i, std::int64_t j) const {
  if (i < 0 || i >= n_ || j < 0 || j >= n_) throw InputError("HodlrMatrix::entry: index out of range");
  int node = 0;
  while (!nodes_[node].leaf()) {
    const Node &t = nodes_[node];
    const std::int64_t n1 = nodes_[t.child[0]].size, n2 = t.size - n1, il = i - t.first, jl = j - t.first;
    const bool i1 = il < n1, j1 = jl < n1;
    if (i1 == j1) {
      node = t.child[i1 ? 0 : 1];
      continue;
    }
    double sum = 0;
    if (i1) // A12 = U1 V2^T
      for (int r = 0; r < t.rank12; ++r)
        sum += t.u1[static_cast<std::size_t>(r * n1 + il)] * t.v2[static_cast<std::size_t>(r * n2 + jl - n1)];
    else // A21 = U2 V1^T
      for (int r = 0; r < t.rank21; ++r)
        sum += t.u2[static_cast<std::size_t>(r * n2 + il - n1)] * t.v1[static_cast<std::size_t>(r * n1 + jl)];
    return sum;
  }
  const Node &leaf = nodes_[node];
  return leaf.dense[static_cast<std::size_t>((j - leaf.first) * leaf.size + (i - leaf.first))];
}

std::vector<double> HodlrMatrix::toDense() const {
  std::vector<double> a(static_cast<std::size_t>(n_ * n_));
  for (std::int64_t j = 0; j < n_; ++j)
    column(j, a.data() + j * n_);
  return a;
}

std::size_t HodlrMatrix::bytes() const {
  std::size_t doubles = 0;
  for (const Node &t : nodes_)
    doubles += t.dense.size() + t.u1.size() + t.v2.size() + t.u2.size() + t.v1.size();
  return doubles * sizeof(double);
}

std::vector<HodlrLevelRanks> HodlrMatrix::levelRanks() const {
  std::vector<HodlrLevelRanks> l(static_cast<std::size_t>(levels()));
  for (const Node &t : nodes_) {
    if (t.leaf()) continue;
    HodlrLevelRanks &r = l[static_cast<std::size_t>(t.level)];
    r.blocks += 2;
    r.max_rank = std::max({r.max_rank, t.rank12, t.rank21});
    r.mean_rank += t.rank12 + t.rank21;
  }
  for (HodlrLevelRanks &r : l)
    r.mean_rank /= std::max(r.blocks, 1);
  return l;
}

} // namespace tribo
