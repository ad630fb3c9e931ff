// The HODLR matrix and its Woodbury solver (src/hmatrix/; docs/model.md §16.1) against dense LAPACK on
// the same matrices: exact low ranks found exactly (a semiseparable inverse, a random HODLR matrix), a
// smooth kernel truncated at several tolerances, solves against dgesv, and the condensed zone stiffness
// S_Z of a small pin-on-slab case.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/hmatrix/hodlr.hpp"
#include "tribo/hmatrix/hodlr_solver.hpp"
#include "tribo/hmatrix/principal_solver.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <petscblaslapack.h>
#include <random>
#include <vector>

using namespace tribo;

namespace {

using Matrix = std::vector<double>; // column major, n x n

double norm(const std::vector<double> &v) {
  double s = 0;
  for (double x : v)
    s += x * x;
  return std::sqrt(s);
}

double distance(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(s);
}

std::vector<double> randomVector(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> x(n);
  for (double &v : x)
    v = u(rng);
  return x;
}

std::vector<double> denseMultiply(const Matrix &a, const std::vector<double> &x) {
  const std::size_t n = x.size();
  std::vector<double> y(n, 0.0);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i)
      y[i] += a[j * n + i] * x[j];
  return y;
}

/// The singular values of a (copied), largest first (dgesvd, no vectors).
std::vector<double> singularValues(Matrix a, PetscBLASInt n) {
  std::vector<double> s(static_cast<std::size_t>(n)), work(static_cast<std::size_t>(10 * n));
  PetscBLASInt lwork = 10 * n, info = 0, one = 1;
  double dummy = 0;
  LAPACKgesvd_("N", "N", &n, &n, a.data(), &n, s.data(), &dummy, &one, &dummy, &one, work.data(), &lwork,
               &info);
  EXPECT_EQ(info, 0);
  return s;
}

/// x = A^{-1} b by LAPACK dgesv.
std::vector<double> denseSolve(Matrix a, std::vector<double> b) {
  PetscBLASInt n = static_cast<PetscBLASInt>(b.size()), one = 1, info = 0;
  std::vector<PetscBLASInt> piv(b.size());
  LAPACKgesv_(&n, &one, a.data(), &n, piv.data(), b.data(), &n, &info);
  EXPECT_EQ(info, 0);
  return b;
}

