// The HDF5 writer: round trip, atomic rename, no clobbering, resume of an interrupted file.
#include "../scratch.hpp"
#include "tribo/io/result_file.hpp"

#include <filesystem>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using tribo::CaseRecord;
using tribo::ResultFile;
using tribo::ResultReader;

namespace {

std::string scratch(const std::string &name) {
  return tribo::test::scratchPath("tribo-test", name);
}

CaseRecord sampleRecord() {
  CaseRecord r;
  r.dataset("surface/x", {0.0, 0.5, 1.0}, "m");
  r.dataset("grid", {1, 2, 3, 4, 5, 6}, "", {2, 3});
  r.attribute("", "eps0", 0.65);
  r.attribute("surface", "n_nodes", 3LL);
  r.attribute("surface", "label", std::string("top row"));
  r.attribute("", "window", std::vector<double>{1.0, 2.0});
  r.attribute("", "restick_times", std::vector<double>{});
  return r;
}

} // namespace

TEST(CaseRecord, SerializesLosslessly) {
  const CaseRecord r = sampleRecord();
  const CaseRecord back = CaseRecord::deserialize(r.serialize());
  EXPECT_EQ(back.datasets().at("grid").values, r.datasets().at("grid").values);
  EXPECT_EQ(back.datasets().at("grid").shape, (std::vector<unsigned long>{2, 3}));
  EXPECT_EQ(back.datasets().at("surface/x").unit, "m");
  EXPECT_EQ(std::get<std::string>(back.attributes().at("surface").at("label")), "top row");
  EXPECT_EQ(std::get<long long>(back.attributes().at("surface").at("n_nodes")), 3);
  CaseRecord bad;
  EXPECT_THROW(bad.dataset("bad", {1, 2, 3}, "", {2, 2}), tribo::IoError);
}

TEST(ResultFile, RoundTripAndRenameOnCommit) {
  const auto path = scratch("roundtrip.h5");
  {
    ResultFile f(path, "study: disk\n", {});
    EXPECT_FALSE(fs::exists(path)) << "nothing under the final name before commit";
    EXPECT_TRUE(fs::exists(ResultFile::partialPath(path)));
    f.writeRootAttribute("tribo_version", std::string("0.1.0"));
    f.writeCase("case-a", {{"mu_i", 0.5}}, sampleRecord());
    f.commit();
  }
  EXPECT_TRUE(fs::exists(path));
  EXPECT_FALSE(fs::exists(ResultFile::partialPath(path)));
  ResultReader r(path);
  EXPECT_EQ(r.dataset("/cases/case-a/surface/x"), (std::vector<double>{0.0, 0.5, 1.0}));
  EXPECT_EQ(r.shape("/cases/case-a/grid"), (std::vector<unsigned long>{2, 3}));
  EXPECT_EQ(std::get<std::string>(r.attribute("/cases/case-a/surface/x", "unit")), "m");
  EXPECT_DOUBLE_EQ(std::get<double>(r.attribute("/cases/case-a", "mu_i")), 0.5);
  EXPECT_DOUBLE_EQ(std::get<double>(r.attribute("/cases/case-a", "eps0")), 0.65);
  EXPECT_EQ(std::get<long long>(r.attribute("/cases/case-a/surface", "n_nodes")), 3);
  EXPECT_EQ(std::get<std::vector<double>>(r.attribute("/cases/case-a", "window")),
            (std::vector<double>{1, 2}));
  EXPECT_TRUE(std::get<std::vector<double>>(r.attribute("/cases/case-a", "restick_times")).empty());
  EXPECT_EQ(std::get<std::string>(r.attribute("/cases/case-a", "status")), "complete");
  EXPECT_EQ(std::get<std::string>(r.attribute("/", "input_yaml")), "study: disk\n");
}

TEST(ResultFile, FailureLeavesNoFinalFile) {
  const auto path = scratch("failure.h5");
  try {
    ResultFile f(path, "study: disk\n", {});
    f.writeCase("ok", {}, sampleRecord());
    throw std::runtime_error("a case crashed");
  } catch (const std::runtime_error &) {
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::exists(ResultFile::partialPath(path))) << "kept for --resume";
}

TEST(ResultFile, RefusesToOverwriteWithoutPermission) {
  const auto path = scratch("exists.h5");
  {
    ResultFile f(path, "a: 1\n", {});
    f.commit();
  }
  EXPECT_THROW(ResultFile(path, "a: 1\n", {}), tribo::IoError);
  ResultFile g(path, "a: 2\n", {true, false});
  g.commit();
  EXPECT_EQ(std::get<std::string>(ResultReader(path).attribute("/", "input_yaml")), "a: 2\n");
}

TEST(ResultFile, ResumeKeepsCompleteCasesAndRefusesOtherInput) {
  const auto path = scratch("resume.h5");
  {
    ResultFile f(path, "a: 1\n", {});
    f.writeCase("done-1", {}, sampleRecord());
    f.writeFailedCase("failed-1", {}, "diverged");
  } // interrupted: no commit
  EXPECT_THROW(ResultFile(path, "a: 2\n", {false, true}), tribo::IoError);
  ResultFile f(path, "a: 1\n", {false, true});
  EXPECT_EQ(f.completedCases(), (std::set<std::string>{"done-1"}));
  f.writeCase("failed-1", {}, sampleRecord());
  f.commit();
  ResultReader r(path);
  EXPECT_TRUE(r.exists("/cases/done-1/surface/x"));
  EXPECT_EQ(std::get<std::string>(r.attribute("/cases/failed-1", "status")), "complete");
}

TEST(ResultFile, SkeletonIsOnDiskBeforeAnyCase) {
  // A run killed while computing its first case leaves this file: it must open (issue 18).
  const auto path = scratch("skeleton.h5");
  ResultFile f(path, "a: 1\n", {});
  ResultReader r(ResultFile::partialPath(path)); // opened while the writer still holds it
  EXPECT_TRUE(r.exists("/cases"));
  EXPECT_EQ(std::get<std::string>(r.attribute("/", "input_yaml")), "a: 1\n");
}

TEST(ResultFile, AFailedWriteDropsItsCaseAndKeepsTheRest) {
  // A write that fails part-way (here HDF5 refuses a dataset name; on a full disk the data write
  // fails) unlinks the half-written group; the file keeps the cases written before and takes no more.
  const auto path = scratch("failed-write.h5");
  ResultFile f(path, "a: 1\n", {});
  f.writeCase("good", {}, sampleRecord());
  CaseRecord bad = sampleRecord();
  bad.dataset(".", {1.0}, "");
  EXPECT_THROW(f.writeCase("bad", {}, bad), tribo::IoError);
  EXPECT_TRUE(f.broken());
  EXPECT_THROW(f.writeCase("later", {}, sampleRecord()), tribo::IoError);
  EXPECT_EQ(f.closeAndCountComplete(), 1u);
  {
    ResultReader r(ResultFile::partialPath(path));
    EXPECT_TRUE(r.exists("/cases/good/surface/x"));
    EXPECT_FALSE(r.exists("/cases/bad"));
    EXPECT_FALSE(r.exists("/cases/later"));
  }
  ResultFile resumed(path, "a: 1\n", {false, true});
  EXPECT_EQ(resumed.completedCases(), (std::set<std::string>{"good"}));
}

TEST(ResultFile, ADirectoryAsOutputIsRefused) {
  const auto dir = scratch("a-directory");
  fs::create_directories(dir);
  EXPECT_THROW(ResultFile(dir, "a: 1\n", {true, false}), tribo::IoError);
  EXPECT_FALSE(fs::exists(ResultFile::partialPath(dir)));
}
