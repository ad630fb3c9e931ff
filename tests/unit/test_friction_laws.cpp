// Friction laws: OpenSees agreement, derivatives, limits, symmetry, parameter checks, rate-and-state.
#include "tribo/core/error.hpp"
#include "tribo/friction/coulomb.hpp"
#include "tribo/friction/rate_and_state.hpp"
#include "tribo/friction/static_kinetic.hpp"
#include "tribo/friction/vel_dep_multi_linear.hpp"
#include "tribo/friction/vel_dependent.hpp"
#include "tribo/friction/vel_normal_frc_dep.hpp"
#include "tribo/friction/vel_pressure_dep.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using namespace tribo;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// "To round-off": the same operations in the same order give the same bits; 8 ulp leaves room for a
// compiler that reassociates one product differently.
constexpr double kRoundOff = 8.0 * std::numeric_limits<double>::epsilon();

void expectRoundOff(double expected, double actual, const std::string &what) {
  EXPECT_NEAR(actual, expected, kRoundOff * std::fabs(expected)) << what;
}

// --- Independent statements of OpenSees's algorithms (what setTrial + the getters return), written from
// SRC/element/frictionBearing/frictionModel/{VelNormalFrcDep,VelPressureDep,VelDepMultiLinear}.cpp. They
// keep OpenSees's own flaws (no sign in the multilinear slope, derivatives that ignore the cap), since
// what they must reproduce is OpenSees's output.
struct OpenSeesOutput {
  double mu, force, dFdN, dFdv; // getFrictionCoeff, getFrictionForce, getDFFrcDNFrc, getDFFrcDVel
};

OpenSeesOutput openSeesVelNormalFrcDep(const std::vector<double> &p, double N, double v) {
  const double aSlow = p[0], nSlow = p[1], aFast = p[2], nFast = p[3], al0 = p[4], al1 = p[5], al2 = p[6],
               maxMuFact = p[7];
  const double muS = aSlow * std::pow(N, nSlow - 1.0), muF = aFast * std::pow(N, nFast - 1.0);
  const double rate = al0 + al1 * N + al2 * std::pow(N, 2.0);
  const double e = std::exp(-rate * std::fabs(v)), d = (muF - muS) * e;
  double mu = muF - d;
  if (mu > maxMuFact * muF || N <= 0.0) mu = maxMuFact * muF;
  const double dS = aSlow * (nSlow - 1.0) * std::pow(N, nSlow - 2.0);
  const double dF = aFast * (nFast - 1.0) * std::pow(N, nFast - 2.0);
  const double dmudn = dF - (dF - dS) * e + (al1 + 2.0 * al2 * N) * std::fabs(v) * d;
  const double dmudv = (v != 0.0) ? rate * v / std::fabs(v) * d : 0.0;
  return {mu, N > 0.0 ? mu * N : 0.0, N >= 0.0 ? mu + dmudn * N : 0.0, N > 0.0 ? dmudv * N : 0.0};
}

OpenSeesOutput openSeesVelPressureDep(const std::vector<double> &p, double N, double v) {
  const double muSlow = p[0], muFast0 = p[1], A = p[2], deltaMu = p[3], alpha = p[4], rate = p[5];
  const double muF = N > 0.0 ? muFast0 - deltaMu * std::tanh(alpha * N / A) : muFast0;
  const double e = std::exp(-rate * std::fabs(v)), d = (muF - muSlow) * e, mu = muF - d;
  const double dmudn = deltaMu * alpha / A / std::pow(std::cosh(alpha * N / A), 2) * (e - 1.0);
  const double dmudv = (v != 0.0) ? rate * v / std::fabs(v) * d : 0.0;
  return {mu, N > 0.0 ? mu * N : 0.0, N >= 0.0 ? mu + dmudn * N : 0.0, N > 0.0 ? dmudv * N : 0.0};
}