/// Products with A and A^T, every column and a sample of entries of h against the dense a, relative
/// to ||a||_F.
void expectSameAsDense(const HodlrMatrix &h, const Matrix &a, double rel) {
  const std::size_t n = static_cast<std::size_t>(h.size());
  const double scale = norm(a);
  const std::vector<double> x = randomVector(n, 11);
  std::vector<double> y(n);
  h.multiply(x.data(), y.data());
  EXPECT_LE(distance(y, denseMultiply(a, x)), rel * scale * norm(x));
  std::vector<double> at(n * n); // A^T x, through multiplyTransposed
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i)
      at[i * n + j] = a[j * n + i];
  h.multiplyTransposed(1, x.data(), static_cast<std::int64_t>(n), y.data(), static_cast<std::int64_t>(n));
  EXPECT_LE(distance(y, denseMultiply(at, x)), rel * scale * norm(x));
  // Wanted rows outside a middle block, x nonzero inside it and on a few scattered dofs: the wanted rows
  // of the product are the dense product's.
  std::vector<char> rows(n, 1), columns(n, 0);
  for (std::size_t i = n / 4; i < 3 * n / 4; ++i)
    rows[i] = 0, columns[i] = 1;
  for (std::size_t i = 0; i < n; i += 37)
    columns[i] = 1, rows[i] = 1;
  std::vector<double> xs = x;
  for (std::size_t i = 0; i < n; ++i)
    if (!columns[i]) xs[i] = 0;
  const std::vector<double> dense_sparse = denseMultiply(a, xs);
  std::vector<double> ys(n, 0.0);
  h.multiplySparse(1, xs.data(), static_cast<std::int64_t>(n), ys.data(), static_cast<std::int64_t>(n), rows,
                   columns);
  double sparse_error = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (rows[i]) sparse_error = std::max(sparse_error, std::abs(ys[i] - dense_sparse[i]));
  EXPECT_LE(sparse_error, rel * scale * norm(x));
  // Two columns at once, each as the dense product, both ways.
  std::vector<double> x2 = x, y2(2 * n);
  const std::vector<double> second = randomVector(n, 12);
  x2.insert(x2.end(), second.begin(), second.end());
  for (const bool transposed : {false, true}) {
    const auto ld = static_cast<std::int64_t>(n);
    if (transposed)
      h.multiplyTransposed(2, x2.data(), ld, y2.data(), ld);
    else
      h.multiply(2, x2.data(), ld, y2.data(), ld);
    for (int c = 0; c < 2; ++c) {
      const std::vector<double> xc(x2.begin() + c * n, x2.begin() + (c + 1) * n),
          yc(y2.begin() + c * n, y2.begin() + (c + 1) * n);
      EXPECT_LE(distance(yc, denseMultiply(transposed ? at : a, xc)), rel * scale * norm(xc));
    }
  }
  double worst = 0;
  std::vector<double> c(n);
  for (std::size_t j = 0; j < n; ++j) {
    h.column(static_cast<std::int64_t>(j), c.data());
    for (std::size_t i = 0; i < n; ++i)
      worst = std::max(worst, std::abs(c[i] - a[j * n + i]));
  }
  EXPECT_LE(worst, rel * scale);
  worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    h.row(static_cast<std::int64_t>(i), c.data());
    for (std::size_t j = 0; j < n; ++j)
      worst = std::max(worst, std::abs(c[j] - a[j * n + i]));
  }
  EXPECT_LE(worst, rel * scale);
  for (std::size_t j = 0; j < n; j += 7)
    for (std::size_t i = 0; i < n; i += 5)
      ASSERT_NEAR(h.entry(static_cast<std::int64_t>(i), static_cast<std::int64_t>(j)), a[j * n + i],
                  rel * scale);
}

/// The inverse of a non-symmetric tridiagonal (-1.005, 2, -0.995) over n dofs: semiseparable, so every
/// off-diagonal block has rank exactly 1.
Matrix tridiagonalInverse(std::size_t n) {
  Matrix t(n * n, 0.0), inv(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    t[i * n + i] = 2.0, inv[i * n + i] = 1.0;
    if (i > 0) t[(i - 1) * n + i] = -1.005;     // below the diagonal
    if (i + 1 < n) t[(i + 1) * n + i] = -0.995; // above
  }
  PetscBLASInt bn = static_cast<PetscBLASInt>(n), info = 0;
  std::vector<PetscBLASInt> piv(n);
  LAPACKgesv_(&bn, &bn, t.data(), &bn, piv.data(), inv.data(), &bn, &info);
  EXPECT_EQ(info, 0);
  return inv;
}

/// A dense matrix that is exactly HODLR on HodlrMatrix's splits (node halving, leaves of leaf_nodes):
/// random leaves with `shift` added to the diagonal, A12 of rank r12 and A21 of rank r21 from random
/// factors.
void fillRandomHodlr(Matrix &a, std::size_t n, std::size_t first, std::size_t size, int dofs_per_node,
                     int leaf_nodes, int r12, int r21, double shift, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const std::size_t nodes = size / dofs_per_node;
  if (nodes <= static_cast<std::size_t>(leaf_nodes)) {
    for (std::size_t j = 0; j < size; ++j)
      for (std::size_t i = 0; i < size; ++i)
        a[(first + j) * n + first + i] = u(rng) + (i == j ? shift : 0.0);
    return;
  }
  const std::size_t n1 = (nodes / 2) * dofs_per_node, n2 = size - n1;
  auto lowRank = [&](std::size_t r0, std::size_t nr, std::size_t c0, std::size_t nc, int rank) {
    std::vector<double> p(nr * rank), q(nc * rank);
    for (double &v : p)
      v = u(rng);
    for (double &v : q)
      v = u(rng);
    for (std::size_t j = 0; j < nc; ++j)
      for (std::size_t i = 0; i < nr; ++i) {
        double s = 0;
        for (int k = 0; k < rank; ++k)
          s += p[k * nr + i] * q[k * nc + j];
        a[(c0 + j) * n + r0 + i] = s;
      }
  };
  lowRank(first, n1, first + n1, n2, r12);
  lowRank(first + n1, n2, first, n1, r21);
  fillRandomHodlr(a, n, first, n1, dofs_per_node, leaf_nodes, r12, r21, shift, rng);
  fillRandomHodlr(a, n, first + n1, n2, dofs_per_node, leaf_nodes, r12, r21, shift, rng);
}

