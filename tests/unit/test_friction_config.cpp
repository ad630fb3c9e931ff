// Friction laws from YAML (`friction:` blocks) and the friction_table study.
#include "tribo/friction/vel_normal_frc_dep.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/friction_law_config.hpp"
#include "tribo/study/friction_table_study.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <mpi.h>
#include <string>

using namespace tribo;

namespace {

template <typename F> std::string errorOf(F &&f) {
  try {
    f();
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

std::unique_ptr<FrictionLaw> lawFrom(const std::string &yaml) {
  auto root = ConfigNode::fromString(yaml, "in.yaml");
  auto law = makeFrictionLaw(root.child("friction"));
  root.checkAllKeysUsed();
  return law;
}

const std::string doc_block = R"(friction:
  law: VelNormalFrcDep
  muSlow: 0.12
  muFast: 0.18
  W: 1.0e6
  nSlow: 0.8
  nFast: 0.7
  alpha0: 25.0
  alpha1: 0.0
  alpha2: 0.0
  maxMuFact: 3.0
)";

} // namespace

TEST(FrictionLawConfig, DocExampleEqualsTheTclCommand) {
  // The Tcl example computes aSlow = muSlow/pow(W, nSlow-1) with W = 1e6: the same operation here, so
  // the constants (and every mu) are bitwise those OpenSees receives.
  const auto law = lawFrom(doc_block);
  const VelNormalFrcDep tcl(0.12 / std::pow(1.0e6, 0.8 - 1.0), 0.8, 0.18 / std::pow(1.0e6, 0.7 - 1.0), 0.7,
                            25.0, 0.0, 0.0, 3.0);
  for (double N : {1e5, 1e6, 4e6})
    for (double v : {-0.1, 0.0, 0.04})
      EXPECT_EQ(law->coefficient(N, v), tcl.coefficient(N, v));
  EXPECT_NEAR(law->coefficient(1.0e6, 0.04), 0.157927234, 1e-9); // 0.18 - 0.06/e
}

TEST(FrictionLawConfig, ConstantsFormAndDefaults) {
  const auto law = lawFrom(R"(friction: {law: VelNormalFrcDep, aSlow: 0.1, nSlow: 1.0, aFast: 0.2, nFast: 1.0,
                                          alpha0: 10.0, maxMuFact: 2.0})");
  EXPECT_NEAR(law->coefficient(5.0, 0.1), 0.2 - 0.1 * std::exp(-1.0), 1e-15); // alpha1 = alpha2 = 0
}

TEST(FrictionLawConfig, EveryLawByName) {
  const std::vector<std::pair<std::string, std::string>> blocks = {
      {"Coulomb", "{law: Coulomb, mu: 0.3}"},
      {"VelDependent", "{law: VelDependent, muSlow: 0.05, muFast: 0.1, transRate: 20}"},
      {"VelNormalFrcDep",
       "{law: VelNormalFrcDep, aSlow: 0.1, nSlow: 0.9, aFast: 0.2, nFast: 0.8, alpha0: 10, "
       "maxMuFact: 2}"},
      {"VelPressureDep", "{law: VelPressureDep, muSlow: 0.05, muFast0: 0.12, A: 0.1, deltaMu: 0.04, alpha: "
                         "1.0e-6, transRate: 30}"},
      {"VelDepMultiLinear",
       "{law: VelDepMultiLinear, velocityPoints: [0, 0.1], frictionPoints: [0.05, 0.1]}"},
      {"StaticKinetic", "{law: StaticKinetic, mu_s: 0.282, mu_k: 0.267}"},
      {"RateAndState", "{law: RateAndState, a: 0.01, b: 0.015, D_c: 1.0e-5, mu0: 0.6, V0: 1.0e-6}"}};
  ASSERT_EQ(blocks.size(), frictionLawNames().size());
  for (const auto &[name, block] : blocks) {
    const auto law = lawFrom("friction: " + block + "\n");
    EXPECT_EQ(law->name(), name);
  }
}