// --- The documentation example: muSlow 0.12, muFast 0.18 at the reference load W, nSlow 0.8,
// nFast 0.7, alpha0 25 s/m, maxMuFact 3; aSlow, aFast as the Tcl `expr` computes them.
constexpr double kW = 1.0e6; // [N], the load of input/friction_velnormalfrcdep.yaml
std::vector<double> docExample() {
  return {0.12 / std::pow(kW, 0.8 - 1.0), 0.8, 0.18 / std::pow(kW, 0.7 - 1.0), 0.7, 25.0, 0.0, 0.0, 3.0};
}
VelNormalFrcDep makeVNFD(const std::vector<double> &p) {
  return VelNormalFrcDep(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
}

// Central differences of every derivative a law reports, with steps h relative to the argument. The
// error of a central difference is the truncation h^2 |f3|/6, f3 the third derivative (~1e-10 relative
// for these exponentials and powers with h = 1e-5 x), plus the round-off ~ eps |f| / h, which dominates
// where the slope is tiny beside a large f (e.g. the force 1e5 N at a speed where exp(-a|v|) ~ 1e-16);
// the bound below is 1e-7 relative plus 100 times that round-off, still far below any wrong factor or sign.
void expectDerivativesMatchDifferences(const FrictionLaw &law, double N, double v,
                                       const double *state = nullptr) {
  const double hN = 1e-5 * N, hv = 1e-5 * std::fabs(v);
  const auto at = [&](double n, double u) { return law.evaluate(n, u, state); };
  const FrictionResponse r = at(N, v);
  const FrictionResponse np = at(N + hN, v), nm = at(N - hN, v), vp = at(N, v + hv), vm = at(N, v - hv);
  constexpr double eps = std::numeric_limits<double>::epsilon();
  auto near = [&](double exact, double plus, double minus, double f, double h, const char *what) {
    const double fd = (plus - minus) / (2 * h);
    EXPECT_NEAR(exact, fd, 1e-7 * std::max(std::fabs(exact), std::fabs(fd)) + 100 * eps * std::fabs(f) / h)
        << what << " at N=" << N << " v=" << v;
  };
  near(r.dmu_dN, np.mu, nm.mu, r.mu, hN, "dmu_dN");
  near(r.dmu_dv, vp.mu, vm.mu, r.mu, hv, "dmu_dv");
  near(r.dstrength_dN, np.strength, nm.strength, r.strength, hN, "dstrength_dN");
  near(r.dstrength_dv, vp.strength, vm.strength, r.strength, hv, "dstrength_dv");
  near(r.dF_dN, np.force, nm.force, r.force, hN, "dF_dN");
  near(r.dF_dv, vp.force, vm.force, r.force, hv, "dF_dv");
}

template <class F> void expectInputError(F &&make, const std::string &mentions) {
  try {
    make();
    ADD_FAILURE() << "no InputError; expected one naming " << mentions;
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
  }
}

} // namespace

// ------------------------------------------------------------------------------------ VelNormalFrcDep

TEST(VelNormalFrcDep, MatchesOpenSeesForEveryPositiveNAndBothSigns) {
  // The doc example, and a set with nSlow < nFast where OpenSees's cap is active at small N.
  const std::vector<std::vector<double>> sets = {docExample(), {0.3, 0.6, 0.05, 0.9, 10.0, 1e-4, 2e-9, 2.5}};
  for (const auto &p : sets) {
    const auto law = makeVNFD(p);
    for (double N : {1e-200, 1e-6, 1e-2, 1.0, 37.0, 1e3, 2.5e5, 1e6, 4e6, 1e12}) {
      for (double v : {0.0, 1e-9, 1e-3, 0.02, 0.04, 0.3, 7.0, 1e4}) {
        for (double sign : {1.0, -1.0}) {
          const double vs = sign * v;
          const auto os = openSeesVelNormalFrcDep(p, N, vs);
          const auto r = law.evaluate(N, vs);
          const std::string at = "N=" + std::to_string(N) + " v=" + std::to_string(vs);
          expectRoundOff(os.mu, r.mu, "mu " + at);
          expectRoundOff(os.force, r.strength, "strength " + at);
          // OpenSees's force is the magnitude; tribo's signed force opposes v and is 0 at rest.
          expectRoundOff(vs == 0.0 ? 0.0 : -std::copysign(os.force, vs), r.force, "force " + at);
        }
      }
    }
  }
}

TEST(VelNormalFrcDep, MatchesOpenSeesOnADenseGrid) {
  // 40 000 points per parameter set over 212 decades of N and |v| up to 50 m/s. Within round-off is
  // asserted; how many are bit-identical is reported (all of them with GCC on x86-64, where nothing is
  // contracted into an FMA), for docs/reproduction-friction.md.
  const std::vector<std::vector<double>> sets = {docExample(), {0.3, 0.6, 0.05, 0.9, 10.0, 1e-4, 2e-9, 2.5}};
  long identical = 0, total = 0;
  for (const auto &p : sets) {
    const auto law = makeVNFD(p);
    for (int i = 0; i < 200; ++i) {
      const double N = 1e-200 * std::pow(10.0, 212.0 * i / 199.0);
      for (int j = 0; j < 200; ++j) {
        const double v = -50.0 + 100.0 * j / 199.0;
        const auto os = openSeesVelNormalFrcDep(p, N, v);
        const auto r = law.evaluate(N, v);
        expectRoundOff(os.mu, r.mu, "mu");
        expectRoundOff(os.force, r.strength, "strength");
        identical += (os.mu == r.mu && os.force == r.strength);
        ++total;
      }
    }
  }
  std::printf("[ info     ] VelNormalFrcDep vs OpenSees: %ld of %ld points bit-identical in mu and mu*N\n",
              identical, total);
}

TEST(VelNormalFrcDep, DerivativesMatchOpenSeesWhereTheCapIsInactive) {
  // OpenSees forms mu + N dmu/dN, tribo the power-law form: equal up to the cancellation in OpenSees's
  // form, ~ eps * mu/(n mu) ~ 1e-15; 1e-12 relative.
  const auto p = docExample();
  const auto law = makeVNFD(p);
  for (double N : {1e2, 3e5, 1e6, 5e6}) {
    for (double v : {-0.3, -0.01, 0.0, 0.02, 0.5}) {
      const auto os = openSeesVelNormalFrcDep(p, N, v);
      const auto r = law.evaluate(N, v);
      EXPECT_NEAR(r.dstrength_dN, os.dFdN, 1e-12 * std::fabs(os.dFdN));
      EXPECT_NEAR(r.dstrength_dv, os.dFdv, 1e-12 * std::fabs(os.dFdv) + 1e-300);
    }
  }
}