/// fromProducts with the dense a as the black box; the number of columns it was applied to in `applied`.
HodlrMatrix peel(const Matrix &a, std::size_t n, const HodlrOptions &o, int rank_bound, int oversampling,
                 long long *applied = nullptr) {
  long long columns = 0;
  const HodlrBlockOperator apply = [&](bool transposed, int nrhs, const double *x, double *y) {
    PetscBLASInt bn = static_cast<PetscBLASInt>(n), bk = nrhs;
    const double one = 1.0, zero = 0.0;
    BLASgemm_(transposed ? "T" : "N", "N", &bn, &bk, &bn, &one, a.data(), &bn, x, &bn, &zero, y, &bn);
    columns += nrhs;
  };
  HodlrMatrix h = HodlrMatrix::fromProducts(static_cast<std::int64_t>(n), apply, rank_bound, oversampling, o);
  if (applied) *applied = columns;
  return h;
}

/// The peeled form against fromDense's: the same matrix to 1e-10 (relative, Frobenius), the same ranks.
void expectPeelingReproducesDense(const Matrix &a, std::size_t n, const HodlrOptions &o, int rank_bound) {
  const HodlrMatrix d = HodlrMatrix::fromDense(a.data(), n, n, o);
  long long applied = 0;
  const HodlrMatrix p = peel(a, n, o, rank_bound, 10, &applied);
  const std::vector<double> pd = p.toDense(), dd = d.toDense();
  EXPECT_LE(distance(pd, dd), 1e-10 * norm(dd));
  EXPECT_LE(distance(pd, a), 1e-10 * norm(a));
  const std::vector<HodlrLevelRanks> rp = p.levelRanks(), rd = d.levelRanks();
  ASSERT_EQ(rp.size(), rd.size());
  for (std::size_t l = 0; l < rp.size(); ++l)
    EXPECT_EQ(rp[l].max_rank, rd[l].max_rank) << "level " << l;
  std::printf("peeling, n %zu: %lld columns applied (A and A^T), ||P - D||_F / ||D||_F %.2e\n", n, applied,
              distance(pd, dd) / norm(dd));
}

} // namespace

TEST(Hodlr, TreeHalvesOnNodeBoundaries) {
  HodlrOptions o;
  o.leaf_nodes = 5;
  const std::size_t n = 2 * 23;
  Matrix a(n * n, 1.0);
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  // 23 nodes -> 11 + 12 -> 5 + 6, 6 + 6 -> leaves of 5, 3 + 3 (x3): every range a whole number of nodes.
  for (const HodlrMatrix::Node &t : h.nodes()) {
    EXPECT_EQ(t.first % 2, 0);
    EXPECT_EQ(t.size % 2, 0);
    EXPECT_EQ(t.leaf(), t.size <= 2 * o.leaf_nodes);
  }
  EXPECT_EQ(h.levels(), 3);
  EXPECT_EQ(h.nodes()[h.nodes()[0].child[0]].size, 22);
  EXPECT_THROW(HodlrMatrix::fromDense(a.data(), n - 1, n, o), InputError); // not a whole node
}

