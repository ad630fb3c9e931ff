// The HODLR form of an operator known only by its products with blocks of vectors: randomized peeling
// (Lin, Lu, Ying, J. Comput. Phys. 230 (2011) 4071; docs/model.md §16.1).
#include "tribo/core/error.hpp"
#include "tribo/hmatrix/dense_blas.hpp"
#include "tribo/hmatrix/hodlr.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace tribo {

namespace {

/// ||A||_2 by power iteration on A^T A through the products, to 1e-3 relative or 50 steps (the
/// truncation's scale only).
double norm2(std::int64_t n, const HodlrBlockOperator &apply) {
  std::vector<double> x(static_cast<std::size_t>(n), 1.0 / std::sqrt(static_cast<double>(n))), y(x.size());
  double s = 0;
  for (int it = 0; it < 50; ++it) {
    apply(false, 1, x.data(), y.data());
    apply(true, 1, y.data(), x.data());
    const double ata = dense::frobenius(n, 1, x.data(), n);
    if (ata == 0) return 0;
    for (double &v : x)
      v /= ata;
    const double s_new = std::sqrt(ata);
    if (std::abs(s_new - s) <= 1e-3 * s_new) return s_new;
    s = s_new;
  }
  return s;
}

} // namespace

void HodlrMatrix::subtractLevelsAbove(int level, bool transposed, int nrhs, const double *x,
                                      double *y) const {
  for (const Node &t : nodes_)
    if (!t.leaf() && t.level < level)
      addOffDiagonal(t, transposed, -1.0, nrhs, x + t.first, n_, y + t.first, n_);
}