TEST(VelNormalFrcDep, DocExampleReferenceValues) {
  // Hand calculation at N = W (muSlow = 0.12, muFast = 0.18 exactly by construction of aSlow, aFast):
  //   v = 0.04 m/s: a|v| = 25 * 0.04 = 1, mu = 0.18 - 0.06/e = 0.18 - 0.06 * 0.367879441 = 0.157927234
  //   v = 0.01 m/s: mu = 0.18 - 0.06 exp(-0.25) = 0.18 - 0.06 * 0.778800783 = 0.133271953
  // At N = W/2: muSlow = 0.12 * 2^0.2 = 0.12 * 1.148698355 = 0.137843803,
  //             muFast = 0.18 * 2^0.3 = 0.18 * 1.231144413 = 0.221605994,
  //   v = 0.04: mu = 0.221605994 - 0.083762191 * 0.367879441 = 0.190791606
  // At N = 2W: muSlow = 0.12 / 2^0.2 = 0.104466068, muFast = 0.18 / 2^0.3 = 0.146205431,
  //   v = 0.04: mu = 0.146205431 - 0.041739364 * 0.367879441 = 0.130850378
  // (the 9 digits are those of the hand calculation: tolerance 1e-9)
  const auto law = makeVNFD(docExample());
  EXPECT_NEAR(law.coefficient(kW, 0.0), 0.12, 1e-15);
  EXPECT_NEAR(law.coefficient(kW, 1e3), 0.18, 1e-15);
  EXPECT_NEAR(law.coefficient(kW, 0.04), 0.157927234, 1e-9);
  EXPECT_NEAR(law.coefficient(kW, -0.01), 0.133271953, 1e-9);
  EXPECT_NEAR(law.coefficient(kW / 2, 0.0), 0.137843803, 1e-9);
  EXPECT_NEAR(law.coefficient(kW / 2, 1e3), 0.221605994, 1e-9);
  EXPECT_NEAR(law.coefficient(kW / 2, 0.04), 0.190791606, 1e-9);
  EXPECT_NEAR(law.coefficient(2 * kW, 0.04), 0.130850378, 1e-9);
  // The force at N = W, v = +0.04 m/s: -0.157927234 * 1e6 N, opposing the motion.
  EXPECT_NEAR(law.force(kW, 0.04), -157927.234, 1e-3);
  // The cap would act only where muSlow/muFast = (2/3)(N/W)^0.1 > 3, i.e. N > 4.5^10 W: never here.
  EXPECT_LT(law.coefficient(1e3 * kW, 0.0), 3.0 * law.muFast(1e3 * kW));
}

TEST(VelNormalFrcDep, DerivativesMatchFiniteDifferences) {
  const auto doc = makeVNFD(docExample());
  const VelNormalFrcDep quad(0.3, 0.6, 0.05, 0.9, 10.0, 4e-3, 5e-6, 10.0); // N-dependent rate
  for (const FrictionLaw *law :
       {static_cast<const FrictionLaw *>(&doc), static_cast<const FrictionLaw *>(&quad)})
    for (double N : {50.0, 400.0, 1e6})
      for (double v : {-0.2, -0.03, 0.01, 0.07, 1.5})
        expectDerivativesMatchDifferences(*law, N, v);
}

TEST(VelNormalFrcDep, CapIsOpenSeesCapAndItsDerivativesAreTheCaps) {
  // nSlow < nFast: muSlow/muFast = 6 N^-0.3 exceeds maxMuFact = 2 for N < 3^(1/0.3) = 38.9 N.
  const VelNormalFrcDep law(0.3, 0.6, 0.05, 0.9, 10.0, 0.0, 0.0, 2.0);
  const double N = 5.0, v = 0.01;
  const auto r = law.evaluate(N, v);
  EXPECT_DOUBLE_EQ(r.mu, 2.0 * law.muFast(N));
  // Under the cap mu = 2 muFast(N) does not depend on v, and d(mu N)/dN = 2 * 0.9 * muFast.
  EXPECT_EQ(r.dmu_dv, 0.0);
  EXPECT_EQ(r.dF_dv, 0.0);
  EXPECT_DOUBLE_EQ(r.dstrength_dN, 2.0 * 0.9 * law.muFast(N));
  expectDerivativesMatchDifferences(law, N, v);
  // OpenSees reports the uncapped derivatives there, which are not the slope of what it returns.
  const auto os = openSeesVelNormalFrcDep({0.3, 0.6, 0.05, 0.9, 10.0, 0.0, 0.0, 2.0}, N, v);
  EXPECT_GT(std::fabs(os.dFdv), 0.0);
  EXPECT_GT(std::fabs(os.dFdN - r.dstrength_dN), 1e-3 * r.dstrength_dN);
}