TEST(Hodlr, SemiseparableInverseHasRankOne) {
  const std::size_t n = 2 * 160;
  const Matrix a = tridiagonalInverse(n);
  HodlrOptions o;
  o.leaf_nodes = 10;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  ASSERT_EQ(h.levels(), 4); // 160 -> 80 -> 40 -> 20 -> leaves of 10 nodes
  for (const HodlrLevelRanks &l : h.levelRanks()) {
    EXPECT_EQ(l.max_rank, 1);
    EXPECT_EQ(l.mean_rank, 1.0);
  }
  expectSameAsDense(h, a, 1e-13);
  // Storage: 16 dense leaves of 20 x 20 (n x 20 doubles), and per level rank-1 factors of 2n doubles.
  EXPECT_EQ(h.bytes(), sizeof(double) * (n * 20 + 4 * 2 * n));
}

TEST(Hodlr, RandomHodlrRanksFoundExactly) {
  const std::size_t n = 2 * 203;
  const int leaf = 13, r12 = 4, r21 = 3;
  Matrix a(n * n, 0.0);
  std::mt19937_64 rng(5);
  fillRandomHodlr(a, n, 0, n, 2, leaf, r12, r21, 0.0, rng);
  HodlrOptions o;
  o.leaf_nodes = leaf;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  ASSERT_EQ(h.levels(), 4); // 203 -> 101, 102 -> 50, 51 -> 25, 26 -> leaves of 12, 13 nodes
  for (const HodlrMatrix::Node &t : h.nodes())
    if (!t.leaf()) {
      EXPECT_EQ(t.rank12, r12);
      EXPECT_EQ(t.rank21, r21);
    }
  for (const HodlrLevelRanks &l : h.levelRanks()) {
    EXPECT_EQ(l.max_rank, r12);
    EXPECT_EQ(l.mean_rank, 0.5 * (r12 + r21));
  }
  expectSameAsDense(h, a, 1e-13);
  const std::vector<double> d = h.toDense();
  EXPECT_LE(distance(d, a), 1e-13 * norm(a));
}

// 1/(1 + 20|x_a - x_b|) between nodes a, b on [0, 1], times a non-symmetric 2 x 2 coupling of their dofs
// and (1 + x_a), plus a diagonal: the off-diagonal ranks are set by the tolerance.
TEST(Hodlr, SmoothKernelErrorFollowsTolerance) {
  const std::size_t nodes = 300, n = 2 * nodes;
  const double m[2][2] = {{1.0, 0.3}, {-0.2, 0.7}};
  Matrix a(n * n);
  for (std::size_t b = 0; b < nodes; ++b)
    for (std::size_t p = 0; p < nodes; ++p) {
      const double xa = (p + 0.5) / nodes, xb = (b + 0.5) / nodes;
      const double k = (1.0 + xa) / (1.0 + 20.0 * std::abs(xa - xb));
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 2; ++d)
          a[(2 * b + d) * n + 2 * p + c] = k * m[c][d] + (p == b && c == d ? 3.0 : 0.0);
    }
  const double a2 = singularValues(a, static_cast<PetscBLASInt>(n))[0];
  const std::vector<double> x = randomVector(n, 3);
  const std::vector<double> y_dense = denseMultiply(a, x);
  double previous_error = 1.0;
  int previous_rank = 0;
  for (double tol : {1e-6, 1e-10, 1e-12}) {
    HodlrOptions o;
    o.leaf_nodes = 16;
    o.tolerance = tol;
    const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
    const int levels = h.levels(); // 300 -> 150 -> 75 -> 37, 38 -> 18, 19 -> leaves of 9, 10 nodes
    ASSERT_EQ(levels, 5);
    // Each level's blocks are disjoint in rows and in columns: ||A - H||_2 <= levels x 1.1 tol ||A||_2.
    Matrix diff = h.toDense();
    for (std::size_t i = 0; i < diff.size(); ++i)
      diff[i] -= a[i];
    const double error = singularValues(diff, static_cast<PetscBLASInt>(n))[0] / a2;
    EXPECT_LE(error, levels * 1.1 * tol) << "tol " << tol;
    std::vector<double> y(n);
    h.multiply(x.data(), y.data());
    const double matvec_error = distance(y, y_dense) / (a2 * norm(x));
    EXPECT_LE(matvec_error, levels * 1.1 * tol) << "tol " << tol;
    EXPECT_LT(error, 0.1 * previous_error) << "tol " << tol; // the error falls with the tolerance
    const int top_rank = h.levelRanks()[0].max_rank;
    EXPECT_GT(top_rank, previous_rank) << "tol " << tol;
    EXPECT_LT(h.bytes(), sizeof(double) * n * n / 2) << "tol " << tol; // and it is still compressed
    previous_error = error, previous_rank = top_rank;
    std::printf("tol %.0e: ranks %d (top) ... %d (leaves), %.1f%% of dense, ||A - H||_2 / ||A||_2 %.2e, "
                "matvec %.2e\n",
                tol, top_rank, h.levelRanks().back().max_rank, 100.0 * h.bytes() / (8.0 * n * n), error,
                matvec_error);
  }
}

