// A STREAM-like triad, a[i] = b[i] + s c[i], for the bandwidth bound of the condensed path's slip
// (issue 20, goal 5; docs/performance.md "Fused slip kernels"). Bytes counted as STREAM counts them:
// 24 per element (two reads, one write; no write-allocate). One line per working set, from one that
// fits the L2 cache to one that does not fit any cache; the best of the repetitions.
//   bench_triad [-reps 20] [-max_mb 384]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

__attribute__((noinline, target_clones("avx2", "default"))) void
triad(double *__restrict a, const double *__restrict b, const double *__restrict c, double s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

} // namespace

int main(int argc, char **argv) {
  int reps = 20;
  double max_mb = 384;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "-reps") == 0) reps = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "-max_mb") == 0) max_mb = std::atof(argv[i + 1]);
  }
  std::printf(
      "# triad a = b + s c: working set (3 arrays) [KB], best GB/s over %d repetitions (24 B/element)\n",
      reps);
  for (double kb = 192; kb <= max_mb * 1024; kb *= 4) {
    const auto n = static_cast<std::size_t>(kb * 1024 / 24);
    std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
    // Enough passes per repetition for ~ 10 ms, so the clock's resolution does not matter.
    const std::size_t passes =
        std::max<std::size_t>(1, static_cast<std::size_t>(4e7 / static_cast<double>(n)));
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
      const double t0 = seconds();
      for (std::size_t p = 0; p < passes; ++p)
        triad(a.data(), b.data(), c.data(), 0.5 + 1e-9 * static_cast<double>(p), n);
      best = std::min(best, (seconds() - t0) / static_cast<double>(passes));
    }
    std::printf("triad working_set_kb %.0f GB/s %.2f (check %.3f)\n", kb,
                24.0 * static_cast<double>(n) / best / 1e9, a[n / 2]);
  }
  return 0;
}