TEST(VelNormalFrcDep, Limits) {
  const auto law = makeVNFD(docExample());
  for (double N : {1e3, 1e6, 3e7}) {
    EXPECT_EQ(law.coefficient(N, 0.0), law.muSlow(N)); // exp(0) = 1 exactly
    EXPECT_EQ(law.coefficient(N, 1e3), law.muFast(N)); // exp(-25000) = 0 exactly
    EXPECT_EQ(law.coefficient(N, -1e3), law.muFast(N));
  }
}

TEST(VelNormalFrcDep, ReducesToVelDependentAndThenToCoulomb) {
  // nSlow = nFast = 1, alpha1 = alpha2 = 0: muSlow = aSlow, muFast = aFast, a = alpha0 for every N.
  const VelNormalFrcDep vnfd(0.1, 1.0, 0.25, 1.0, 12.0, 0.0, 0.0, 5.0);
  const VelDependent vd(0.1, 0.25, 12.0);
  // muSlow = muFast: no velocity dependence left.
  const VelDependent flat(0.2, 0.2, 12.0);
  const Coulomb coulomb(0.2);
  for (double N : {1e-3, 1.0, 250.0, 1e7})
    for (double v : {-3.0, -0.05, 0.0, 0.01, 0.2, 40.0}) {
      const auto a = vnfd.evaluate(N, v), b = vd.evaluate(N, v);
      expectRoundOff(b.mu, a.mu, "mu");
      expectRoundOff(b.force, a.force, "force");
      EXPECT_NEAR(a.dF_dN, b.dF_dN, 1e-14 * std::fabs(b.dF_dN));
      EXPECT_NEAR(a.dF_dv, b.dF_dv, 1e-14 * std::fabs(b.dF_dv));
      EXPECT_NEAR(a.dmu_dN, 0.0, 1e-14 / N);
      const auto c = flat.evaluate(N, v), d = coulomb.evaluate(N, v);
      EXPECT_EQ(c.mu, d.mu);
      EXPECT_EQ(c.force, d.force);
      EXPECT_EQ(c.dF_dv, 0.0);
    }
}

TEST(VelNormalFrcDep, NoContactAndVanishingLoad) {
  const auto p = docExample();
  const auto law = makeVNFD(p);
  for (double N : {0.0, -1.0, -1e9}) {
    const auto r = law.evaluate(N, 0.3);
    for (double x :
         {r.mu, r.dmu_dN, r.dmu_dv, r.strength, r.dstrength_dN, r.dstrength_dv, r.force, r.dF_dN, r.dF_dv})
      EXPECT_EQ(x, 0.0);
  }
  // OpenSees: mu = maxMuFact aFast 0^(-0.3) = inf at N = 0 and NaN for N < 0; dF/dN is not finite.
  EXPECT_TRUE(std::isinf(openSeesVelNormalFrcDep(p, 0.0, 0.3).mu));
  EXPECT_TRUE(std::isnan(openSeesVelNormalFrcDep(p, -1.0, 0.3).mu));
  // As N -> 0+, F = aN^n -> 0 while mu ~ N^(n-1) diverges; dF/dN ~ n a N^(n-1) is large but finite.
  // OpenSees's mu + N dmu/dN overflows in N^(n-2) and returns NaN; tribo's power-law form does not.
  const double N = 1e-300, v = 0.02;
  EXPECT_FALSE(std::isfinite(openSeesVelNormalFrcDep(p, N, v).dFdN));
  const auto r = law.evaluate(N, v);
  const double e = std::exp(-25.0 * v);
  const double expected = 0.7 * p[2] * std::pow(N, -0.3) * (1 - e) + 0.8 * p[0] * std::pow(N, -0.2) * e;
  EXPECT_NEAR(r.dstrength_dN, expected, 1e-13 * expected);
  // dmu/dN ~ (n-1) mu/N ~ -1e391 is beyond the double range: -inf is its correct rounding, not a NaN.
  EXPECT_EQ(r.dmu_dN, -std::numeric_limits<double>::infinity());
  EXPECT_LT(r.strength, 1e-200);
}

TEST(VelNormalFrcDep, OverflowingCoefficientKeepsFiniteForce) {
  // nFast = 0.02: N^(n-1) = N^-0.98 exceeds the double range for N below ~1e-314 (denormals), times
  // aFast = 1e3. The force aN^n stays tiny and the cap/no-cap choice is the one in force terms.
  const VelNormalFrcDep law(1e3, 0.02, 1e3, 0.02, 5.0, 0.0, 0.0, 2.0);
  const double N = 1e-320, v = 0.1;
  const auto r = law.evaluate(N, v);
  EXPECT_TRUE(std::isinf(r.mu));
  EXPECT_TRUE(std::isfinite(r.strength));
  // muSlow = muFast: F = aFast N^0.02 = 1e3 * 10^(-6.4) = 3.98e-4 N.
  EXPECT_NEAR(r.strength, 1e3 * std::pow(N, 0.02), 1e-12 * r.strength);
  EXPECT_NEAR(r.force, -r.strength, 0.0);
  EXPECT_TRUE(std::isfinite(r.dF_dv));
}