TEST(Hodlr, WoodburySolveMatchesDgesv) {
  const std::size_t n = 2 * 203;
  Matrix a(n * n, 0.0);
  std::mt19937_64 rng(9);
  fillRandomHodlr(a, n, 0, n, 2, 12, 5, 2, 20.0,
                  rng); // non-symmetric, the leaves shifted to keep A well posed
  HodlrOptions o;
  o.leaf_nodes = 12;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  const HodlrFactorisation f(h);
  const std::vector<double> s = singularValues(a, static_cast<PetscBLASInt>(n));
  const double cond = s.front() / s.back();
  const std::vector<double> b = randomVector(n, 4);
  const std::vector<double> x_dense = denseSolve(a, b);
  std::vector<double> x(n);
  f.solve(b.data(), x.data());
  EXPECT_LE(distance(denseMultiply(a, x), b), 1e-14 * n * s.front() * norm(x)); // backward error
  EXPECT_LE(distance(x, x_dense), 1e-14 * n * cond * norm(x_dense));
  // Several right-hand sides at once, in place, give the single solves.
  const int nrhs = 3;
  std::vector<double> block(n * nrhs);
  for (int c = 0; c < nrhs; ++c) {
    const std::vector<double> bc = randomVector(n, 20 + c);
    std::copy(bc.begin(), bc.end(), block.begin() + c * n);
  }
  const std::vector<double> rhs = block;
  f.solve(nrhs, block.data(), n, block.data(), n);
  for (int c = 0; c < nrhs; ++c) {
    std::vector<double> one(n);
    f.solve(rhs.data() + c * n, one.data());
    const std::vector<double> xc(block.begin() + c * n, block.begin() + (c + 1) * n);
    EXPECT_LE(distance(xc, one), 1e-14 * norm(one));
  }
  EXPECT_GT(f.bytes(), 0u);
}

