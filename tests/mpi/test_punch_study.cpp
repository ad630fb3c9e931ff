// Tests of the `punch` study: input/fig5_punch.yaml builds one case that writes the surface and the error
// summary; bad input names its key.
#include "tribo/core/error.hpp"
#include "tribo/io/case_record.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/punch_study.hpp"

#include <gtest/gtest.h>
#include <string>
#include <variant>
#include <vector>

using namespace tribo;

TEST(PunchStudy, Figure5InputRuns) {
  const ConfigNode root = ConfigNode::fromFile(std::string(TRIBO_SOURCE_DIR) + "/input/fig5_punch.yaml");
  root.getString("study", ""); // read by the registry in a real run
  const std::vector<CasePlan> cases = buildPunchStudy(root);
  root.checkAllKeysUsed();
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].id, "punch_N7");
  CaseRecord record;
  runWithoutCheckpoints(cases[0], PETSC_COMM_WORLD, record);
  const auto &d = record.datasets();
  for (const char *name : {"surface/x", "surface/u", "surface/w", "surface/p", "surface/tau"}) {
    ASSERT_TRUE(d.count(name)) << name;
    EXPECT_EQ(d.at(name).values.size(), 129u) << name;
  }
  EXPECT_EQ(d.at("surface/p").unit, "Pa");
  EXPECT_EQ(d.at("surface/x").unit, "m");
  EXPECT_DOUBLE_EQ(d.at("surface/x").values.back(), 1e-3);
  const auto &attrs = record.attributes().at("");
  EXPECT_DOUBLE_EQ(std::get<double>(attrs.at("center")), 0.5e-3);
  EXPECT_DOUBLE_EQ(std::get<double>(attrs.at("half_width")), 0.125e-3);
  // The Fig. 5 number of test_flat_punch (4.9%), through the study.
  EXPECT_LT(std::get<double>(attrs.at("rms_error")), 0.06);
  EXPECT_GT(std::get<double>(attrs.at("rms_error")), 0.0);
  EXPECT_EQ(std::get<long long>(attrs.at("contact_nodes")), 33);
}

