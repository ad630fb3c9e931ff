// The fused slip update (src/contact/slip_kernel.cpp) against the plain form it replaces: map both
// columns into formed responses (force where held, displacement where free, the unit prescriptions at
// the slipping node), then state += du R_u + dw R_w + g U field by field. Random columns, partitions and
// zones; both instruction sets (AVX2 where the CPU has it). The update must agree to the last bit, the
// contact forces (partial sums) to round-off.
#include "tribo/contact/slip_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <vector>

using namespace tribo;

namespace {

struct Fields {
  std::vector<double> u, w, fx, fz;
  explicit Fields(std::size_t n) : u(n), w(n), fx(n), fz(n) {}
  SurfaceFields view() { return {u.data(), w.data(), fx.data(), fz.data()}; }
  ConstSurfaceFields cview() const { return {u.data(), w.data(), fx.data(), fz.data()}; }
};

// The formed response of one column (CondensedSurfaceSolver::solveInputs' mapping).
Fields formed(const std::vector<double> &y, const std::vector<std::uint64_t> &held, std::size_t n,
              std::size_t z0, std::size_t m, std::size_t k, int input) {
  Fields r(n);
  for (std::size_t i = 0; i < m; ++i) {
    const bool hu = held[2 * i] != 0, hw = held[2 * i + 1] != 0;
    const std::size_t row = 2 * (z0 + i); // the tableau's rows: the surface dofs in node order
    r.u[z0 + i] = hu ? 0.0 : y[row];
    r.fx[z0 + i] = hu ? y[row] : 0.0;
    r.w[z0 + i] = hw ? 0.0 : y[row + 1];
    r.fz[z0 + i] = hw ? y[row + 1] : 0.0;
  }
  const std::size_t j = 2 * (k - z0) + static_cast<std::size_t>(input);
  if (held[j] != 0) (input == 0 ? r.u : r.w)[k] = 1.0;
  for (std::size_t o = 0; o < n; ++o) {
    if (o >= z0 && o < z0 + m) continue;
    r.u[o] = y[2 * o];
    r.w[o] = y[2 * o + 1];
  }
  return r;
}

bool sameBits(const std::vector<double> &a, const std::vector<double> &b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

using Kernel = void (*)(const SlipColumns &, double, double, double, const ConstSurfaceFields &,
                        const SurfaceFields &);

void checkAgainstPlainLoop(Kernel kernel, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = 1 + rng() % 300, m = 1 + rng() % n, z0 = rng() % (n - m + 1);
    const std::size_t k = z0 + rng() % m;
    std::vector<std::uint64_t> held(2 * m);
    std::vector<double> ru(2 * n), rw(2 * n);
    for (std::uint64_t &h : held)
      h = rng() % 2 ? ~std::uint64_t{0} : 0;
    for (std::size_t r = 0; r < 2 * n; ++r)
      ru[r] = value(rng), rw[r] = value(rng);
    if (trial % 5 == 0) std::fill(ru.begin(), ru.end(), 0.0); // a free dof: no input, a zero response
    Fields state(n), unit(n);
    for (std::size_t i = 0; i < n; ++i) {
      state.u[i] = value(rng), state.w[i] = value(rng), state.fx[i] = value(rng), state.fz[i] = value(rng);
      unit.u[i] = value(rng), unit.w[i] = value(rng), unit.fx[i] = value(rng), unit.fz[i] = value(rng);
    }
    const double du = value(rng), dw = value(rng), g = value(rng);

    Fields expected = state;
    const Fields a = formed(ru, held, n, z0, m, k, 0), b = formed(rw, held, n, z0, m, k, 1);
    auto update = [&](std::vector<double> &s, const std::vector<double> &x, const std::vector<double> &y,
                      const std::vector<double> &z) {
      for (std::size_t i = 0; i < n; ++i)
        s[i] += du * x[i] + dw * y[i] + g * z[i];
    };
    update(expected.u, a.u, b.u, unit.u);
    update(expected.w, a.w, b.w, unit.w);
    update(expected.fx, a.fx, b.fx, unit.fx);
    update(expected.fz, a.fz, b.fz, unit.fz);

    // A share of the nodes (StateShare): those in [lo, hi) and k's u, w move as in the whole pass, the
    // others not at all.
    const std::size_t lo = rng() % (n + 1), hi = lo + rng() % (n - lo + 1);
    Fields share = state;
    kernel({ru.data(), rw.data(), held.data(), n, z0, m, k, lo, hi}, du, dw, g, unit.cview(), share.view());
    for (std::size_t i = 0; i < n; ++i) {
      const bool moved = i >= lo && i < hi;
      const Fields &want = moved ? expected : state;
      EXPECT_EQ(share.fx[i], want.fx[i]) << "fx of node " << i << " in [" << lo << ", " << hi << ")";
      EXPECT_EQ(share.fz[i], want.fz[i]) << "fz of node " << i << " in [" << lo << ", " << hi << ")";
      const Fields &want_uw = moved || i == k ? expected : state;
      EXPECT_EQ(share.u[i], want_uw.u[i]) << "u of node " << i << " in [" << lo << ", " << hi << ")";
      EXPECT_EQ(share.w[i], want_uw.w[i]) << "w of node " << i << " in [" << lo << ", " << hi << ")";
    }

    const SlipColumns cols{ru.data(), rw.data(), held.data(), n, z0, m, k, 0, n};
    kernel(cols, du, dw, g, unit.cview(), state.view());
    EXPECT_TRUE(sameBits(state.u, expected.u)) << "u, trial " << trial << " n " << n << " m " << m;
    EXPECT_TRUE(sameBits(state.w, expected.w)) << "w, trial " << trial;
    EXPECT_TRUE(sameBits(state.fx, expected.fx)) << "fx, trial " << trial;
    EXPECT_TRUE(sameBits(state.fz, expected.fz)) << "fz, trial " << trial;

    // The contact forces: sum of fz over the held-w nodes of a span (in partial sums: to round-off).
    const std::size_t first = z0 + rng() % m, end = first + rng() % (z0 + m - first + 1);
    double fu = 0, fw = 0, eu = 0, ew = 0, scale = 0;
    for (std::size_t i = first; i < end; ++i)
      if (held[2 * (i - z0) + 1] != 0)
        eu += a.fz[i], ew += b.fz[i], scale += std::abs(a.fz[i]) + std::abs(b.fz[i]);
    // Their defined order: chunks of contact_chunk nodes, node i of a chunk's part [lo, hi) of the span in
    // lane (i - lo) mod 8, the lanes folded pairwise, the chunks added in node order.
    const std::size_t c0 = first / contact_chunk, c1 = (end + contact_chunk - 1) / contact_chunk;
    double eu_order = 0, ew_order = 0;
    for (std::size_t ch = c0; ch < c1; ++ch) {
      const std::size_t lo = std::max(first, ch * contact_chunk),
                        hi = std::min(end, (ch + 1) * contact_chunk);
      double lu[8] = {}, lw[8] = {};
      for (std::size_t i = lo; i < hi; ++i)
        if (held[2 * (i - z0) + 1] != 0) lu[(i - lo) % 8] += a.fz[i], lw[(i - lo) % 8] += b.fz[i];
      for (std::size_t width = 4; width > 0; width /= 2)
        for (std::size_t l = 0; l < width; ++l)
          lu[l] += lu[l + width], lw[l] += lw[l + width];
      eu_order += lu[0], ew_order += lw[0];
    }
    // Every kernel gives these bits, the chunks summed at once or in parts (as the ranks sum their own,
    // StateShare::parts), and they are the node-by-node sums to round-off.
    for (auto chunks :
         {slipContactChunksBaseline, cpuHasAvx2() ? slipContactChunksAvx2 : slipContactChunksBaseline}) {
      std::vector<double> sums(2 * (c1 - c0), std::nan(""));
      const std::size_t cut = c0 + rng() % (c1 - c0 + 1);
      chunks(cols, first, end, c0, cut, sums.data());
      chunks(cols, first, end, cut, c1, sums.data() + 2 * (cut - c0));
      addContactChunks(sums.data(), c1 - c0, fu, fw);
      EXPECT_EQ(fu, eu_order) << "trial " << trial << ", chunks [" << c0 << ", " << cut << ", " << c1 << ")";
      EXPECT_EQ(fw, ew_order) << "trial " << trial << ", chunks [" << c0 << ", " << cut << ", " << c1 << ")";
      EXPECT_NEAR(fu, eu, 1e-15 * scale) << "trial " << trial;
      EXPECT_NEAR(fw, ew, 1e-15 * scale) << "trial " << trial;
    }
  }
}

} // namespace

TEST(SlipKernel, BaselineEqualsThePlainLoopBitForBit) {
  checkAgainstPlainLoop(addSlipBaseline, 1);
}

TEST(SlipKernel, Avx2EqualsThePlainLoopBitForBit) {
  if (!cpuHasAvx2()) GTEST_SKIP() << "this CPU has no AVX2";
  checkAgainstPlainLoop(addSlipAvx2, 2);
}

TEST(SlipKernel, DispatchEqualsThePlainLoopBitForBit) {
  checkAgainstPlainLoop(addSlip, 3);
}