// The principal submatrix on a set of dofs (a contact set's held dofs: whole nodes, single dofs, a half
// of the tree left empty) is the dense principal submatrix, entry for entry, and its factorisation solves
// it.
TEST(Hodlr, PrincipalSubmatrixIsTheDenseOne) {
  const std::size_t n = 2 * 203;
  Matrix a(n * n, 0.0);
  std::mt19937_64 rng(17);
  fillRandomHodlr(a, n, 0, n, 2, 12, 5, 2, 20.0, rng);
  HodlrOptions o;
  o.leaf_nodes = 12;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  const std::vector<double> whole = h.toDense();
  std::bernoulli_distribution coin(0.6);
  std::vector<std::vector<char>> sets;
  sets.emplace_back(n, 0);
  for (std::size_t i = 0; i < n; ++i) // random dofs, only in the middle (the outer quarters empty)
    sets.back()[i] = i >= n / 4 && i < 3 * n / 4 && coin(rng);
  sets.emplace_back(n, 0);
  for (std::size_t i = 0; i < n; ++i) // whole nodes, the w dof alone on every third node
    sets.back()[i] = (i / 2) % 3 == 0 ? i % 2 == 1 : coin(rng);
  for (const std::vector<char> &keep : sets) {
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < n; ++i)
      if (keep[i]) idx.push_back(i);
    const std::size_t k = idx.size();
    const HodlrMatrix p = h.principal(keep);
    ASSERT_EQ(static_cast<std::size_t>(p.size()), k);
    Matrix sub(k * k);
    for (std::size_t j = 0; j < k; ++j)
      for (std::size_t i = 0; i < k; ++i)
        sub[j * k + i] = whole[idx[j] * n + idx[i]];
    const std::vector<double> pd = p.toDense();
    double err = 0;
    for (std::size_t i = 0; i < sub.size(); ++i)
      err = std::max(err, std::abs(pd[i] - sub[i]));
    double scale = 0;
    for (double v : sub)
      scale = std::max(scale, std::abs(v));
    EXPECT_LE(err, 1e-14 * scale);
    const HodlrFactorisation f(p);
    const std::vector<double> b = randomVector(k, 31);
    std::vector<double> x(k);
    f.solve(b.data(), x.data());
    const std::vector<double> x_dense = denseSolve(sub, b);
    const std::vector<double> sv = singularValues(sub, static_cast<PetscBLASInt>(k));
    EXPECT_LE(distance(x, x_dense), 1e-14 * k * (sv.front() / sv.back()) * norm(x_dense));
  }
  std::vector<char> none(n, 0);
  EXPECT_THROW(h.principal(none), InputError);
}

// Solves with a changing principal submatrix (base factorisation + capacitance; docs/model.md §16.3)
// against dense LAPACK on the same submatrix, along a sequence of sets like a contact's: dofs added,
// removed, a removed dof back, a base dof removed and re-added, more changes than the bound (a new
// base); several right-hand sides at once; and a restore from the saved base and order is bit for bit.
TEST(Hodlr, PrincipalSolverFollowsTheSet) {
  const std::size_t n = 2 * 203;
  Matrix a(n * n, 0.0);
  std::mt19937_64 rng(23);
  fillRandomHodlr(a, n, 0, n, 2, 12, 5, 2, 20.0, rng);
  HodlrOptions o;
  o.leaf_nodes = 12;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  const Matrix whole = h.toDense();
  PrincipalSolver solver(h, 12);
  std::vector<char> held(n, 0);
  for (std::size_t i = n / 3; i < 2 * n / 3; ++i)
    held[i] = 1;
  auto expectDense = [&](const char *what) {
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < n; ++i)
      if (held[i]) idx.push_back(i);
    const std::size_t k = idx.size();
    Matrix sub(k * k);
    for (std::size_t j = 0; j < k; ++j)
      for (std::size_t i = 0; i < k; ++i)
        sub[j * k + i] = whole[idx[j] * n + idx[i]];
    const int nrhs = 2;
    std::vector<double> b(n * nrhs), x(n * nrhs);
    for (int c = 0; c < nrhs; ++c) {
      const std::vector<double> bc = randomVector(n, 40 + c);
      std::copy(bc.begin(), bc.end(), b.begin() + c * n);
    }
    solver.solve(nrhs, b.data(), x.data());
    const std::vector<double> sv = singularValues(sub, static_cast<PetscBLASInt>(k));
    for (int c = 0; c < nrhs; ++c) {
      std::vector<double> bk(k), xk(k);
      for (std::size_t i = 0; i < k; ++i)
        bk[i] = b[c * n + idx[i]], xk[i] = x[c * n + idx[i]];
      const std::vector<double> x_dense = denseSolve(sub, bk);
      EXPECT_LE(distance(xk, x_dense), 1e-13 * k * (sv.front() / sv.back()) * norm(x_dense)) << what;
      for (std::size_t i = 0; i < n; ++i) {
        if (!held[i]) {
          ASSERT_EQ(x[c * n + i], 0.0) << what << ": dof " << i << " is not held";
        }
      }
    }
  };
  solver.setHeld(held);
  expectDense("base");
  EXPECT_EQ(solver.modifications(), 0u);
  held[n / 3 - 1] = held[n / 3 - 2] = 1; // two dofs join
  held[n / 2] = 0;                       // a base dof leaves
  solver.setHeld(held);
  EXPECT_EQ(solver.modifications(), 3u);
  expectDense("three changes");
  held[n / 3 - 2] = 0; // an added dof leaves again, a removed one comes back
  held[n / 2] = 1;
  held[2 * n / 3 + 1] = 1;
  solver.setHeld(held);
  EXPECT_EQ(solver.modifications(), 2u);
  expectDense("back and forth");
  const std::vector<char> base = solver.base(), now = held;
  const std::vector<std::int64_t> order = solver.modificationOrder();
  std::vector<double> b = randomVector(n, 7), x1(n), x2(n);
  solver.solve(1, b.data(), x1.data());
  PrincipalSolver restored(h, 12);
  restored.restore(base, order, now);
  restored.solve(1, b.data(), x2.data());
  EXPECT_EQ(x1, x2);
  EXPECT_EQ(solver.factorisations(), 1);
  for (std::size_t i = 2 * n / 3 + 2; i < 2 * n / 3 + 14; ++i) // beyond the bound: a new base
    held[i] = 1;
  solver.setHeld(held);
  EXPECT_EQ(solver.factorisations(), 2);
  EXPECT_EQ(solver.modifications(), 0u);
  expectDense("new base");
  held[0] = 1;
  solver.setHeld(held);
  expectDense("after the new base");
  EXPECT_THROW(solver.setHeld(std::vector<char>(n, 0)), InputError);
}