TEST(VelNormalFrcDep, NegativeRateIsClampedToZero) {
  // alpha1 < 0: a(N) = 20 - 0.01 N is negative for N > 2000 N; there mu = muSlow at every speed, the
  // continuous extension (OpenSees's exp(+|a||v|) would send mu to -inf).
  const VelNormalFrcDep law(0.1, 1.0, 0.2, 1.0, 20.0, -0.01, 0.0, 3.0);
  EXPECT_EQ(law.rate(3000.0), 0.0);
  EXPECT_EQ(law.coefficient(3000.0, 5.0), 0.1);
  EXPECT_EQ(law.evaluate(3000.0, 5.0).dmu_dN, 0.0);
  auto os = openSeesVelNormalFrcDep({0.1, 1.0, 0.2, 1.0, 20.0, -0.01, 0.0, 3.0}, 3000.0, 5.0);
  EXPECT_LT(os.mu, -1e10);
  // Where a(N) > 0 the law is untouched.
  EXPECT_NEAR(law.rate(1000.0), 10.0, 1e-12);
}

TEST(VelNormalFrcDep, BadParametersNameTheParameter) {
  auto make = [](std::vector<double> p) { return [p] { makeVNFD(p); }; };
  const std::vector<double> ok = docExample();
  struct Case {
    int index;
    double value;
    const char *name;
  };
  const std::vector<Case> cases = {{0, 0.0, "aSlow"},     {0, -1.0, "aSlow"},    {2, 0.0, "aFast"},
                                   {2, -0.1, "aFast"},    {1, 1.01, "nSlow"},    {3, 1.5, "nFast"},
                                   {1, 0.0, "nSlow"},     {3, -0.2, "nFast"},    {4, -1.0, "alpha0"},
                                   {7, 0.0, "maxMuFact"}, {7, -2.0, "maxMuFact"}};
  for (const auto &c : cases) {
    auto p = ok;
    p[c.index] = c.value;
    expectInputError(make(p), c.name);
  }
  const char *names[] = {"aSlow", "nSlow", "aFast", "nFast", "alpha0", "alpha1", "alpha2", "maxMuFact"};
  for (int i = 0; i < 8; ++i) {
    auto p = ok;
    p[i] = kNaN;
    expectInputError(make(p), names[i]);
    p[i] = std::numeric_limits<double>::infinity();
    expectInputError(make(p), names[i]);
  }
  // The message carries value and range.
  try {
    VelNormalFrcDep(1.0, 1.2, 1.0, 0.7, 25, 0, 0, 3);
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find("nSlow = 1.2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("(0, 1]"), std::string::npos) << e.what();
  }
  // n = 1 exactly is allowed (OpenSees's bound is inclusive).
  EXPECT_NO_THROW(VelNormalFrcDep(1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0));
}

// ---------------------------------------------------------------------------------- the OpenSees family

TEST(FrictionFamily, EveryLawIsSymmetricInV) {
  std::vector<std::unique_ptr<FrictionLaw>> laws;
  laws.emplace_back(new Coulomb(0.3));
  laws.emplace_back(new VelDependent(0.08, 0.15, 20.0));
  laws.emplace_back(new VelNormalFrcDep(0.3, 0.6, 0.05, 0.9, 10.0, 1e-4, 2e-9, 2.5));
  laws.emplace_back(new VelPressureDep(0.05, 0.12, 0.1, 0.04, 1e-7, 30.0));
  laws.emplace_back(new VelDepMultiLinear({0.0, 0.05, 0.2}, {0.06, 0.1, 0.09}));
  laws.emplace_back(new StaticKinetic(0.282, 0.267));
  laws.emplace_back(new RateAndState(0.01, 0.015, 1e-5, 0.6, 1e-6));
  const double theta = 0.7;
  for (const auto &law : laws)
    for (double N : {2.0, 900.0, 1e6})
      for (double v : {1e-8, 0.003, 0.05, 0.11, 2.0}) {
        const auto p = law->evaluate(N, v, &theta), m = law->evaluate(N, -v, &theta);
        EXPECT_EQ(p.mu, m.mu) << law->name();
        EXPECT_EQ(p.force, -m.force) << law->name();
        EXPECT_EQ(p.dF_dN, -m.dF_dN) << law->name();
        EXPECT_EQ(p.dF_dv, m.dF_dv) << law->name();
        EXPECT_EQ(p.dmu_dv, -m.dmu_dv) << law->name();
        EXPECT_EQ(p.strength, m.strength) << law->name();
        EXPECT_LE(p.force, 0.0) << law->name(); // opposes v > 0
      }
}

TEST(FrictionFamily, DerivativesMatchFiniteDifferences) {
  const VelDependent vd(0.08, 0.15, 20.0);
  const VelPressureDep vpd(0.05, 0.12, 0.1, 0.04, 1e-6, 30.0); // tanh scale: p ~ 1/alpha = 1 MPa = 1e5 N
  const VelDepMultiLinear ml({0.0, 0.05, 0.2}, {0.06, 0.1, 0.09});
  const Coulomb c(0.4);
  for (double N : {1e3, 8e4, 3e5})
    for (double v : {-0.13, -0.02, 0.03, 0.1, 0.7}) { // not at the multilinear knots 0.05, 0.2
      expectDerivativesMatchDifferences(vd, N, v);
      expectDerivativesMatchDifferences(vpd, N, v);
      expectDerivativesMatchDifferences(ml, N, v);
      expectDerivativesMatchDifferences(c, N, v);
    }
}

TEST(VelDependent, LimitsAndBadParameters) {
  const VelDependent law(0.08, 0.15, 20.0);
  EXPECT_EQ(law.coefficient(1.0, 0.0), 0.08);
  EXPECT_EQ(law.coefficient(1.0, 1e3), 0.15);
  // v = 1/transRate: mu = 0.15 - 0.07/e = 0.15 - 0.07 * 0.367879441 = 0.124248439
  EXPECT_NEAR(law.coefficient(1.0, 0.05), 0.124248439, 1e-9);
  expectInputError([] { VelDependent(0.0, 0.1, 1.0); }, "muSlow");
  expectInputError([] { VelDependent(0.1, -0.1, 1.0); }, "muFast");
  expectInputError([] { VelDependent(0.1, 0.1, -1.0); }, "transRate");
  expectInputError([] { VelDependent(kNaN, 0.1, 1.0); }, "muSlow");
  expectInputError([] { VelDependent(0.1, kNaN, 1.0); }, "muFast");
  expectInputError([] { VelDependent(0.1, 0.1, kNaN); }, "transRate");
  EXPECT_NO_THROW(VelDependent(0.1, 0.2, 0.0)); // transRate = 0 allowed, as in OpenSees
}

TEST(Coulomb, ConstantAndBadParameters) {
  const Coulomb law(0.3);
  const auto r = law.evaluate(10.0, -2.0);
  EXPECT_EQ(r.mu, 0.3);
  EXPECT_EQ(r.force, 3.0);
  EXPECT_EQ(r.dF_dN, 1.0 * 0.3);
  EXPECT_EQ(r.dF_dv, 0.0);
  EXPECT_EQ(law.evaluate(10.0, 0.0).force, 0.0);    // at rest: stick, the law gives no force
  EXPECT_EQ(law.evaluate(10.0, 0.0).strength, 3.0); // but bounds it by mu N
  expectInputError([] { Coulomb(0.0); }, "mu");
  expectInputError([] { Coulomb{kNaN}; }, "mu");
}

TEST(VelPressureDep, MatchesOpenSees) {
  const std::vector<double> p = {0.05, 0.12, 0.1, 0.04, 1e-6, 30.0};
  const VelPressureDep law(p[0], p[1], p[2], p[3], p[4], p[5]);
  for (double N : {1e-3, 1.0, 1e4, 1e5, 3e5, 1e8})
    for (double v : {-1.0, -0.02, 0.0, 0.01, 0.2, 5.0}) {
      const auto os = openSeesVelPressureDep(p, N, v);
      const auto r = law.evaluate(N, v);
      expectRoundOff(os.mu, r.mu, "mu");
      expectRoundOff(os.force, r.strength, "strength");
      EXPECT_NEAR(r.dstrength_dN, os.dFdN, 1e-14 * std::fabs(os.dFdN));
      EXPECT_NEAR(r.dstrength_dv, os.dFdv, 1e-14 * std::fabs(os.dFdv));
    }
  // muFast at p = N/A = 1 MPa: 0.12 - 0.04 tanh(1) = 0.12 - 0.04 * 0.761594156 = 0.089536234
  EXPECT_NEAR(law.muFast(1e5), 0.089536234, 1e-9);
}

TEST(VelPressureDep, BadParameters) {
  expectInputError([] { VelPressureDep(0.0, 0.1, 1, 0.01, 1, 1); }, "muSlow");
  expectInputError([] { VelPressureDep(0.1, 0.0, 1, 0.01, 1, 1); }, "muFast0");
  expectInputError([] { VelPressureDep(0.1, 0.1, 0, 0.01, 1, 1); }, "A");
  expectInputError([] { VelPressureDep(0.1, 0.1, 1, 0.2, 1, 1); }, "deltaMu");
  expectInputError([] { VelPressureDep(0.1, 0.1, 1, 0.01, -1, 1); }, "alpha");
  expectInputError([] { VelPressureDep(0.1, 0.1, 1, 0.01, 1, -1); }, "transRate");
  for (int i = 0; i < 6; ++i) {
    std::vector<double> p = {0.1, 0.1, 1, 0.01, 1, 1};
    p[i] = kNaN;
    const char *names[] = {"muSlow", "muFast0", "A", "deltaMu", "alpha", "transRate"};
    expectInputError([p] { VelPressureDep(p[0], p[1], p[2], p[3], p[4], p[5]); }, names[i]);
  }
}

TEST(VelDepMultiLinear, InterpolationAndOpenSeesExtrapolation) {
  // Points (0.01, 0.05), (0.05, 0.10), (0.2, 0.08): slopes 1.25 and -0.1333 s/m.
  const VelDepMultiLinear law({0.01, 0.05, 0.2}, {0.05, 0.10, 0.08});
  EXPECT_NEAR(law.coefficient(1.0, 0.03), 0.075, 1e-15);                   // mid first segment
  EXPECT_NEAR(law.coefficient(1.0, -0.125), 0.09, 1e-15);                  // mid second, negative v
  EXPECT_NEAR(law.coefficient(1.0, 0.0), 0.05 - 1.25 * 0.01, 1e-15);       // first segment extended below v_0
  EXPECT_NEAR(law.coefficient(1.0, 0.5), 0.08 - 0.3 * 0.02 / 0.15, 1e-15); // last segment extended
  // The falling last segment reaches 0 at v = 0.2 + 0.08/(0.02/0.15) = 0.8 m/s; beyond, mu stays 0.
  EXPECT_EQ(law.coefficient(1.0, 1.5), 0.0);
  EXPECT_EQ(law.evaluate(1.0, 1.5).dF_dv, 0.0);
  // At a knot: the right segment's slope. For v < 0, dmu/dv = -slope (OpenSees omits the sign).
  EXPECT_NEAR(law.evaluate(2.0, 0.05).dmu_dv, -0.02 / 0.15, 1e-14);
  EXPECT_NEAR(law.evaluate(2.0, -0.03).dmu_dv, -1.25, 1e-12);
  EXPECT_NEAR(law.evaluate(2.0, -0.03).dF_dv, -2.0 * 1.25, 1e-12);
  // Independent of N; N <= 0 gives no force.
  EXPECT_EQ(law.coefficient(7.0, 0.03), law.coefficient(1e5, 0.03));
  EXPECT_EQ(law.force(0.0, 0.03), 0.0);
}

TEST(VelDepMultiLinear, BadParameters) {
  expectInputError([] { VelDepMultiLinear({0.0}, {0.1}); }, "at least 2");
  expectInputError([] { VelDepMultiLinear({0.0, 0.1}, {0.1}); }, "frictionPoints");
  expectInputError([] { VelDepMultiLinear({0.0, 0.1, 0.1}, {0.1, 0.1, 0.2}); }, "velocityPoints[2]");
  expectInputError([] { VelDepMultiLinear({0.0, 0.2, 0.1}, {0.1, 0.1, 0.2}); }, "velocityPoints[2]");
  expectInputError([] { VelDepMultiLinear({-0.1, 0.2}, {0.1, 0.1}); }, "velocityPoints[0]");
  expectInputError([] { VelDepMultiLinear({0.0, 0.2}, {0.1, -0.1}); }, "frictionPoints[1]");
  expectInputError([] { VelDepMultiLinear({0.0, kNaN}, {0.1, 0.1}); }, "velocityPoints[1]");
  expectInputError([] { VelDepMultiLinear({0.0, 0.2}, {kNaN, 0.1}); }, "frictionPoints[0]");
}

TEST(StaticKinetic, PairAndBadParameters) {
  const StaticKinetic law(0.282, 0.267); // the pin paper's closed-form fit (Fig. 9)
  EXPECT_EQ(law.muStatic(), 0.282);
  EXPECT_EQ(law.muKinetic(), 0.267);
  EXPECT_EQ(law.evaluate(10.0, 0.0).strength, 2.82); // stick limit
  EXPECT_EQ(law.evaluate(10.0, 0.0).force, 0.0);
  EXPECT_EQ(law.evaluate(10.0, 1e-12).force, -2.67);
  EXPECT_EQ(law.evaluate(10.0, -1e-12).force, 2.67);
  expectInputError([] { StaticKinetic(0.2, 0.3); }, "mu_s");
  expectInputError([] { StaticKinetic(0.2, 0.0); }, "mu_k");
  expectInputError([] { StaticKinetic(kNaN, 0.1); }, "mu_s");
  expectInputError([] { StaticKinetic(0.2, kNaN); }, "mu_k");
  EXPECT_NO_THROW(StaticKinetic(0.2, 0.2));
}

// ------------------------------------------------------------------------------------ rate and state

TEST(RateAndState, SteadyStateIsMu0PlusAMinusBLogV) {
  const double a = 0.01, b = 0.015, Dc = 1e-5, mu0 = 0.6, V0 = 1e-6;
  const RateAndState law(a, b, Dc, mu0, V0);
  // At every ordinary speed the asinh form equals the logarithmic one to round-off (x > 1e20).
  for (double v : {1e-9, 1e-6, 3e-4, 0.1, 10.0}) {
    const double theta = law.steadyStateTheta(v);
    EXPECT_DOUBLE_EQ(theta, Dc / v);
    EXPECT_NEAR(law.mu(v, theta), mu0 + (a - b) * std::log(v / V0), 1e-14);
    EXPECT_NEAR(law.stateDerivative(v, theta), 0.0, 4e-16); // 1 - v (D_c/v)/D_c: two roundings
  }
}

TEST(RateAndState, VelocityStepGivesDirectEffectThenRelaxesOverDc) {
  const double a = 0.01, b = 0.015, Dc = 1e-5, mu0 = 0.6, V0 = 1e-6, v1 = 1e-6, v2 = 1e-5;
  const RateAndState law(a, b, Dc, mu0, V0);
  const double theta1 = law.steadyStateTheta(v1);
  // Direct effect: theta cannot jump, so mu jumps by a ln(v2/v1) = 0.01 ln 10 = 0.0230259.
  EXPECT_NEAR(law.mu(v2, theta1) - law.mu(v1, theta1), a * std::log(v2 / v1), 1e-14);
  // Evolution: at constant v2 the aging law is linear, theta(t) = Dc/v2 + (theta1 - Dc/v2) e^(-v2 t/Dc),
  // so mu - mu_ss(v2) = b ln(1 + (v2/v1 - 1) e^(-slip/Dc)). RK4 with 200 steps per Dc of slip: error
  // ~ (h v2/Dc)^4 / 120 ~ 5e-12 relative per unit time constant.
  double theta = theta1;
  const double t_end = 8.0 * Dc / v2, dt = t_end / 1600.0;
  auto f = [&](double th) { return law.stateDerivative(v2, th); };
  for (int k = 1; k <= 1600; ++k) {
    const double k1 = f(theta), k2 = f(theta + 0.5 * dt * k1), k3 = f(theta + 0.5 * dt * k2),
                 k4 = f(theta + dt * k3);
    theta += dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4);
    const double slip = v2 * k * dt;
    const double exact = Dc / v2 + (theta1 - Dc / v2) * std::exp(-slip / Dc);
    ASSERT_NEAR(theta, exact, 1e-9 * exact);
    if (k % 200 == 0) {
      const double mu_ss2 = mu0 + (a - b) * std::log(v2 / V0);
      EXPECT_NEAR(law.mu(v2, theta) - mu_ss2, b * std::log(1.0 + (v2 / v1 - 1.0) * std::exp(-slip / Dc)),
                  1e-10);
    }
  }
  // After 8 Dc of slip the state has forgotten v1: mu within b * 9 e^-8 = 4.5e-5 of the new steady state.
  EXPECT_NEAR(law.mu(v2, theta), mu0 + (a - b) * std::log(v2 / V0), 5e-5);
}

