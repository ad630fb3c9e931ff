// Study `dynamics` and the profile reader: keys, bad input, HDF5 profile layout, a full Coulomb case.
#include "../scratch.hpp"
#include "tribo/core/error.hpp"
#include "tribo/io/profile_reader.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/dynamics_study.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using namespace tribo;

namespace {

std::string scratch(const std::string &name) {
  return tribo::test::scratchPath("tribo-test-dyn", name);
}

// A contact case as the contact study writes it (layout of docs/dynamics.md): elastic rise with
// K L_x / W = 1000 up to F/W = 0.282 at delta/L_x = 2.82e-4, then a saw-tooth steady state.
CaseRecord profileRecord() {
  std::vector<double> d = {0.0, 2.82e-4}, F = {0.0, 0.282};
  double x = 2.82e-4;
  for (int i = 0; i < 20; ++i) {
    d.push_back(x);
    F.push_back(0.260);
    x += 2e-5;
    d.push_back(x);
    F.push_back(0.274);
  }
  d.push_back(x);
  F.push_back(0.260);
  CaseRecord r;
  r.dataset("profile/delta_over_Lx", d);
  r.dataset("profile/F_over_W", F);
  r.attribute("profile", "K_Lx_over_W", 1000.0);
  r.attribute("profile", "steady_state_start_over_Lx", 2.82e-4);
  r.attribute("profile", "steady_state_reached", 1LL);
  return r;
}

std::string writeProfileFile(const std::string &name, const CaseRecord &record) {
  const std::string path = scratch(name);
  ResultFile f(path, "study: contact\n", {});
  f.writeCase("mu0.5", {{"mu_i", 0.5}}, record);
  f.commit();
  return path;
}

const char *coulombInput = R"(
study: dynamics
contact: {load: 100.0}
dynamics:
  spring_stiffness: 2.0e5
  damping_ratio: 0.1
  stage_velocity: 2.0e-3
  mass: 0.5
  time_step: 1.0e-6
  duration: 0.12
  output_stride: 20
  friction: coulomb
  mu_s: 0.282
  mu_s_after_switch: 0.272
  mu_s_switch_time: 0.089
  mu_k: 0.267
)";

} // namespace

TEST(ProfileReader, ReadsAndScalesTheDocumentedLayout) {
  const std::string path = writeProfileFile("profile.h5", profileRecord());
  const FrictionProfile p = readFrictionProfile(path, "mu0.5", 1e-3, 100.0);
  ASSERT_EQ(p.delta.size(), 43u);
  EXPECT_DOUBLE_EQ(p.delta[1], 2.82e-7);                        // delta/L_x * L_x
  EXPECT_DOUBLE_EQ(p.force[1], 28.2);                           // F/W * W
  EXPECT_DOUBLE_EQ(p.surface_stiffness, 1000.0 * 100.0 / 1e-3); // K = (K L_x / W) W / L_x
  EXPECT_DOUBLE_EQ(p.steady_state_start, 2.82e-7);
}