// A small Fig. 6 case on the condensed path (bench/bench_compression.cpp, levels 7: n_x = 129): the zone
// stiffness S_Z (docs/model.md §16) densely, its HODLR form at 1e-12 with leaves of 8 nodes. The ranks
// are the separator bound 2N, the products and the solve (C_Z = S_Z^{-1}) those of the dense matrix.
TEST(Hodlr, ZoneStiffnessOfPinOnSlab) {
  const int levels = 7;
  PinOnSlabSetup s;
  s.slab.levels = levels;
  s.solver_path = SolverPath::condensed;
  PinOnSlab model(PETSC_COMM_SELF, s);
  model.establishNormalContact();
  const CondensedSurfaceSolver &con = *model.condensed();
  const std::int64_t z0 = con.zoneFirst(), m = con.zoneNodes();
  const std::size_t nx = model.surface().surfaceX().size();
  std::vector<char> held(nx, 0);
  std::fill(held.begin() + z0, held.begin() + z0 + m, 1);
  model.surface().setContactSet(held, held); // every zone dof held: a column of S_Z per unit response
  const std::size_t n = static_cast<std::size_t>(2 * m);
  Matrix a(n * n);
  SurfaceState out;
  for (std::int64_t k = 0; k < m; ++k)
    for (int c = 0; c < 2; ++c) {
      model.surface().unitResponse(static_cast<int>(z0 + k), c == 0 ? Component::u : Component::w, out);
      for (std::int64_t i = 0; i < m; ++i) {
        a[(2 * k + c) * n + 2 * i] = out.fx[z0 + i];
        a[(2 * k + c) * n + 2 * i + 1] = out.fz[z0 + i];
      }
    }
  ASSERT_EQ(m, 93); // the zone of the normal contact at n_x = 129
  HodlrOptions o;
  o.leaf_nodes = 8;
  // The ranks at 1e-10: below ~1e-12 ||S_Z||_2 the round-off of the columns (sparse LU solves) adds
  // singular values of its own (at 1e-12 one block of 24 nodes has rank 15, at 1e-14 two have 16).
  o.tolerance = 1e-10;
  const std::vector<HodlrLevelRanks> ranks = HodlrMatrix::fromDense(a.data(), n, n, o).levelRanks();
  ASSERT_EQ(ranks.size(), 4u); // 93 -> 46, 47 -> 23, 24 -> 11, 12 -> leaves of 5, 6 nodes
  for (int l = 0; l < 3; ++l)
    EXPECT_EQ(ranks[l].max_rank, 2 * levels) << "level " << l; // the separator bound, reached
  EXPECT_LE(ranks[3].max_rank, 2 * levels);
  o.tolerance = 1e-12;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  expectSameAsDense(h, a, 1e-12);
  expectPeelingReproducesDense(a, n, o, 2 * levels + 2); // the extra round-off ranks at 1e-12 (above)

  const HodlrFactorisation f(h);
  const std::vector<double> b = randomVector(n, 8);
  const std::vector<double> x_dense = denseSolve(a, b);
  std::vector<double> x(n);
  f.solve(b.data(), x.data());
  const std::vector<double> sv = singularValues(a, static_cast<PetscBLASInt>(n));
  EXPECT_LE(distance(denseMultiply(a, x), b), 1e-11 * sv.front() * norm(x));
  EXPECT_LE(distance(x, x_dense), 1e-12 * (sv.front() / sv.back()) * norm(x_dense));
  std::printf("S_Z: m = %lld nodes, ranks at 1e-10", static_cast<long long>(m));
  for (const HodlrLevelRanks &l : ranks)
    std::printf(" %d", l.max_rank);
  std::printf(", cond %.2e, solve error %.2e\n", sv.front() / sv.back(),
              distance(x, x_dense) / norm(x_dense));
}

