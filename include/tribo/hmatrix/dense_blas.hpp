// The few dense kernels the HODLR code is built from: BLAS/LAPACK (petscblaslapack.h) behind 64-bit
// sizes, with leading dimensions kept >= 1 for empty blocks and LAPACK failures turned into SolverError.
#pragma once

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <petscblaslapack.h>
#include <string>
#include <vector>

namespace tribo::dense {

inline PetscBLASInt blasInt(std::int64_t v) {
  if (v < 0 || v > std::numeric_limits<PetscBLASInt>::max())
    throw SolverError("dense kernel: size " + std::to_string(v) + " does not fit a BLAS integer");
  return static_cast<PetscBLASInt>(v);
}
inline PetscBLASInt ld(std::int64_t v) {
  return blasInt(std::max<std::int64_t>(v, 1));
}

/// y = alpha op(A) x + beta y, A m x n, x with stride incx.
inline void gemv(char ta, std::int64_t m, std::int64_t n, double alpha, const double *a, std::int64_t lda,
                 const double *x, std::int64_t incx, double beta, double *y) {
  if (m == 0 || n == 0) return;
  const PetscBLASInt bm = blasInt(m), bn = blasInt(n), la = ld(lda), ix = blasInt(incx), one = 1;
  const char sa[2] = {ta, 0};
  BLASgemv_(sa, &bm, &bn, &alpha, a, &la, x, &ix, &beta, y, &one);
}

/// C = alpha op(A) op(B) + beta C, C m x n, inner dimension k.
inline void gemm(char ta, char tb, std::int64_t m, std::int64_t n, std::int64_t k, double alpha,
                 const double *a, std::int64_t lda, const double *b, std::int64_t ldb, double beta, double *c,
                 std::int64_t ldc) {
  if (m == 0 || n == 0) return;
  // A product with one or two columns (a HODLR solve or product for a unit response, node k's u and w
  // together) goes column by column through dgemv: OpenBLAS's dgemm packs the whole of op(A) first, which
  // took 40 % of the compressed path's time (perf, n_x = 4097). (A hand-written pass doing both columns
  // at once was measured no faster, and was dropped.)
  if (n <= 2) {
    for (std::int64_t j = 0; j < n; ++j) {
      const double *x = tb == 'N' ? b + j * ldb : b + j;
      const std::int64_t incx = tb == 'N' ? 1 : ldb;
      if (k == 0) {
        for (std::int64_t i = 0; i < m; ++i)
          c[j * ldc + i] = beta == 0.0 ? 0.0 : beta * c[j * ldc + i];
        continue;
      }
      if (ta == 'N')
        gemv('N', m, k, alpha, a, lda, x, incx, beta, c + j * ldc);
      else
        gemv('T', k, m, alpha, a, lda, x, incx, beta, c + j * ldc);
    }
    return;
  }
  const PetscBLASInt bm = blasInt(m), bn = blasInt(n), bk = blasInt(k), la = ld(lda), lb = ld(ldb),
                     lc = ld(ldc);
  const char sa[2] = {ta, 0}, sb[2] = {tb, 0};
  BLASgemm_(sa, sb, &bm, &bn, &bk, &alpha, a, &la, b, &lb, &beta, c, &lc);
}

/// The Frobenius norm of the m x n block a (leading dimension lda).
inline double frobenius(std::int64_t m, std::int64_t n, const double *a, std::int64_t lda) {
  double sum = 0;
  const PetscBLASInt bm = blasInt(m), one = 1;
  for (std::int64_t j = 0; j < n; ++j) {
    const double c = BLASnrm2_(&bm, a + j * lda, &one);
    sum += c * c;
  }
  return std::sqrt(sum);
}

/// Overwrites the m x k matrix y (k <= m, leading dimension m) with an orthonormal basis of its range
/// (Householder QR: dgeqrf, dorgqr).
inline void orthonormalise(std::int64_t m, std::int64_t k, double *y) {
  if (k == 0) return;
  const PetscBLASInt bm = blasInt(m), bk = blasInt(k), la = ld(m);
  std::vector<double> tau(static_cast<std::size_t>(k));
  PetscBLASInt lwork = -1, info = 0;
  double query = 0;
  LAPACKgeqrf_(&bm, &bk, y, &la, tau.data(), &query, &lwork, &info);
  lwork = std::max<PetscBLASInt>(static_cast<PetscBLASInt>(query), bk);
  std::vector<double> work(static_cast<std::size_t>(lwork));
  LAPACKgeqrf_(&bm, &bk, y, &la, tau.data(), work.data(), &lwork, &info);
  if (info == 0) LAPACKorgqr_(&bm, &bk, &bk, y, &la, tau.data(), work.data(), &lwork, &info);
  if (info != 0) throw SolverError("dense kernel: dgeqrf/dorgqr failed, info " + std::to_string(info));
}

/// The thin SVD a = U diag(s) V^T of the m x n matrix a (destroyed): u m x min(m, n), vt min(m, n) x n.
struct Svd {
  std::vector<double> s, u, vt;
};
inline Svd svd(std::int64_t m, std::int64_t n, double *a) {
  const std::int64_t k = std::min(m, n);
  Svd r{std::vector<double>(static_cast<std::size_t>(k)),
        std::vector<double>(static_cast<std::size_t>(m * k)),
        std::vector<double>(static_cast<std::size_t>(k * n))};
  if (k == 0) return r;
  const PetscBLASInt bm = blasInt(m), bn = blasInt(n), la = ld(m), lvt = ld(k);
  PetscBLASInt lwork = -1, info = 0;
  double query = 0;
  LAPACKgesvd_("S", "S", &bm, &bn, a, &la, r.s.data(), r.u.data(), &la, r.vt.data(), &lvt, &query, &lwork,
               &info);
  lwork = static_cast<PetscBLASInt>(query);
  std::vector<double> work(static_cast<std::size_t>(lwork));
  LAPACKgesvd_("S", "S", &bm, &bn, a, &la, r.s.data(), r.u.data(), &la, r.vt.data(), &lvt, work.data(),
               &lwork, &info);
  if (info != 0) throw SolverError("dense kernel: dgesvd failed, info " + std::to_string(info));
  return r;
}

/// B ~ U V^T (rank r) from an orthonormal basis q (m x k) of the range of the m x n block B and
/// zt = Q^T B (k x n, destroyed): the SVD zt = W S Z^T cut to the r singular values above cut, U = Q W_r
/// (orthonormal columns, m x r), V = Z_r S_r (n x r). ||B - U V^T||_2 <= ||B - Q Q^T B||_2 + s_{r+1}.
inline void truncateFromRange(std::int64_t m, std::int64_t n, std::int64_t k, const double *q, double *zt,
                              double cut, std::vector<double> &u, std::vector<double> &v, int &rank) {
  const Svd f = svd(k, n, zt); // W k x min(k, n), Z^T min(k, n) x n
  const std::int64_t kk = std::min(k, n);
  rank = 0;
  while (rank < static_cast<int>(f.s.size()) && f.s[rank] > cut)
    ++rank;
  u.assign(static_cast<std::size_t>(m * rank), 0.0);
  gemm('N', 'N', m, rank, k, 1.0, q, m, f.u.data(), k, 0.0, u.data(), m);
  v.assign(static_cast<std::size_t>(n * rank), 0.0);
  for (int r = 0; r < rank; ++r)
    for (std::int64_t j = 0; j < n; ++j)
      v[static_cast<std::size_t>(r * n + j)] = f.s[r] * f.vt[static_cast<std::size_t>(j * kk + r)];
}

/// LU with partial pivoting of the n x n matrix a in place (dgetrf); a singular a is a SolverError.
inline void luFactor(std::int64_t n, double *a, std::vector<PetscBLASInt> &piv, const char *what) {
  piv.assign(static_cast<std::size_t>(n), 0);
  if (n == 0) return;
  const PetscBLASInt bn = blasInt(n), la = ld(n);
  PetscBLASInt info = 0;
  LAPACKgetrf_(&bn, &bn, a, &la, piv.data(), &info);
  if (info != 0)
    throw SolverError(std::string(what) + ": LU failed (dgetrf info " + std::to_string(info) +
                      (info > 0 ? ", singular)" : ")"));
}

/// X = A^{-1} X for nrhs columns, with the factors of luFactor (dgetrs).
inline void luSolve(std::int64_t n, const double *lu, const std::vector<PetscBLASInt> &piv, std::int64_t nrhs,
                    double *x, std::int64_t ldx) {
  if (n == 0 || nrhs == 0) return;
  const PetscBLASInt bn = blasInt(n), la = ld(n), bnrhs = blasInt(nrhs), lx = ld(ldx);
  PetscBLASInt info = 0;
  LAPACKgetrs_("N", &bn, &bnrhs, lu, &la, piv.data(), x, &lx, &info);
  if (info != 0) throw SolverError("dense kernel: dgetrs failed, info " + std::to_string(info));
}

} // namespace tribo::dense