TEST(ProfileReader, WrongLayoutOrBadValuesAreClearErrors) {
  const auto expectError = [](const std::string &path, const std::string &id, const std::string &needle) {
    try {
      readFrictionProfile(path, id, 1e-3, 100.0);
      ADD_FAILURE() << "no error for " << needle;
    } catch (const InputError &e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  const std::string good = writeProfileFile("good.h5", profileRecord());
  expectError(good, "nonexistent", "no case 'nonexistent'");
  EXPECT_THROW(readFrictionProfile(scratch("missing.h5"), "mu0.5", 1e-3, 100.0), IoError);

  CaseRecord no_attr;
  no_attr.dataset("profile/delta_over_Lx", {0.0, 1.0});
  no_attr.dataset("profile/F_over_W", {0.0, 1.0});
  no_attr.attribute("profile", "K_Lx_over_W", 1000.0);
  expectError(writeProfileFile("noattr.h5", no_attr), "mu0.5",
              "attribute 'steady_state_start_over_Lx' is missing");

  CaseRecord two_d = profileRecord();
  two_d.dataset("profile/F_over_W", {0, 1, 2, 3}, "", {2, 2});
  expectError(writeProfileFile("twod.h5", two_d), "mu0.5", "'F_over_W' has 2 dimensions");

  CaseRecord nan = profileRecord();
  std::vector<double> F = nan.datasets().at("profile/F_over_W").values;
  F[5] = NAN;
  nan.dataset("profile/F_over_W", F);
  expectError(writeProfileFile("nan.h5", nan), "mu0.5", "F[5] = nan is not finite");

  CaseRecord backwards = profileRecord();
  std::vector<double> d = backwards.datasets().at("profile/delta_over_Lx").values;
  d[3] = 0.5 * d[2];
  backwards.dataset("profile/delta_over_Lx", d);
  expectError(writeProfileFile("backwards.h5", backwards), "mu0.5", "delta decreases at sample 3");
}

TEST(DynamicsStudy, CoulombCaseRecordsTrajectoryEventsAndFit) {
  const ConfigNode root = ConfigNode::fromString(coulombInput);
  const auto plans = buildDynamicsStudy(root);
  root.getString("study", ""); // read by the registry in a real run
  root.checkAllKeysUsed();
  ASSERT_EQ(plans.size(), 1u);
  CaseRecord record;
  runWithoutCheckpoints(plans[0], MPI_COMM_SELF, record);
  const auto &sets = record.datasets();
  for (const char *name : {"t", "x", "v", "F_spring", "F_friction", "F_spring_fit"})
    ASSERT_TRUE(sets.count(std::string("dynamics/") + name)) << name;
  EXPECT_EQ(sets.at("dynamics/t").values.size(), 0.12 / 1e-6 / 20 + 1);
  const auto &a = record.attributes().at("dynamics");
  // c V_o = 2 zeta sqrt(m k) V_o = 0.1265 N: the paper's "0.13 N".
  EXPECT_NEAR(std::get<double>(a.at("damping_force")), 0.1265, 5e-4);
  // Onset from rest (Eq. 19): 70.18 ms; three onsets and two re-sticks before 0.12 s.
  const auto onsets = std::get<std::vector<double>>(a.at("event_slip_onset_times"));
  ASSERT_EQ(onsets.size(), 3u);
  EXPECT_NEAR(onsets[0], 0.282 * 100 / (2e5 * 2e-3) - 2 * 0.1 * std::sqrt(0.5 * 2e5) / 2e5, 1e-6);
  EXPECT_EQ(std::get<std::vector<double>>(a.at("restick_times")).size(), 2u);
  // The fit of the closed form to its own law returns the law.
  EXPECT_NEAR(std::get<double>(a.at("fit_mu_s")), 0.282, 1e-5);
  EXPECT_NEAR(std::get<double>(a.at("fit_mu_s_after_switch")), 0.272, 1e-5);
  EXPECT_NEAR(std::get<double>(a.at("fit_mu_k")), 0.267, 1e-5);
  EXPECT_LT(std::get<double>(a.at("fit_rms_misfit")), 1e-4);
  EXPECT_LT(std::fabs(std::get<double>(a.at("energy_balance_error"))), 1e-9);
}

std::string profileInput(const std::string &path, const std::string &extra = "") {
  return fmt::format(R"(
study: dynamics
contact: {{load: 100.0}}
dynamics:
  {{spring_stiffness: 2.0e5, damping_ratio: 0.1, stage_velocity: 2.0e-3, mass: 0.5, time_step: 1.0e-7,
    duration: 0.1, output_stride: 100, friction: profile, profile_file: "{}", profile_case: mu0.5,
    slab_width: 1.0e-3{}}}
)",
                     path, extra);
}

TEST(DynamicsStudy, ProfileCaseFromFile) {
  const std::string path = writeProfileFile("study_profile.h5", profileRecord());
  const std::string input = profileInput(path);
  const ConfigNode root = ConfigNode::fromString(input);
  const auto plans = buildDynamicsStudy(root);
  root.getString("study", ""); // read by the registry in a real run
  root.checkAllKeysUsed();
  CaseRecord record;
  runWithoutCheckpoints(plans[0], MPI_COMM_SELF, record);
  const auto &a = record.attributes().at("dynamics");
  const auto mu_s = std::get<std::vector<double>>(a.at("mu_s"));
  ASSERT_FALSE(mu_s.empty());
  EXPECT_NEAR(mu_s[0], 0.282, 0.002);                        // the profile's peak
  EXPECT_NEAR(std::get<double>(a.at("mu_k")), 0.267, 0.007); // the saw-tooth's mean
  EXPECT_TRUE(record.datasets().count("dynamics/F_spring_fit"));
}

TEST(DynamicsStudy, BadInputNamesKeyAndLimit) {
  const auto expectError = [](const std::string &set, const std::string &needle) {
    ConfigNode root = ConfigNode::fromString(coulombInput);
    root.applyOverride(set);
    try {
      buildDynamicsStudy(root);
      ADD_FAILURE() << "no error for " << set;
    } catch (const InputError &e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << set << ": " << e.what();
    }
  };
  expectError("dynamics.mass=0", "dynamics.mass");
  expectError("dynamics.spring_stiffness=-1", "dynamics.spring_stiffness");
  expectError("dynamics.damping_ratio=-0.1", "dynamics.damping_ratio");
  expectError("dynamics.time_step=0", "dynamics.time_step");
  expectError("dynamics.time_step=1e-2", "unstable above 0.0046");
  expectError("dynamics.mu_s=0.2", "dynamics.mu_s");
  expectError("dynamics.friction=viscous", "dynamics.friction");
  expectError("contact.load=-100", "contact.load");
  expectError("dynamics.checkpoint_every=-1", "dynamics.checkpoint_every");
  expectError("dynamics.checkpoint_every=2.5", "dynamics.checkpoint_every");
  expectError("dynamics.checkpoint_minutes=-1", "dynamics.checkpoint_minutes");
  expectError("dynamics.checkpoint_minutes=-1", "[0, inf)");
}

TEST(DynamicsStudy, ANonStationaryProfileIsRefusedUnlessAllowed) {
  // steady_state_reached = 0 (with its reason on the case), and a file without the attribute at all.
  CaseRecord ramp = profileRecord();
  ramp.attribute("profile", "steady_state_reached", 0LL);
  ramp.attribute("", "steady_state_reason", "the block means have a trend");
  CaseRecord untested;
  const CaseRecord full = profileRecord();
  for (const auto &[name, set] : full.datasets())
    untested.dataset(name, set.values);
  untested.attribute("profile", "K_Lx_over_W", 1000.0);
  untested.attribute("profile", "steady_state_start_over_Lx", 2.82e-4);
  struct Case {
    std::string file;
    const CaseRecord *record;
    std::string needle;
  };
  const std::vector<Case> cases = {{"ramp.h5", &ramp, "the block means have a trend"},
                                   {"untested.h5", &untested, "written without a stationarity test"}};
  for (const Case &c : cases) {
    const std::string &file = c.file, &needle = c.needle;
    const CaseRecord &record = *c.record;
    const std::string path = writeProfileFile(file, record);
    try {
      buildDynamicsStudy(ConfigNode::fromString(profileInput(path)));
      ADD_FAILURE() << "no error for " << file;
    } catch (const InputError &e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("dynamics.profile_file"), std::string::npos) << what;
      EXPECT_NE(what.find(needle), std::string::npos) << what;
      EXPECT_NE(what.find("dynamics.allow_nonstationary_profile: true"), std::string::npos) << what;
    }
    const ConfigNode allowed =
        ConfigNode::fromString(profileInput(path, ", allow_nonstationary_profile: true"));
    const auto plans = buildDynamicsStudy(allowed);
    allowed.getString("study", "");
    allowed.checkAllKeysUsed();
    EXPECT_EQ(plans.size(), 1u);
  }
}

TEST(DynamicsStudy, AllowNonstationaryIsOnlyAProfileKey) {
  ConfigNode root = ConfigNode::fromString(coulombInput);
  root.applyOverride("dynamics.allow_nonstationary_profile=true");
  buildDynamicsStudy(root);
  root.getString("study", "");
  EXPECT_THROW(root.checkAllKeysUsed(), InputError); // unknown key for the Coulomb law
}

TEST(DynamicsStudy, UnreadableProfileFileIsBadInputNamingTheKey) {
  // A missing file, or one that is not HDF5, is the input's fault: exit 1 naming the key, not an I/O
  // failure of the run (issue 18, item 13).
  const std::string text = "not-hdf5.h5";
  { std::ofstream(text) << "plain text\n"; }
  for (const std::string &path : {std::string("no-such-profile.h5"), text}) {
    try {
      buildDynamicsStudy(ConfigNode::fromString(profileInput(path)));
      ADD_FAILURE() << "no error for " << path;
    } catch (const InputError &e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("dynamics.profile_file"), std::string::npos) << what;
      EXPECT_NE(what.find(path), std::string::npos) << what;
    }
  }
  std::remove(text.c_str());
}
