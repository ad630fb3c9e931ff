// How far the condensed surface operator compresses (issue 20, goals 2 and 3): the zone stiffness S_Z
// (f_Z = S_Z d_Z, docs/model.md §16) and the zone compliance C_Z = S_Z^{-1}, each split as a HODLR
// matrix (the node range halved recursively, leaves of `leaf` nodes kept dense, every off-diagonal
// block truncated to the singular values above tol ||A||_2), and what that storage is against the dense
// operator. A design measurement for a compressed surface operator, not one: no solver uses it.
//   bench_compression -levels 10 [-leaf 32] [-tol 1e-12] [-coarsenings c (the graded hierarchy)]
// One rank. Prints, per level of the tree, the largest and mean rank of its off-diagonal blocks, then the
// storage of both matrices against dense, and the relative error of a matvec with the truncated blocks
// (random vector) as a check of the truncation.
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/petsc_handles.hpp"

#include <algorithm>
#include <cmath>
#include <petscblaslapack.h>
#include <random>
#include <stdexcept>
#include <vector>

using namespace tribo;

namespace {

/// A column-major dense matrix.
struct Dense {
  PetscBLASInt rows = 0, cols = 0;
  std::vector<double> a;
  double &operator()(PetscBLASInt i, PetscBLASInt j) { return a[static_cast<std::size_t>(j) * rows + i]; }
  double operator()(PetscBLASInt i, PetscBLASInt j) const { return a[static_cast<std::size_t>(j) * rows + i]; }
};

Dense block(const Dense &A, PetscBLASInt r0, PetscBLASInt nr, PetscBLASInt c0, PetscBLASInt nc) {
  Dense B{nr, nc, std::vector<double>(static_cast<std::size_t>(nr) * nc)};
  for (PetscBLASInt j = 0; j < nc; ++j)
    for (PetscBLASInt i = 0; i < nr; ++i)
      B(i, j) = A(r0 + i, c0 + j);
  return B;
}

/// Singular values and factors of B (LAPACK dgesvd, thin).
struct Svd {
  std::vector<double> s, u, vt;
};
Svd svd(Dense B) {
  const PetscBLASInt m = B.rows, n = B.cols, k = std::min(m, n);
  Svd r{std::vector<double>(k), std::vector<double>(static_cast<std::size_t>(m) * k),
        std::vector<double>(static_cast<std::size_t>(k) * n)};
  PetscBLASInt lwork = -1, info = 0;
  double query = 0;
  LAPACKgesvd_("S", "S", &m, &n, B.a.data(), &m, r.s.data(), r.u.data(), &m, r.vt.data(), &k, &query, &lwork,
               &info);
  lwork = static_cast<PetscBLASInt>(query);
  std::vector<double> work(static_cast<std::size_t>(lwork));
  LAPACKgesvd_("S", "S", &m, &n, B.a.data(), &m, r.s.data(), r.u.data(), &m, r.vt.data(), &k, work.data(),
               &lwork, &info);
  if (info != 0) throw std::runtime_error("dgesvd failed");
  return r;
}

/// ||A||_2 by power iteration on A^T A.
double norm2(const Dense &A) {
  std::vector<double> x(static_cast<std::size_t>(A.cols), 1.0), y(static_cast<std::size_t>(A.rows));
  double s = 0;
  for (int it = 0; it < 100; ++it) {
    std::fill(y.begin(), y.end(), 0.0);
    for (PetscBLASInt j = 0; j < A.cols; ++j)
      for (PetscBLASInt i = 0; i < A.rows; ++i)
        y[i] += A(i, j) * x[j];
    double ny = 0;
    for (PetscBLASInt j = 0; j < A.cols; ++j) {
      double t = 0;
      for (PetscBLASInt i = 0; i < A.rows; ++i)
        t += A(i, j) * y[i];
      x[j] = t;
      ny += t * t;
    }
    ny = std::sqrt(ny);
    for (double &v : x)
      v /= ny;
    s = std::sqrt(ny);
  }
  return s;
}

struct LevelRanks {
  int max_rank = 0;
  double rank_sum = 0;
  int blocks = 0;
};

/// The HODLR split of A over the dof range [first, first + n) (n a whole number of nodes, 2 dofs
/// each): storage in doubles, per-level ranks, and A x computed from the truncated blocks into y.
double hodlr(const Dense &A, PetscBLASInt first, PetscBLASInt n, PetscBLASInt leaf_dofs, double cut, int level,
             std::vector<LevelRanks> &levels, const std::vector<double> &x, std::vector<double> &y) {
  if (n <= leaf_dofs) {
    for (PetscBLASInt j = 0; j < n; ++j)
      for (PetscBLASInt i = 0; i < n; ++i)
        y[first + i] += A(first + i, first + j) * x[first + j];
    return static_cast<double>(n) * n;
  }
  const PetscBLASInt n1 = 2 * (n / 4), n2 = n - n1; // halve on a node boundary
  if (levels.size() <= static_cast<std::size_t>(level)) levels.resize(level + 1);
  double stored = 0;
  for (int side = 0; side < 2; ++side) {
    const PetscBLASInt r0 = side == 0 ? first : first + n1, nr = side == 0 ? n1 : n2;
    const PetscBLASInt c0 = side == 0 ? first + n1 : first, nc = side == 0 ? n2 : n1;
    const Svd f = svd(block(A, r0, nr, c0, nc));
    int r = 0;
    while (r < static_cast<int>(f.s.size()) && f.s[r] > cut)
      ++r;
    LevelRanks &l = levels[level];
    l.max_rank = std::max(l.max_rank, r), l.rank_sum += r, ++l.blocks;
    stored += static_cast<double>(r) * (nr + nc);
    const PetscBLASInt k = static_cast<PetscBLASInt>(f.s.size());
    for (int q = 0; q < r; ++q) { // y_rows += u_q s_q (v_q . x_cols)
      double t = 0;
      for (PetscBLASInt j = 0; j < nc; ++j)
        t += f.vt[static_cast<std::size_t>(j) * k + q] * x[c0 + j];
      t *= f.s[q];
      for (PetscBLASInt i = 0; i < nr; ++i)
        y[r0 + i] += f.u[static_cast<std::size_t>(q) * nr + i] * t;
    }
  }
  return stored + hodlr(A, first, n1, leaf_dofs, cut, level + 1, levels, x, y) +
         hodlr(A, first + n1, n2, leaf_dofs, cut, level + 1, levels, x, y);
}

void report(const char *name, const Dense &A, PetscBLASInt leaf_dofs, double tol) {
  const double a2 = norm2(A);
  std::vector<double> x(static_cast<std::size_t>(A.cols)), y(x.size(), 0.0), y_dense(x.size(), 0.0);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (double &v : x)
    v = uniform(rng);
  std::vector<LevelRanks> levels;
  const double stored = hodlr(A, 0, A.rows, leaf_dofs, tol * a2, 0, levels, x, y);
  for (PetscBLASInt j = 0; j < A.cols; ++j)
    for (PetscBLASInt i = 0; i < A.rows; ++i)
      y_dense[i] += A(i, j) * x[j];
  double err = 0, ref = 0;
  for (std::size_t i = 0; i < y.size(); ++i)
    err += (y[i] - y_dense[i]) * (y[i] - y_dense[i]), ref += y_dense[i] * y_dense[i];
  for (std::size_t l = 0; l < levels.size(); ++l)
    PetscPrintf(PETSC_COMM_SELF, "  %s level %zu: %d blocks of %d dofs, rank max %d, mean %.1f\n", name, l,
                levels[l].blocks, static_cast<int>(A.rows >> (l + 1)), levels[l].max_rank,
                levels[l].rank_sum / std::max(levels[l].blocks, 1));
  const double dense = static_cast<double>(A.rows) * A.cols;
  PetscPrintf(PETSC_COMM_SELF,
              "%s: %d x %d, ||A||_2 %.3e; HODLR at tol %.0e: %.2f MB against %.2f MB dense (%.1f%%), matvec "
              "relative error %.2e\n",
              name, static_cast<int>(A.rows), static_cast<int>(A.cols), a2, tol, 8 * stored / 1048576.0,
              8 * dense / 1048576.0, 100 * stored / dense, std::sqrt(err / ref));
}

} // namespace