TEST(RateAndState, RegularisedThroughZeroVelocity) {
  const double a = 0.01, b = 0.015, Dc = 1e-5, mu0 = 0.6, V0 = 1e-6;
  const RateAndState law(a, b, Dc, mu0, V0);
  const double theta = 10.0;
  // mu(0) = 0; near 0, mu = a c |v| with c = exp(Psi/a)/(2 V0): the signed force is linear through 0.
  EXPECT_EQ(law.mu(0.0, theta), 0.0);
  const double psi = mu0 + b * std::log(V0 * theta / Dc);
  const double c = std::exp(psi / a) / (2 * V0);
  const double v_tiny = 1e-6 / c; // x = 1e-6
  EXPECT_NEAR(law.mu(v_tiny, theta), a * c * v_tiny, 1e-12 * a * c * v_tiny);
  const auto r0 = law.evaluate(5.0, 0.0, &theta);
  EXPECT_NEAR(r0.dF_dv, -5.0 * a * c, 1e-12 * 5.0 * a * c);
  EXPECT_EQ(r0.force, 0.0);
  EXPECT_EQ(law.stateDerivative(0.0, theta), 1.0); // healing at rest
  // Derivatives by differences on both sides of the regularisation scale x = 1 and in the log regime.
  for (double x : {1e-3, 0.7, 3.0, 1e8}) {
    const double v = x / c;
    expectDerivativesMatchDifferences(law, 5.0, v, &theta);
    const double h = 1e-5 * theta;
    EXPECT_NEAR(law.dmuDtheta(v, theta), (law.mu(v, theta + h) - law.mu(v, theta - h)) / (2 * h),
                1e-7 * std::fabs(law.dmuDtheta(v, theta)));
  }
}