TEST(FrictionLawConfig, BadInputNamesKeyAndLine) {
  // A range check of the law carries the block's place and the parameter, value and range.
  auto msg = errorOf([] {
    lawFrom("friction:\n  law: VelNormalFrcDep\n  aSlow: 0.1\n  nSlow: 1.2\n  aFast: 0.2\n"
            "  nFast: 0.7\n  alpha0: 25\n  maxMuFact: 3\n");
  });
  EXPECT_NE(msg.find("in.yaml"), std::string::npos) << msg;
  EXPECT_NE(msg.find("nSlow = 1.2"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(0, 1]"), std::string::npos) << msg;
  // NaN is refused while reading.
  msg = errorOf([] { lawFrom("friction: {law: Coulomb, mu: .nan}\n"); });
  EXPECT_NE(msg.find("friction.mu"), std::string::npos) << msg;
  // Unknown law, missing law, missing parameter, unknown parameter, both parametrisations.
  msg = errorOf([] { lawFrom("friction: {law: Stribeck, mu: 0.1}\n"); });
  EXPECT_NE(msg.find("VelNormalFrcDep"), std::string::npos) << msg;
  msg = errorOf([] { lawFrom("friction: {mu: 0.1}\n"); });
  EXPECT_NE(msg.find("friction.law"), std::string::npos) << msg;
  msg = errorOf([] { lawFrom("friction: {law: VelDependent, muSlow: 0.1, muFast: 0.2}\n"); });
  EXPECT_NE(msg.find("friction.transRate"), std::string::npos) << msg;
  msg = errorOf([] { lawFrom("friction: {law: Coulomb, mu: 0.1, muu: 0.2}\n"); });
  EXPECT_NE(msg.find("friction.muu"), std::string::npos) << msg;
  msg = errorOf([] { lawFrom(doc_block + "  aSlow: 0.3\n"); });
  EXPECT_NE(msg.find("either aSlow and aFast"), std::string::npos) << msg;
  msg = errorOf([] {
    lawFrom("friction: {law: VelDepMultiLinear, velocityPoints: [0, 0.1, 0.05], "
            "frictionPoints: [0.05, 0.1, 0.1]}\n");
  });
  EXPECT_NE(msg.find("velocityPoints[2]"), std::string::npos) << msg;
}

TEST(FrictionTableStudy, TabulatesTheDocExample) {
  auto root = ConfigNode::fromFile(std::string(TRIBO_SOURCE_DIR) + "/input/friction_velnormalfrcdep.yaml");
  root.getString("study", "");
  auto cases = buildFrictionTableStudy(root);
  root.checkAllKeysUsed();
  ASSERT_EQ(cases.size(), 1u);
  CaseRecord record;
  runWithoutCheckpoints(cases[0], MPI_COMM_SELF, record);
  const auto &ds = record.datasets();
  const auto &N = ds.at("friction/N").values;
  const auto &v = ds.at("friction/v").values;
  const auto &mu = ds.at("friction/mu");
  ASSERT_EQ(mu.shape, (std::vector<unsigned long>{N.size(), v.size()}));
  for (const char *name : {"force", "dF_dN", "dF_dv", "strength", "dmu_dN", "dmu_dv"})
    EXPECT_EQ(ds.at(std::string("friction/") + name).values.size(), N.size() * v.size()) << name;
  // mu(N = W, v = 0.04 m/s) = 0.18 - 0.06/e (hand calculation in test_friction_laws.cpp).
  std::size_t iW = 0, j04 = 0;
  while (N[iW] != 1.0e6)
    ++iW;
  while (v[j04] != 0.04)
    ++j04;
  EXPECT_NEAR(mu.values[iW * v.size() + j04], 0.157927234, 1e-9);
  EXPECT_NEAR(ds.at("friction/force").values[iW * v.size() + j04], -157927.234, 1e-3);
  EXPECT_EQ(std::get<std::string>(cases[0].parameters.at("law")), "VelNormalFrcDep");
}

TEST(FrictionTableStudy, StateOfRateAndState) {
  const std::string yaml = R"(study: friction_table
friction: {law: RateAndState, a: 0.01, b: 0.015, D_c: 1.0e-5, mu0: 0.6, V0: 1.0e-6}
table: {N: [1.0], v: [1.0e-6, 1.0e-4]}
)";
  auto root = ConfigNode::fromString(yaml, "in.yaml");
  auto cases = buildFrictionTableStudy(root);
  CaseRecord record;
  runWithoutCheckpoints(cases[0], MPI_COMM_SELF, record);
  // Steady state by default: mu_ss = mu0 + (a - b) ln(v/V0) = 0.6 and 0.6 - 0.005 ln 100 = 0.576974149
  EXPECT_NEAR(record.datasets().at("friction/mu").values[0], 0.6, 1e-14);
  EXPECT_NEAR(record.datasets().at("friction/mu").values[1], 0.6 - 0.005 * std::log(100.0), 1e-14);
  EXPECT_NEAR(record.datasets().at("friction/theta").values[1], 0.1, 1e-15);
  // v = 0 has no steady state: the input must give theta.
  auto bad = ConfigNode::fromString("study: friction_table\nfriction: {law: RateAndState, a: 0.01, b: 0.015, "
                                    "D_c: 1.0e-5, mu0: 0.6, V0: 1.0e-6}\n"
                                    "table: {N: [1.0], v: [0.0]}\n",
                                    "in.yaml");
  EXPECT_NE(errorOf([&] { buildFrictionTableStudy(bad); }).find("table.theta"), std::string::npos);
}