// At level l, with every coarser block known: a Gaussian Omega on the halves 2 of all the level's nodes
// at once gives, on the rows of each node's half 1, (A - H_{<l}) Omega = A12 Omega_2 (every other
// coupling of those rows with those columns is a coarser block); orth of it is A12's range Q1. Then
// (A - H_{<l})^T with Q1 on the halves 1 gives A12^T Q1 on the rows of the halves 2: Q1^T A12, cut by
// its SVD (dense::truncateFromRange). Likewise A21 with the halves exchanged. The leaves last: unit
// columns, one per position in a leaf, all leaves at once, minus every off-diagonal block.
HodlrMatrix HodlrMatrix::fromProducts(std::int64_t n, const HodlrBlockOperator &apply, int rank_bound,
                                      int oversampling, const HodlrOptions &options) {
  if (rank_bound < 1 || oversampling < 0)
    throw InputError("HodlrMatrix::fromProducts: rank_bound must be >= 1 and oversampling >= 0");
  HodlrMatrix h = skeleton(n, options);
  h.norm2_ = options.tolerance > 0 ? norm2(n, apply) : 0.0;
  const double cut = options.tolerance * h.norm2_;
  const int levels = h.levels(), k = rank_bound + oversampling;
  std::vector<double> x(static_cast<std::size_t>(n * k)), y(x.size());
  std::mt19937_64 rng(2011);
  std::normal_distribution<double> gauss;

  for (int level = 0; level < levels; ++level) {
    std::vector<int> at;
    for (std::size_t i = 0; i < h.nodes_.size(); ++i)
      if (!h.nodes_[i].leaf() && h.nodes_[i].level == level) at.push_back(static_cast<int>(i));
    // side 0: A12 (rows half 1, columns half 2); side 1: A21 (rows half 2, columns half 1).
    for (int side = 0; side < 2; ++side) {
      auto rowsOf = [&](const Node &t, std::int64_t &first, std::int64_t &count) {
        const std::int64_t n1 = h.nodes_[t.child[0]].size;
        first = t.first + (side == 0 ? 0 : n1), count = side == 0 ? n1 : t.size - n1;
      };
      auto colsOf = [&](const Node &t, std::int64_t &first, std::int64_t &count) {
        const std::int64_t n1 = h.nodes_[t.child[0]].size;
        first = t.first + (side == 0 ? n1 : 0), count = side == 0 ? t.size - n1 : n1;
      };
      // The ranges: (A - H_{<l}) Omega, Omega Gaussian on every block's columns.
      std::fill(x.begin(), x.end(), 0.0);
      for (int i : at) {
        std::int64_t c0, nc;
        colsOf(h.nodes_[i], c0, nc);
        for (int c = 0; c < k; ++c)
          for (std::int64_t j = 0; j < nc; ++j)
            x[static_cast<std::size_t>(c * n + c0 + j)] = gauss(rng);
      }
      apply(false, k, x.data(), y.data());
      h.subtractLevelsAbove(level, false, k, x.data(), y.data());
      std::vector<std::vector<double>> q(at.size());
      std::vector<std::int64_t> kk(at.size());
      for (std::size_t b = 0; b < at.size(); ++b) {
        std::int64_t r0, nr, c0, nc;
        rowsOf(h.nodes_[at[b]], r0, nr);
        colsOf(h.nodes_[at[b]], c0, nc);
        kk[b] = std::min<std::int64_t>({k, nr, nc}); // enough columns to span a block of full rank
        q[b].resize(static_cast<std::size_t>(nr * kk[b]));
        for (std::int64_t c = 0; c < kk[b]; ++c)
          std::copy(y.begin() + c * n + r0, y.begin() + c * n + r0 + nr, q[b].begin() + c * nr);
        dense::orthonormalise(nr, kk[b], q[b].data());
      }
      // The co-ranges: (A - H_{<l})^T Q, Q on every block's rows, read on its columns.
      std::fill(x.begin(), x.end(), 0.0);
      for (std::size_t b = 0; b < at.size(); ++b) {
        std::int64_t r0, nr;
        rowsOf(h.nodes_[at[b]], r0, nr);
        for (std::int64_t c = 0; c < kk[b]; ++c)
          std::copy(q[b].begin() + c * nr, q[b].begin() + (c + 1) * nr, x.begin() + c * n + r0);
      }
      apply(true, k, x.data(), y.data());
      h.subtractLevelsAbove(level, true, k, x.data(), y.data());
      for (std::size_t b = 0; b < at.size(); ++b) {
        Node &t = h.nodes_[at[b]];
        std::int64_t r0, nr, c0, nc;
        rowsOf(t, r0, nr);
        colsOf(t, c0, nc);
        std::vector<double> zt(static_cast<std::size_t>(kk[b] * nc)); // Q^T B = (B^T Q)^T
        for (std::int64_t c = 0; c < kk[b]; ++c)
          for (std::int64_t j = 0; j < nc; ++j)
            zt[static_cast<std::size_t>(j * kk[b] + c)] = y[static_cast<std::size_t>(c * n + c0 + j)];
        int &rank = side == 0 ? t.rank12 : t.rank21;
        dense::truncateFromRange(nr, nc, kk[b], q[b].data(), zt.data(), cut, side == 0 ? t.u1 : t.u2,
                                 side == 0 ? t.v2 : t.v1, rank);
        if (rank > rank_bound)
          throw SolverError("HodlrMatrix::fromProducts: a block at level " + std::to_string(level) +
                            " has rank " + std::to_string(rank) + " above the bound " +
                            std::to_string(rank_bound));
      }
    }
  }

  // The leaves: column c of every leaf at once (unit vectors), minus all the off-diagonal blocks.
  std::int64_t widest = 0;
  for (const Node &t : h.nodes_)
    if (t.leaf()) widest = std::max(widest, t.size);
  x.assign(static_cast<std::size_t>(n * widest), 0.0);
  y.assign(x.size(), 0.0);
  for (const Node &t : h.nodes_)
    if (t.leaf())
      for (std::int64_t c = 0; c < t.size; ++c)
        x[static_cast<std::size_t>(c * n + t.first + c)] = 1.0;
  apply(false, static_cast<int>(widest), x.data(), y.data());
  h.subtractLevelsAbove(levels, false, static_cast<int>(widest), x.data(), y.data());
  for (Node &t : h.nodes_) {
    if (!t.leaf()) continue;
    t.dense.resize(static_cast<std::size_t>(t.size * t.size));
    for (std::int64_t c = 0; c < t.size; ++c)
      std::copy(y.begin() + c * n + t.first, y.begin() + c * n + t.first + t.size,
                t.dense.begin() + c * t.size);
  }
  return h;
}

} // namespace tribo