TEST(RateAndState, StateInterfaceAndBadParameters) {
  const RateAndState law(0.01, 0.015, 1e-5, 0.6, 1e-6);
  EXPECT_EQ(law.stateSize(), 1u);
  double theta = 0.0, rate = 0.0;
  law.steadyState(2e-6, &theta);
  EXPECT_DOUBLE_EQ(theta, 5.0);
  law.stateRate(1e-6, &theta, &rate);
  EXPECT_DOUBLE_EQ(rate, 0.5);
  EXPECT_THROW(law.evaluate(1.0, 1e-6), std::invalid_argument); // state missing
  EXPECT_THROW(law.steadyStateTheta(0.0), InputError);
  expectInputError([] { RateAndState(0.0, 0.01, 1e-5, 0.6, 1e-6); }, "parameter a ");
  expectInputError([] { RateAndState(0.01, -0.01, 1e-5, 0.6, 1e-6); }, "parameter b ");
  expectInputError([] { RateAndState(0.01, 0.01, 0.0, 0.6, 1e-6); }, "D_c");
  expectInputError([] { RateAndState(0.01, 0.01, 1e-5, 0.0, 1e-6); }, "mu0");
  expectInputError([] { RateAndState(0.01, 0.01, 1e-5, 0.6, 0.0); }, "V0");
  expectInputError([] { RateAndState(kNaN, 0.01, 1e-5, 0.6, 1e-6); }, "parameter a ");
  expectInputError([] { RateAndState(0.01, 0.01, 1e-5, 0.6, kNaN); }, "V0");
}
