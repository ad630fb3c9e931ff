// Clauset-Shalizi-Newman power-law analysis: MLE above x_min, x_min by KS, bootstrap errors and
// goodness of fit, Vuong's tests against the exponential and the log-normal (power_law.hpp).
#include "tribo/contact/power_law.hpp"

#include <algorithm>
#include <boost/math/special_functions/bernoulli.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/math/tools/minima.hpp>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <numeric>
#include <random>

namespace tribo {

double hurwitzZeta(double s, double q) {
  // Euler-Maclaurin: the first N terms exactly, then the integral, half the next term and the
  // Bernoulli corrections B_2j/(2j)! s(s+1)...(s+2j-2) a^(-s-2j+1), a = q + N (error < 1e-15 for s <= 10).
  constexpr int N = 10, M = 8;
  double sum = 0;
  for (int k = 0; k < N; ++k)
    sum += std::pow(q + k, -s);
  const double a = q + N;
  sum += std::pow(a, 1 - s) / (s - 1) + 0.5 * std::pow(a, -s);
  double pw = std::pow(a, -s - 1), poch = s, factorial = 2;
  for (int j = 1; j <= M; ++j) {
    sum += boost::math::bernoulli_b2n<double>(j) / factorial * poch * pw;
    poch *= (s + 2 * j - 1) * (s + 2 * j);
    factorial *= (2.0 * j + 1) * (2.0 * j + 2);
    pw /= a * a;
  }
  return sum;
}

namespace {

/// Deterministic uniform numbers from the standard-specified mt19937_64 (the distributions of <random>
/// are implementation-defined; these are the same on every platform).
struct Random {
  std::mt19937_64 engine;
  explicit Random(std::uint64_t seed) : engine(seed) {}
  double uniform() { return (double(engine() >> 11) + 0.5) * 0x1.0p-53; } // in (0, 1)
  std::size_t index(std::size_t n) { return static_cast<std::size_t>(engine() % n); }
};

/// The positive samples (>= 1 for discrete data), sorted.
std::vector<double> usable(const std::vector<double> &samples, bool discrete) {
  std::vector<double> x;
  for (double v : samples)
    if (std::isfinite(v) && (discrete ? v >= 1 : v > 0)) x.push_back(discrete ? std::round(v) : v);
  std::sort(x.begin(), x.end());
  return x;
}

/// The fit above x_min <= x[start] of sorted data x, whose tail starts at `start` (sum_log = sum of ln x
/// over the tail).
PowerLawFit fitSortedTail(const std::vector<double> &x, std::size_t start, double sum_log, bool discrete,
                          double x_min) {
  PowerLawFit f;
  f.n = x.size();
  f.n_tail = x.size() - start;
  f.x_min = x_min;
  const double m = double(f.n_tail);
  if (f.n_tail < 2) return f;
  if (!discrete) {
    const double s = sum_log - m * std::log(x_min);
    if (!(s > 0)) return f;
    f.alpha = 1 + m / s; // Clauset eq. 3.1
  } else {
    // Clauset eq. 3.5: maximise -m ln zeta(alpha, x_min) - alpha sum ln x.
    const auto minus_log_likelihood = [&](double a) {
      return m * std::log(hurwitzZeta(a, x_min)) + a * sum_log;
    };
    f.alpha = boost::math::tools::brent_find_minima(minus_log_likelihood, 1.0 + 1e-4, 12.0, 30).first;
  }
  f.alpha_error = (f.alpha - 1) / std::sqrt(m); // Clauset eq. 3.2
  // KS distance between the tail's empirical CDF and the fitted one, over the distinct values.
  double d = 0;
  if (!discrete) {
    for (std::size_t i = start; i < x.size();) {
      std::size_t j = i;
      while (j < x.size() && x[j] == x[i])
        ++j;
      const double fit = 1 - std::pow(x[i] / x_min, 1 - f.alpha);
      d = std::max({d, std::fabs(double(j - start) / m - fit), std::fabs(double(i - start) / m - fit)});
      i = j;
    }
  } else {
    // CCDF S(v) = zeta(alpha, v) / zeta(alpha, x_min); F(v) = 1 - S(v + 1). Between distinct data values
    // the empirical CDF is flat and F rises: the largest gap is at the data value or just before the next.
    const double z0 = hurwitzZeta(f.alpha, x_min);
    double v = x_min, zeta_v = z0;                                     // zeta(alpha, v)
    if (x[start] > x_min) d = 1 - hurwitzZeta(f.alpha, x[start]) / z0; // F(x_first - 1) against 0
    const auto zetaAt = [&](double target) {
      if (target - v <= 64)
        for (; v < target; ++v)
          zeta_v -= std::pow(v, -f.alpha);
      else
        v = target, zeta_v = hurwitzZeta(f.alpha, target);
      return zeta_v;
    };
    for (std::size_t i = start; i < x.size();) {
      std::size_t j = i;
      while (j < x.size() && x[j] == x[i])
        ++j;
      const double emp = double(j - start) / m;
      d = std::max(d, std::fabs(emp - (1 - zetaAt(x[i] + 1) / z0)));
      if (j < x.size()) d = std::max(d, std::fabs(emp - (1 - zetaAt(x[j]) / z0))); // F(x_next - 1)
      i = j;
    }
  }
  f.ks = d;
  return f;
}

PowerLawFit fitSorted(const std::vector<double> &x, bool discrete) {
  PowerLawFit best;
  best.n = x.size();
  if (x.size() < PowerLawSearch::min_tail) return best;
  std::vector<std::size_t> starts; // first index of each distinct value that leaves a long enough tail
  for (std::size_t i = 0; i + PowerLawSearch::min_tail <= x.size(); ++i)
    if (i == 0 || x[i] != x[i - 1]) starts.push_back(i);
  std::vector<double> suffix_log(x.size() + 1, 0.0);
  for (std::size_t i = x.size(); i-- > 0;)
    suffix_log[i] = suffix_log[i + 1] + std::log(x[i]);
  const std::size_t J = starts.size(), K = std::min(J, PowerLawSearch::max_candidates);
  std::size_t last = J;
  for (std::size_t k = 0; k < K; ++k) {
    const std::size_t j = K == 1 ? 0 : (k * (J - 1) + (K - 1) / 2) / (K - 1);
    if (j == last) continue;
    last = j;
    const PowerLawFit f = fitSortedTail(x, starts[j], suffix_log[starts[j]], discrete, x[starts[j]]);
    if (f.alpha > 1 && (best.alpha == 0 || f.ks < best.ks)) best = f;
  }
  return best;
}

/// A sample of the fitted power law: continuous by inversion; discrete by inverting the CCDF
/// S(x) = zeta(alpha, x)/zeta(alpha, x_min): the x with S(x) >= u > S(x + 1), searched by bisection
/// from Clauset's approximate x (their eq. D.6), which is usually the answer. Capped at 1e15.
double drawPowerLaw(const PowerLawFit &f, bool discrete, Random &rng) {
  constexpr double cap = 1e15;
  const double u = rng.uniform();
  if (!discrete) return std::min(f.x_min * std::pow(u, -1 / (f.alpha - 1)), cap);
  const double z0 = hurwitzZeta(f.alpha, f.x_min);
  const auto S = [&](double x) { return hurwitzZeta(f.alpha, x) / z0; };
  double guess = std::floor((f.x_min - 0.5) * std::pow(u, -1 / (f.alpha - 1)) + 0.5);
  guess = std::isfinite(guess) ? std::clamp(guess, f.x_min, cap) : cap;
  double lo = f.x_min, hi = cap; // S(lo) >= u; S(hi) < u unless hi is the cap
  if (S(guess) >= u) {
    lo = guess;
    if (guess >= cap || S(guess + 1) < u) return guess;
    for (hi = 2 * lo; hi < cap && S(hi) >= u; hi *= 2)
      lo = hi;
    if (hi >= cap) {
      hi = cap;
      if (S(hi) >= u) return cap;
    }
  } else {
    hi = guess;
  }
  while (hi - lo > 1) {
    const double mid = std::floor(0.5 * (lo + hi));
    (S(mid) >= u ? lo : hi) = mid;
  }
  return lo;
}

double logPowerLaw(const PowerLawFit &f, bool discrete, double x) {
  if (!discrete) return std::log(f.alpha - 1) - std::log(f.x_min) - f.alpha * std::log(x / f.x_min);
  return -f.alpha * std::log(x) - std::log(hurwitzZeta(f.alpha, f.x_min));
}

LikelihoodRatioTest vuong(const std::vector<double> &ratios) {
  LikelihoodRatioTest t;
  const double n = double(ratios.size());
  if (ratios.size() < 2) return t;
  t.log_ratio = std::accumulate(ratios.begin(), ratios.end(), 0.0);
  const double mean = t.log_ratio / n;
  double var = 0;
  for (double r : ratios)
    var += (r - mean) * (r - mean);
  var /= n;
  if (!(var > 0)) return t;
  t.normalised_ratio = t.log_ratio / std::sqrt(n * var);
  t.p = std::erfc(std::fabs(t.normalised_ratio) / std::sqrt(2.0)); // Clauset eq. C.6
  return t;
}

/// A small Nelder-Mead simplex in two dimensions (the truncated log-normal's likelihood has no closed form).
std::pair<double, double> minimise2(const std::function<double(double, double)> &f, double x0, double y0,
                                    double step) {
  double px[3] = {x0, x0 + step, x0}, py[3] = {y0, y0, y0 + step}, pf[3];
  for (int i = 0; i < 3; ++i)
    pf[i] = f(px[i], py[i]);
  for (int it = 0; it < 400; ++it) {
    int order[3] = {0, 1, 2};
    std::sort(order, order + 3, [&](int a, int b) { return pf[a] < pf[b]; });
    const int b = order[0], m = order[1], w = order[2];
    if (std::fabs(pf[w] - pf[b]) <= 1e-10 * (std::fabs(pf[b]) + 1e-10)) break;
    const double cx = 0.5 * (px[b] + px[m]), cy = 0.5 * (py[b] + py[m]);
    const auto at = [&](double t) {
      return std::pair<double, double>{cx + t * (px[w] - cx), cy + t * (py[w] - cy)};
    };
    auto [rx, ry] = at(-1);
    const double fr = f(rx, ry);
    if (fr < pf[b]) {
      auto [ex, ey] = at(-2);
      const double fe = f(ex, ey);
      if (fe < fr)
        px[w] = ex, py[w] = ey, pf[w] = fe;
      else
        px[w] = rx, py[w] = ry, pf[w] = fr;
    } else if (fr < pf[m]) {
      px[w] = rx, py[w] = ry, pf[w] = fr;
    } else {
      auto [kx, ky] = at(fr < pf[w] ? -0.5 : 0.5);
      const double fk = f(kx, ky);
      if (fk < std::min(fr, pf[w])) {
        px[w] = kx, py[w] = ky, pf[w] = fk;
      } else { // shrink towards the best
        for (int i : {m, w})
          px[i] = 0.5 * (px[i] + px[b]), py[i] = 0.5 * (py[i] + py[b]), pf[i] = f(px[i], py[i]);
      }
    }
  }
  int best = 0;
  for (int i = 1; i < 3; ++i)
    if (pf[i] < pf[best]) best = i;
  return {px[best], py[best]};
}

/// ln Q(z), Q the upper tail of the standard normal, accurate far out where erfc underflows: the
/// asymptotic series of the Mills ratio beyond z = 30 (relative error < 1e-12 there). A log-normal
/// mimicking a power law sits at z_min of 30-40, and a Q rounded to a denormal there once made it
/// "better" than the power law by 46 log-units.
double logUpperNormal(double z) {
  if (z < 30) return std::log(0.5 * boost::math::erfc(z / std::sqrt(2.0)));
  const double r = 1 / (z * z);
  const double series = 1 - r * (1 - 3 * r * (1 - 5 * r * (1 - 7 * r * (1 - 9 * r))));
  return -0.5 * z * z - std::log(z * std::sqrt(2 * M_PI)) + std::log(series);
}

/// Log-likelihoods of the tail under the exponential and the log-normal, both truncated at x_min and
/// fitted to the tail by maximum likelihood (discrete: the geometric law and the log-normal's mass on
/// [x, x+1)), as Clauset et al. Appendix C.
std::vector<double> logExponential(const std::vector<double> &tail, double x_min, bool discrete) {
  const double excess = std::accumulate(tail.begin(), tail.end(), 0.0) / double(tail.size()) - x_min;
  std::vector<double> out;
  if (!(excess > 0)) return out;
  const double lambda = discrete ? std::log1p(1 / excess) : 1 / excess;
  const double log_norm = discrete ? std::log(-std::expm1(-lambda)) : std::log(lambda);
  for (double x : tail)
    out.push_back(log_norm - lambda * (x - x_min));
  return out;
}

std::vector<double> logLognormal(const std::vector<double> &tail, double x_min, bool discrete) {
  // ln p(x) without the truncation's -ln Q(z_min), which is the same for every sample.
  const auto logDensity = [&](double mu, double sigma, double x) {
    if (discrete) { // ln(Q(a) - Q(b)) = ln Q(a) + ln(1 - Q(b)/Q(a)), a < b
      const double la = logUpperNormal((std::log(x) - mu) / sigma);
      const double lb = logUpperNormal((std::log(x + 1) - mu) / sigma);
      return lb < la ? la + std::log1p(-std::exp(lb - la)) : -std::numeric_limits<double>::infinity();
    }
    const double z = (std::log(x) - mu) / sigma;
    return -std::log(x * sigma * std::sqrt(2 * M_PI)) - 0.5 * z * z;
  };
  const auto logTruncation = [&](double mu, double sigma) {
    return logUpperNormal((std::log(x_min) - mu) / sigma);
  };
  double mean = 0, var = 0;
  for (double x : tail)
    mean += std::log(x);
  mean /= double(tail.size());
  for (double x : tail)
    var += (std::log(x) - mean) * (std::log(x) - mean);
  const double sd = std::max(std::sqrt(var / double(tail.size())), 1e-3);
  const auto minus = [&](double mu, double log_sigma) {
    const double sigma = std::exp(log_sigma);
    double sum = -double(tail.size()) * logTruncation(mu, sigma);
    for (double x : tail)
      sum += logDensity(mu, sigma, x);
    return std::isfinite(sum) ? -sum : std::numeric_limits<double>::max();
  };
  const auto [mu, log_sigma] = minimise2(minus, mean, std::log(sd), 0.5);
  const double sigma = std::exp(log_sigma), log_q_min = logTruncation(mu, sigma);
  std::vector<double> out;
  for (double x : tail)
    out.push_back(logDensity(mu, sigma, x) - log_q_min);
  return out;
}

LikelihoodRatioTest against(const PowerLawFit &f, const std::vector<double> &tail, bool discrete,
                            const std::vector<double> &log_alternative) {
  if (log_alternative.size() != tail.size()) return {};
  std::vector<double> ratios;
  for (std::size_t i = 0; i < tail.size(); ++i)
    ratios.push_back(logPowerLaw(f, discrete, tail[i]) - log_alternative[i]);
  return vuong(ratios);
}

} // namespace

PowerLawFit fitPowerLawAbove(const std::vector<double> &samples, double x_min, bool discrete) {
  const std::vector<double> x = usable(samples, discrete);
  const std::size_t start = std::lower_bound(x.begin(), x.end(), x_min) - x.begin();
  PowerLawFit f;
  f.n = x.size();
  f.x_min = x_min;
  if (start == x.size()) return f;
  double sum_log = 0;
  for (std::size_t i = start; i < x.size(); ++i)
    sum_log += std::log(x[i]);
  return fitSortedTail(x, start, sum_log, discrete, x_min);
}

PowerLawFit fitPowerLaw(const std::vector<double> &samples, bool discrete) {
  return fitSorted(usable(samples, discrete), discrete);
}

PowerLawAnalysis analysePowerLaw(const std::vector<double> &samples, bool discrete, std::size_t bootstrap,
                                 std::uint64_t seed) {
  PowerLawAnalysis a;
  const std::vector<double> x = usable(samples, discrete);
  a.fit = fitSorted(x, discrete);
  a.bootstrap = bootstrap;
  if (a.fit.alpha == 0) {
    a.verdict = fmt::format("no fit: {} usable samples, a tail needs at least {}", x.size(),
                            PowerLawSearch::min_tail);
    return a;
  }
  const std::size_t n = x.size();
  const std::size_t start = std::lower_bound(x.begin(), x.end(), a.fit.x_min) - x.begin();
  const std::vector<double> tail(x.begin() + start, x.end()), body(x.begin(), x.begin() + start);

  // Errors: the nonparametric bootstrap of the whole procedure, x_min search included (Clauset §3.4).
  Random rng(seed);
  if (bootstrap > 0) {
    double sa = 0, saa = 0, sx = 0, sxx = 0;
    std::size_t fits = 0;
    std::vector<double> resample(n);
    for (std::size_t r = 0; r < bootstrap; ++r) {
      for (double &v : resample)
        v = x[rng.index(n)];
      std::sort(resample.begin(), resample.end());
      const PowerLawFit f = fitSorted(resample, discrete);
      if (f.alpha == 0) continue;
      ++fits;
      sa += f.alpha, saa += f.alpha * f.alpha, sx += f.x_min, sxx += f.x_min * f.x_min;
    }
    if (fits > 1) {
      const double k = double(fits);
      a.alpha_bootstrap_error = std::sqrt(std::max(saa / k - (sa / k) * (sa / k), 0.0) * k / (k - 1));
      a.x_min_bootstrap_error = std::sqrt(std::max(sxx / k - (sx / k) * (sx / k), 0.0) * k / (k - 1));
    }
    // Goodness of fit: semi-parametric synthetic data sets, each fitted as the data were (§4.1).
    std::size_t farther = 0;
    std::vector<double> synthetic(n);
    const double tail_fraction = a.fit.tailFraction();
    for (std::size_t r = 0; r < bootstrap; ++r) {
      for (double &v : synthetic)
        v = (body.empty() || rng.uniform() < tail_fraction) ? drawPowerLaw(a.fit, discrete, rng)
                                                            : body[rng.index(body.size())];
      std::sort(synthetic.begin(), synthetic.end());
      const PowerLawFit f = fitSorted(synthetic, discrete);
      if (f.alpha != 0 && f.ks > a.fit.ks) ++farther;
    }
    a.gof_p = double(farther) / double(bootstrap);
  }

  a.vs_exponential = against(a.fit, tail, discrete, logExponential(tail, a.fit.x_min, discrete));
  a.vs_lognormal = against(a.fit, tail, discrete, logLognormal(tail, a.fit.x_min, discrete));
  const auto better = [](const LikelihoodRatioTest &t) {
    return t.normalised_ratio < 0 && t.p < PowerLawAnalysis::lr_significance;
  };
  const bool plausible = bootstrap > 0 && a.gof_p >= PowerLawAnalysis::gof_threshold;
  a.supported = plausible && !better(a.vs_exponential) && !better(a.vs_lognormal);
  if (bootstrap == 0)
    a.verdict = "not tested: no bootstrap samples (the goodness of fit needs them)";
  else if (!plausible)
    a.verdict = fmt::format("not a power law: goodness of fit p = {:.3f} < {}", a.gof_p,
                            PowerLawAnalysis::gof_threshold);
  else if (better(a.vs_exponential) || better(a.vs_lognormal))
    a.verdict = fmt::format("not supported: {} fits significantly better (normalised log-likelihood ratio "
                            "{:.2f}, p = {:.3f})",
                            better(a.vs_exponential) ? "an exponential" : "a log-normal",
                            better(a.vs_exponential) ? a.vs_exponential.normalised_ratio
                                                     : a.vs_lognormal.normalised_ratio,
                            better(a.vs_exponential) ? a.vs_exponential.p : a.vs_lognormal.p);
  else
    a.verdict = fmt::format("power law plausible: goodness of fit p = {:.3f} >= {}; neither the exponential "
                            "(R = {:.2f}, p = {:.3f}) nor the log-normal (R = {:.2f}, p = {:.3f}) is "
                            "significantly better",
                            a.gof_p, PowerLawAnalysis::gof_threshold, a.vs_exponential.normalised_ratio,
                            a.vs_exponential.p, a.vs_lognormal.normalised_ratio, a.vs_lognormal.p);
  return a;
}

} // namespace tribo
