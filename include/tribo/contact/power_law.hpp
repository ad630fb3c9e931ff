// Power laws in avalanche data done as Clauset, Shalizi & Newman (SIAM Review 51 (2009) 661-703) do
// them: maximum likelihood above x_min, x_min by the Kolmogorov-Smirnov distance, bootstrap errors, a
// semi-parametric bootstrap goodness-of-fit p-value, Vuong's likelihood-ratio tests against an
// exponential and a log-normal (docs/model.md §17).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tribo {

/// p(x) ~ x^-alpha for x >= x_min. Continuous: p = (alpha-1)/x_min (x/x_min)^-alpha, alpha the closed-form
/// MLE 1 + n / sum ln(x/x_min) (Clauset eq. 3.1). Discrete (integers >= 1): p = x^-alpha / zeta(alpha,
/// x_min), alpha maximising the log-likelihood (their eq. 3.5) numerically. alpha_error is the
/// asymptotic (alpha - 1)/sqrt(n_tail) (their eq. 3.2; the discrete case uses the same). ks is the
/// Kolmogorov-Smirnov distance between the tail's empirical and fitted CDFs. alpha = 0: no fit.
struct PowerLawFit {
  double alpha = 0, alpha_error = 0, x_min = 0, ks = 0;
  std::size_t n_tail = 0, n = 0;
  double tailFraction() const { return n > 0 ? double(n_tail) / double(n) : 0.0; }
};

/// The Hurwitz zeta function zeta(s, q) = sum_{k>=0} (k + q)^-s for s > 1, q > 0 (Euler-Maclaurin).
double hurwitzZeta(double s, double q);

/// The fit above a given x_min.
PowerLawFit fitPowerLawAbove(const std::vector<double> &samples, double x_min, bool discrete);

/// The constants of the x_min search, declared once: a tail keeps at least `min_tail` samples; at
/// most `max_candidates` distinct values are tried as x_min (evenly spaced in rank among the
/// distinct values, the smallest always included).
struct PowerLawSearch {
  static constexpr std::size_t min_tail = 50;
  static constexpr std::size_t max_candidates = 100;
};

/// x_min minimising the KS distance (Clauset §3.3), with the fit above it; alpha = 0 when fewer than
/// PowerLawSearch::min_tail samples are positive.
PowerLawFit fitPowerLaw(const std::vector<double> &samples, bool discrete);

/// Vuong's test of the power law against an alternative fitted by maximum likelihood to the same tail:
/// R = sum of log-likelihood ratios (> 0 favours the power law), normalised_ratio = R / (sigma sqrt(n)),
/// p the two-sided p-value of |normalised_ratio| (Clauset eq. C.6; Vuong, Econometrica 57 (1989) 307).
struct LikelihoodRatioTest {
  double log_ratio = 0, normalised_ratio = 0, p = 1;
};

/// A full analysis. alpha_bootstrap_error and x_min_bootstrap_error: standard deviations over
/// `bootstrap` resamples of the data refitted with their own x_min (0 resamples: 0). gof_p: the
/// fraction of `bootstrap` semi-parametric synthetic data sets (tail from the fit, body resampled from
/// the data below x_min) whose own fit is farther in KS than the data's (Clauset §4.1). A power law is
/// `supported` when gof_p >= gof_threshold (their 0.1) and neither alternative is significantly
/// better (normalised_ratio < 0 with p < lr_significance); `verdict` says which way and why.
struct PowerLawAnalysis {
  static constexpr double gof_threshold = 0.1;
  static constexpr double lr_significance = 0.1;
  PowerLawFit fit;
  double alpha_bootstrap_error = 0, x_min_bootstrap_error = 0;
  double gof_p = 0;
  std::size_t bootstrap = 0;
  LikelihoodRatioTest vs_exponential, vs_lognormal;
  bool supported = false;
  std::string verdict;
};
PowerLawAnalysis analysePowerLaw(const std::vector<double> &samples, bool discrete, std::size_t bootstrap,
                                 std::uint64_t seed);

} // namespace tribo
