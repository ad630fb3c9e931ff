// Velocity- and normal-force-dependent friction (OpenSees VelNormalFrcDep).
#include "tribo/friction/vel_normal_frc_dep.hpp"

#include "tribo/friction/parameter_check.hpp"

#include <cmath>

namespace tribo {

VelNormalFrcDep::VelNormalFrcDep(double aSlow, double nSlow, double aFast, double nFast, double alpha0,
                                 double alpha1, double alpha2, double maxMuFact)
    : aSlow_(aSlow), nSlow_(nSlow), aFast_(aFast), nFast_(nFast), alpha0_(alpha0), alpha1_(alpha1),
      alpha2_(alpha2), maxMuFact_(maxMuFact) {
  const auto law = name();
  checkParameter(law, "aSlow", aSlow, Bounds::positive());
  checkParameter(law, "nSlow", nSlow, Bounds::openClosed(0.0, 1.0),
                 "n <= 1 as in OpenSees; n > 0 so that the friction force aN^n vanishes with N");
  checkParameter(law, "aFast", aFast, Bounds::positive());
  checkParameter(law, "nFast", nFast, Bounds::openClosed(0.0, 1.0),
                 "n <= 1 as in OpenSees; n > 0 so that the friction force aN^n vanishes with N");
  checkParameter(law, "alpha0", alpha0, Bounds::nonNegative(),
                 "the rate parameter at vanishing load cannot be negative");
  checkParameter(law, "alpha1", alpha1, Bounds::any());
  checkParameter(law, "alpha2", alpha2, Bounds::any());
  checkParameter(law, "maxMuFact", maxMuFact, Bounds::positive());
}

double VelNormalFrcDep::muSlow(double N) const {
  return aSlow_ * std::pow(N, nSlow_ - 1.0);
}

double VelNormalFrcDep::muFast(double N) const {
  return aFast_ * std::pow(N, nFast_ - 1.0);
}

double VelNormalFrcDep::rate(double N) const {
  // A negative rate would turn exp(-a|v|) into growth without bound; where alpha1, alpha2 make the
  // quadratic negative, the rate is taken as 0 (mu = muSlow at every speed), its continuous extension.
  const double a = alpha0_ + alpha1_ * N + alpha2_ * std::pow(N, 2.0); // pow as in OpenSees: same bits
  return a > 0.0 ? a : 0.0;
}

FrictionLaw::Local VelNormalFrcDep::local(double N, double speed, const double *) const {
  const double a = rate(N);
  const double da_dN = (a > 0.0) ? alpha1_ + 2.0 * alpha2_ * N : 0.0;
  const double e = std::exp(-a * speed);

  const double mu_slow = muSlow(N);
  const double mu_fast = muFast(N);
  if (std::isfinite(mu_slow) && std::isfinite(mu_fast)) {
    // mu in OpenSees's order of operations, so that it agrees to the last bit.
    const double decay = (mu_fast - mu_slow) * e;
    const double mu = mu_fast - decay;
    const double cap = maxMuFact_ * mu_fast;
    if (mu > cap) {
      // Under the cap mu = maxMuFact muFast(N): it no longer depends on v, and its N-slope is the cap's.
      return {cap, maxMuFact_ * (nFast_ - 1.0) * mu_fast / N, 0.0, cap * N, maxMuFact_ * nFast_ * mu_fast,
              0.0};
    }
    // d(mu N)/dN from the power laws, d(a N^n)/dN = n a N^(n-1) = n mu(N): no cancellation between mu and
    // N dmu/dN, which are both of order N^(n-1) and blow up as N -> 0.
    const double dstrength_dN =
        nFast_ * mu_fast * (1.0 - e) + nSlow_ * mu_slow * e + N * da_dN * speed * decay;
    const double dmu_dN =
        ((nFast_ - 1.0) * mu_fast * (1.0 - e) + (nSlow_ - 1.0) * mu_slow * e) / N + da_dN * speed * decay;
    const double dmu_dspeed = a * decay;
    return {mu, dmu_dN, dmu_dspeed, mu * N, dstrength_dN, N * dmu_dspeed};
  }

  // N so close to 0 that N^(n-1) overflows: mu is beyond double range (or capped), but the friction
  // force aN^n is tiny. Work with the forces F = mu N; the cap test is the same inequality multiplied
  // by N > 0, and mu = F/N rounds to inf only where it truly exceeds the double range.
  const double f_slow = aSlow_ * std::pow(N, nSlow_);
  const double f_fast = aFast_ * std::pow(N, nFast_);
  const double f_decay = (f_fast - f_slow) * e;
  const double f = f_fast - f_decay;
  const double f_cap = maxMuFact_ * f_fast;
  // weight * coef * F / N^power, with 0 (not inf * 0) where the weight or coefficient vanishes.
  auto term = [N](double coef, double force, double weight, int power) {
    if (weight == 0.0 || coef == 0.0) return 0.0;
    double x = coef * force * weight;
    for (int k = 0; k < power; ++k)
      x /= N;
    return x;
  };
  if (f > f_cap) {
    return {mu_fast * maxMuFact_,
            term(maxMuFact_ * (nFast_ - 1.0), f_fast, 1.0, 2),
            0.0,
            f_cap,
            term(maxMuFact_ * nFast_, f_fast, 1.0, 1),
            0.0};
  }
  const double dstrength_dN =
      term(nFast_, f_fast, 1.0 - e, 1) + term(nSlow_, f_slow, e, 1) + da_dN * speed * f_decay;
  const double dmu_dN = term(nFast_ - 1.0, f_fast, 1.0 - e, 2) + term(nSlow_ - 1.0, f_slow, e, 2) +
                        term(da_dN * speed, f_decay, 1.0, 1);
  return {f / N, dmu_dN, term(a, f_decay, 1.0, 1), f, dstrength_dN, a * f_decay};
}

} // namespace tribo