int main(int argc, char **argv) {
  PetscSession petsc(&argc, &argv, "bench_compression: HODLR ranks of the condensed surface operator\n");
  try {
    PetscInt levels = 10, leaf = 32, coarsenings = -1;
    PetscReal tol = 1e-12;
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-levels", &levels, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-leaf", &leaf, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetReal(nullptr, nullptr, "-tol", &tol, nullptr));
    TRIBO_PETSC_CALL(PetscOptionsGetInt(nullptr, nullptr, "-coarsenings", &coarsenings, nullptr));
    PinOnSlabSetup s;
    s.slab.levels = static_cast<int>(levels);
    if (coarsenings >= 0) s.slab.hierarchy = {HierarchyFamily::Kind::graded, static_cast<int>(coarsenings)};
    s.solver_path = SolverPath::condensed;
    PinOnSlab model(PETSC_COMM_SELF, s);
    model.establishNormalContact(); // the zone of the Fig. 6 case, condensed
    const CondensedSurfaceSolver &con = *model.condensed();
    const std::int64_t z0 = con.zoneFirst(), m = con.zoneNodes();
    const std::size_t nx = model.surface().surfaceX().size();
    // Every zone node held: each unit response is a column of [S_Z; T_OZ]; keep S_Z.
    std::vector<char> held(nx, 0);
    std::fill(held.begin() + z0, held.begin() + z0 + m, 1);
    model.surface().setContactSet(held, held);
    const PetscBLASInt dz = static_cast<PetscBLASInt>(2 * m);
    Dense S{dz, dz, std::vector<double>(static_cast<std::size_t>(dz) * dz)};
    SurfaceState out;
    for (std::int64_t k = 0; k < m; ++k)
      for (int c = 0; c < 2; ++c) {
        model.surface().unitResponse(static_cast<int>(z0 + k), c == 0 ? Component::u : Component::w, out);
        for (std::int64_t i = 0; i < m; ++i) {
          S(static_cast<PetscBLASInt>(2 * i), static_cast<PetscBLASInt>(2 * k + c)) = out.fx[z0 + i];
          S(static_cast<PetscBLASInt>(2 * i + 1), static_cast<PetscBLASInt>(2 * k + c)) = out.fz[z0 + i];
        }
      }
    PetscPrintf(PETSC_COMM_SELF, "n_x %zu, %d rows, zone %lld nodes (%d dofs), leaves of %d nodes\n", nx,
                s.slab.grid().rowCount(), static_cast<long long>(m), static_cast<int>(dz), static_cast<int>(leaf));
    report("S_Z", S, static_cast<PetscBLASInt>(2 * leaf), tol);
    Dense C = S; // C_Z = S_Z^{-1} (LAPACK LU)
    std::vector<PetscBLASInt> piv(static_cast<std::size_t>(dz));
    PetscBLASInt info = 0, lwork = dz * 64;
    std::vector<double> work(static_cast<std::size_t>(lwork));
    LAPACKgetrf_(&dz, &dz, C.a.data(), &dz, piv.data(), &info);
    if (info == 0) LAPACKgetri_(&dz, C.a.data(), &dz, piv.data(), work.data(), &lwork, &info);
    if (info != 0) throw std::runtime_error("S_Z is singular");
    report("C_Z", C, static_cast<PetscBLASInt>(2 * leaf), tol);
  } catch (const std::exception &e) {
    PetscPrintf(PETSC_COMM_WORLD, "bench_compression: %s\n", e.what());
    return 2;
  }
  return 0;
}