TEST(Hodlr, SingularDiagonalBlockIsASolverError) {
  const std::size_t n = 2 * 40;
  Matrix a(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    a[i * n + i] = i < n / 2 ? 1.0 : 0.0; // A22 = 0
  HodlrOptions o;
  o.leaf_nodes = 8;
  const HodlrMatrix h = HodlrMatrix::fromDense(a.data(), n, n, o);
  EXPECT_THROW(HodlrFactorisation{h}, SolverError);
}

// The black-box construction (randomized peeling) reproduces fromDense on the exact-rank matrices and on
// the smooth kernel at 1e-12; too small a rank bound is an error, not a silent truncation.
TEST(Hodlr, PeelingReproducesFromDense) {
  HodlrOptions o;
  o.leaf_nodes = 10;
  expectPeelingReproducesDense(tridiagonalInverse(2 * 160), 2 * 160, o, 2);

  const std::size_t n = 2 * 203;
  Matrix a(n * n, 0.0);
  std::mt19937_64 rng(5);
  fillRandomHodlr(a, n, 0, n, 2, 13, 4, 3, 0.0, rng);
  o.leaf_nodes = 13;
  expectPeelingReproducesDense(a, n, o, 6);
  EXPECT_THROW(peel(a, n, o, 3, 5), SolverError); // rank 4 > 3, seen in the 8 samples

  const std::size_t nodes = 300, nk = 2 * nodes;
  Matrix k(nk * nk);
  for (std::size_t b = 0; b < nodes; ++b)
    for (std::size_t p = 0; p < nodes; ++p) {
      const double xa = (p + 0.5) / nodes, xb = (b + 0.5) / nodes;
      const double g = (1.0 + xa) / (1.0 + 20.0 * std::abs(xa - xb));
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 2; ++d)
          k[(2 * b + d) * nk + 2 * p + c] =
              g * (c == d ? 1.0 - 0.3 * c : 0.3 - 0.5 * c) + (p == b && c == d ? 3.0 : 0.0);
    }
  o.leaf_nodes = 16;
  expectPeelingReproducesDense(k, nk, o, 30);
}