namespace {

/// The InputError message of building the study from `yaml`, or "" if it builds.
std::string errorOf(const std::string &yaml) {
  try {
    const ConfigNode root = ConfigNode::fromString("study: punch\n" + yaml);
    root.getString("study", "");
    buildPunchStudy(root);
    root.checkAllKeysUsed();
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(PunchStudy, BadInputNamesTheKey) {
  EXPECT_EQ(errorOf("slab: {levels: 5}\n"), "");
  EXPECT_NE(errorOf("slab: {levels: 1}\n").find("slab.levels"), std::string::npos);
  EXPECT_NE(errorOf("slab: {levels: 99}\n").find("slab.levels"), std::string::npos);
  EXPECT_NE(errorOf("slab: {length_x: 0}\n").find("slab.length_x"), std::string::npos);
  EXPECT_NE(errorOf("slab: {aspect_ratio: -1}\n").find("slab.aspect_ratio"), std::string::npos);
  EXPECT_NE(errorOf("slab: {depth_y: 0}\n").find("slab.depth_y"), std::string::npos);
  EXPECT_NE(errorOf("slab: {shear_modulus: -1e9}\n").find("slab.shear_modulus"), std::string::npos);
  EXPECT_NE(errorOf("slab: {poisson_ratio: 0.5}\n").find("slab.poisson_ratio"), std::string::npos);
  EXPECT_NE(errorOf("slab: {poisson_ratio: -1}\n").find("slab.poisson_ratio"), std::string::npos);
  EXPECT_NE(errorOf("punch: {half_width_over_Lx: 0.6}\n").find("punch.half_width_over_Lx"),
            std::string::npos);
  EXPECT_NE(
      errorOf("punch: {half_width_over_Lx: 0.3, center_over_Lx: 0.25}\n").find("punch.half_width_over_Lx"),
      std::string::npos);
  EXPECT_NE(errorOf("punch: {indentation: 0}\n").find("punch.indentation"), std::string::npos);
  EXPECT_NE(errorOf("punch: {halfwidth: 0.1}\n").find("punch.halfwidth"), std::string::npos); // unknown key
}

TEST(PunchStudy, HierarchyAndSupportErrorsNameTheKey) {
  EXPECT_EQ(errorOf("slab: {levels: 6, hierarchy: graded, coarsenings: 2}\n"), "");
  EXPECT_NE(errorOf("slab: {hierarchy: binary}\n").find("slab.hierarchy"), std::string::npos);
  EXPECT_NE(errorOf("slab: {hierarchy: graded}\n").find("slab.coarsenings"), std::string::npos); // required
  // The coarsest row keeps three nodes: c <= N - 1.
  EXPECT_NE(errorOf("slab: {levels: 6, hierarchy: graded, coarsenings: 6}\n").find("slab.coarsenings"),
            std::string::npos);
  // Graded rows deeper than a shallow slab: the message names the largest c that fits.
  const std::string deep =
      errorOf("slab: {levels: 6, hierarchy: graded, coarsenings: 5, aspect_ratio: 0.25}\n");
  EXPECT_NE(deep.find("slab.coarsenings"), std::string::npos) << deep;
  EXPECT_NE(deep.find("coarsenings <= 3"), std::string::npos) << deep;
  // coarsenings means nothing for the paper's hierarchy.
  EXPECT_NE(errorOf("slab: {coarsenings: 2}\n").find("slab.coarsenings"), std::string::npos);
  EXPECT_NE(errorOf("slab: {support: floating}\n").find("slab.support"), std::string::npos);
  // A net lateral force on one restrained node: refused.
  EXPECT_NE(errorOf("slab: {support: frictionless}\npunch: {kind: bonded_tangential}\n").find("slab.support"),
            std::string::npos);
  EXPECT_EQ(errorOf("slab: {support: bonded}\npunch: {kind: frictionless}\n"), "");
  EXPECT_NE(errorOf("punch: {kind: wedge}\n").find("punch.kind"), std::string::npos);
  // Keys of one kind are unknown to another.
  EXPECT_NE(errorOf("punch: {kind: cylinder, indentation: 1e-6}\n").find("punch.indentation"),
            std::string::npos);
  EXPECT_NE(errorOf("punch: {kind: cylinder, hertz_half_width_over_Lx: 0.7}\n")
                .find("punch.hertz_half_width_over_Lx"),
            std::string::npos);
}

TEST(PunchStudy, KindsRecordTheirStiffness) {
  // The bonded punch pulled sideways on the platen, and the cylinder: the attributes docs/output.md lists.
  const ConfigNode root =
      ConfigNode::fromString("study: punch\nslab: {levels: 6}\npunch: {kind: bonded_tangential}\n");
  root.getString("study", "");
  const std::vector<CasePlan> cases = buildPunchStudy(root);
  root.checkAllKeysUsed();
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].id, "punch_bonded_tangential_N6");
  EXPECT_EQ(std::get<std::string>(cases[0].parameters.at("support")), "bonded");
  CaseRecord record;
  runWithoutCheckpoints(cases[0], PETSC_COMM_WORLD, record);
  const auto &attrs = record.attributes().at("");
  EXPECT_GT(std::get<double>(attrs.at("stiffness_over_G")), 0.3); // Q/(G delta) ~ 0.42 (docs/model.md §2.4)
  EXPECT_LT(std::get<double>(attrs.at("stiffness_over_G")), 0.6);
  EXPECT_FALSE(attrs.count("rms_error")); // no pressure shape for a pulled punch

  const ConfigNode cyl =
      ConfigNode::fromString("study: punch\nslab: {levels: 7, hierarchy: graded, coarsenings: 2}\npunch: "
                             "{kind: cylinder, hertz_half_width_over_Lx: 0.1}\n");
  cyl.getString("study", "");
  const std::vector<CasePlan> c2 = buildPunchStudy(cyl);
  cyl.checkAllKeysUsed();
  EXPECT_EQ(c2[0].id, "punch_cylinder_N7_c2");
  CaseRecord rc;
  runWithoutCheckpoints(c2[0], PETSC_COMM_WORLD, rc);
  const auto &a = rc.attributes().at("");
  // The finite slab's contact is a little narrower than Hertz's (reference: a_c = 0.0993 L_x).
  EXPECT_NEAR(std::get<double>(a.at("moment_half_width_over_Lx")), 0.1, 0.003);
  EXPECT_NEAR(std::get<double>(a.at("peak_pressure")) / std::get<double>(a.at("hertz_peak_pressure")), 1.0,
              0.03);
}
