// The fused slip update of the condensed path (docs/model.md §16; issue 20): one pass over the two
// tableau columns, the masks of the partition and the state, vectorised for AVX2 where the CPU has it
// and for the x86-64 baseline elsewhere (chosen at run time; never -march=native).
#include "tribo/contact/slip_kernel.hpp"

#include <cstdint>

namespace tribo {

namespace {

// A double's bits and back (a held dof's mask is all ones, a free one's zero: x & mask is x or +0).
inline std::uint64_t bits(double x) {
  return __builtin_bit_cast(std::uint64_t, x);
}
inline double real(std::uint64_t b) {
  return __builtin_bit_cast(double, b);
}

// The zone: node i's outputs are rows 2i (u) and 2i + 1 (w); a held dof gives its force, a free one its
// displacement (the masks select, no branch). s += du R_u + dw R_w + g U, summed as the formed-response
// update sums (so the round-off is the same).
__attribute__((always_inline)) inline void
zonePass(std::size_t m, const double *__restrict a, const double *__restrict b,
         const std::uint64_t *__restrict h, double du, double dw, double g, const double *__restrict gu,
         const double *__restrict gw, const double *__restrict gfx, const double *__restrict gfz,
         double *__restrict su, double *__restrict sw, double *__restrict sfx, double *__restrict sfz) {
  for (std::size_t i = 0; i < m; ++i) {
    const std::uint64_t hu = h[2 * i], hw = h[2 * i + 1];
    const std::uint64_t au = bits(a[2 * i]), aw = bits(a[2 * i + 1]), bu = bits(b[2 * i]),
                        bw = bits(b[2 * i + 1]);
    su[i] += du * real(au & ~hu) + dw * real(bu & ~hu) + g * gu[i];
    sw[i] += du * real(aw & ~hw) + dw * real(bw & ~hw) + g * gw[i];
    sfx[i] += du * real(au & hu) + dw * real(bu & hu) + g * gfx[i];
    sfz[i] += du * real(aw & hw) + dw * real(bw & hw) + g * gfz[i];
  }
}

// Outside the zone every dof is free of traction: displacements out, no force.
__attribute__((always_inline)) inline void
outsidePass(std::size_t count, const double *__restrict a, const double *__restrict b, double du, double dw,
            double g, const double *__restrict gu, const double *__restrict gw, const double *__restrict gfx,
            const double *__restrict gfz, double *__restrict su, double *__restrict sw,
            double *__restrict sfx, double *__restrict sfz) {
  for (std::size_t o = 0; o < count; ++o) {
    su[o] += du * a[2 * o] + dw * b[2 * o] + g * gu[o];
    sw[o] += du * a[2 * o + 1] + dw * b[2 * o + 1] + g * gw[o];
    sfx[o] += du * 0.0 + dw * 0.0 + g * gfx[o];
    sfz[o] += du * 0.0 + dw * 0.0 + g * gfz[o];
  }
}

// The fields from node n on, as the passes take them.
#define TRIBO_FIELDS_FROM(unit, s, n)                                                                        \
  (unit).u + (n), (unit).w + (n), (unit).fx + (n), (unit).fz + (n), (s).u + (n), (s).w + (n), (s).fx + (n),  \
      (s).fz + (n)

__attribute__((always_inline)) inline void addSlipBody(const SlipColumns &c, double du, double dw, double g,
                                                       const ConstSurfaceFields &unit,
                                                       const SurfaceFields &s) {
  const std::size_t z0 = c.zone_first, z1 = z0 + c.zone_nodes;
  const double u_k = s.u[c.k], w_k = s.w[c.k]; // k's own displacements follow its unit prescriptions
  // The nodes [lo, hi) of [first, end): left of the zone, the zone, right of it (node n's rows 2n, 2n + 1).
  auto from = [&](std::size_t lo) { return lo > c.first ? lo : c.first; };
  auto to = [&](std::size_t hi) { return hi < c.end ? hi : c.end; };
  if (const std::size_t lo = from(0), hi = to(z0); lo < hi)
    outsidePass(hi - lo, c.ru + 2 * lo, c.rw + 2 * lo, du, dw, g, TRIBO_FIELDS_FROM(unit, s, lo));
  if (const std::size_t lo = from(z0), hi = to(z1); lo < hi)
    zonePass(hi - lo, c.ru + 2 * lo, c.rw + 2 * lo, c.held_mask + 2 * (lo - z0), du, dw, g,
             TRIBO_FIELDS_FROM(unit, s, lo));
  if (const std::size_t lo = from(z1), hi = to(c.nodes); lo < hi)
    outsidePass(hi - lo, c.ru + 2 * lo, c.rw + 2 * lo, du, dw, g, TRIBO_FIELDS_FROM(unit, s, lo));
  const std::size_t ik = c.k - z0;
  const double *k_ru = c.kRu(), *k_rw = c.kRw();
  const bool hu = c.held_mask[2 * ik] != 0, hw = c.held_mask[2 * ik + 1] != 0;
  const double ru_u = hu ? 1.0 : k_ru[0], rw_u = hu ? 0.0 : k_rw[0];
  const double ru_w = hw ? 0.0 : k_ru[1], rw_w = hw ? 1.0 : k_rw[1];
  s.u[c.k] = u_k + (du * ru_u + dw * rw_u + g * unit.u[c.k]);
  s.w[c.k] = w_k + (du * ru_w + dw * rw_w + g * unit.w[c.k]);
}

// One chunk's sums (slip_kernel.hpp) over the nodes [first, end) of it. Eight partial sums (node k's in the
// sum (k - first) mod 8, folded pairwise at the end): a fixed order without one chain of dependent
// additions over the contact (a few 1e-16 relative from the node-by-node sum of
// ProvisionalEquilibrium::contactForce). A block of eight nodes is sixteen consecutive rows, summed row by
// row so that the loop runs over contiguous memory (vectorised: it was a sixth of steady sliding's time at
// n_x = 2049 with strided loads); the u rows' sums take +0 only and are dropped, so each node's sum is the
// one of node-by-node lanes, bit for bit.
__attribute__((always_inline)) inline void contactForcesBody(const SlipColumns &c, std::size_t first,
                                                             std::size_t end, double &fz_u, double &fz_w) {
  const std::size_t z0 = c.zone_first;
  first = first < z0 ? z0 : first;
  end = end > z0 + c.zone_nodes ? z0 + c.zone_nodes : end;
  constexpr std::size_t lanes = 8, rows = 2 * lanes;
  constexpr std::uint64_t w = ~std::uint64_t{0};
  constexpr std::uint64_t w_rows[rows] = {0, w, 0, w, 0, w, 0, w, 0, w, 0, w, 0, w, 0, w};
  double su[rows] = {}, sw[rows] = {}; // row j of the blocks; in contact <=> w held
  std::size_t k = first;
  for (; k + lanes <= end; k += lanes) {
    const std::size_t h0 = 2 * (k - z0), r0 = 2 * k; // k's mask, k's row
    for (std::size_t j = 0; j < rows; ++j) {
      const std::uint64_t held_w = c.held_mask[h0 + j] & w_rows[j];
      su[j] += real(bits(c.ru[r0 + j]) & held_w);
      sw[j] += real(bits(c.rw[r0 + j]) & held_w);
    }
  }
  for (std::size_t l = 0; k < end; ++k, ++l) {
    const std::size_t h = 2 * (k - z0) + 1, r = 2 * k + 1;
    su[2 * l + 1] += real(bits(c.ru[r]) & c.held_mask[h]);
    sw[2 * l + 1] += real(bits(c.rw[r]) & c.held_mask[h]);
  }
  double lane_u[lanes], lane_w[lanes];
  for (std::size_t l = 0; l < lanes; ++l)
    lane_u[l] = su[2 * l + 1], lane_w[l] = sw[2 * l + 1];
  for (std::size_t width = lanes / 2; width > 0; width /= 2)
    for (std::size_t l = 0; l < width; ++l)
      lane_u[l] += lane_u[l + width], lane_w[l] += lane_w[l + width];
  fz_u = lane_u[0];
  fz_w = lane_w[0];
}

// Chunks [chunk_first, chunk_end) of [first, end), each summed on its own.
__attribute__((always_inline)) inline void contactChunksBody(const SlipColumns &c, std::size_t first,
                                                             std::size_t end, std::size_t chunk_first,
                                                             std::size_t chunk_end, double *sums) {
  for (std::size_t ch = chunk_first; ch < chunk_end; ++ch) {
    const std::size_t lo = ch * contact_chunk, hi = lo + contact_chunk;
    double *s = sums + 2 * (ch - chunk_first);
    s[0] = 0, s[1] = 0;
    if (const std::size_t a = lo > first ? lo : first, b = hi < end ? hi : end; a < b)
      contactForcesBody(c, a, b, s[0], s[1]);
  }
}

} // namespace

__attribute__((target("avx2"))) void addSlipAvx2(const SlipColumns &c, double du, double dw, double g,
                                                 const ConstSurfaceFields &unit, const SurfaceFields &state) {
  addSlipBody(c, du, dw, g, unit, state);
}

void addSlipBaseline(const SlipColumns &c, double du, double dw, double g, const ConstSurfaceFields &unit,
                     const SurfaceFields &state) {
  addSlipBody(c, du, dw, g, unit, state);
}

__attribute__((target("avx2"))) void slipContactChunksAvx2(const SlipColumns &c, std::size_t first,
                                                           std::size_t end, std::size_t chunk_first,
                                                           std::size_t chunk_end, double *sums) {
  contactChunksBody(c, first, end, chunk_first, chunk_end, sums);
}

void slipContactChunksBaseline(const SlipColumns &c, std::size_t first, std::size_t end,
                               std::size_t chunk_first, std::size_t chunk_end, double *sums) {
  contactChunksBody(c, first, end, chunk_first, chunk_end, sums);
}

void slipContactChunks(const SlipColumns &c, std::size_t first, std::size_t end, std::size_t chunk_first,
                       std::size_t chunk_end, double *sums) {
  (cpuHasAvx2() ? slipContactChunksAvx2 : slipContactChunksBaseline)(c, first, end, chunk_first, chunk_end,
                                                                     sums);
}

void addContactChunks(const double *sums, std::size_t chunks, double &fz_u, double &fz_w) {
  fz_u = 0, fz_w = 0;
  for (std::size_t ch = 0; ch < chunks; ++ch)
    fz_u += sums[2 * ch], fz_w += sums[2 * ch + 1];
}

bool cpuHasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

void addSlip(const SlipColumns &c, double du, double dw, double g, const ConstSurfaceFields &unit,
             const SurfaceFields &state) {
  (cpuHasAvx2() ? addSlipAvx2 : addSlipBaseline)(c, du, dw, g, unit, state);
}

} // namespace tribo
