// A case's checkpoint file (io/checkpoint_file): what is written comes back bit for bit; a file cut short,
// damaged or written for another case is refused by name; writing one costs no memory beyond the
// record itself (the record streams into the file: at n_x = 8193 it holds 3 GB of condensed tableau);
// and saves by wall time take at most a tenth of it (study/case_checkpoint).
#include "../scratch.hpp"
#include "tribo/core/error.hpp"
#include "tribo/io/checkpoint_file.hpp"
#include "tribo/study/case_checkpoint.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace fs = std::filesystem;
using namespace tribo;

namespace {

std::string scratch(const std::string &name) {
  return test::scratchPath("tribo-checkpoint", name);
}

CaseRecord sampleRecord(std::size_t values) {
  CaseRecord r;
  std::vector<double> v(values);
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = 0.1 * static_cast<double>(i) - 3.0;
  r.dataset("sliding/contact/tableau", std::move(v), "m/N", {});
  r.integerDataset("sliding/events/node", {7, -3, 1LL << 52});
  r.attribute("sliding", "label", std::string("mu_i=0.5"));
  r.attribute("sliding", "bins", std::vector<double>{1.0, 2.5});
  return r;
}

std::string bytesOf(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// The message of the IoError that reading `path` for `id` throws ("" if none).
std::string refusal(const std::string &path, const std::string &id) {
  try {
    readCheckpoint(path, id);
  } catch (const IoError &e) {
    return e.what();
  }
  return "";
}

/// This process's resident memory now and at its peak since the last reset, in KiB (/proc/self/status).
long long statusKiB(const std::string &key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, key.size() + 1, key + ":") == 0) return std::stoll(line.substr(key.size() + 1));
  return -1;
}

} // namespace

TEST(CheckpointFile, ComesBackBitForBit) {
  const std::string path = scratch("a.ckpt"), id = "profile-mu_i=0.5";
  const CaseRecord record = sampleRecord(1000);
  writeCheckpoint(path, id, record);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  const auto body = readCheckpoint(path, id);
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(*body, record.serialize());
  EXPECT_EQ(body->size(), record.serializedSize());
  const CaseRecord back = CaseRecord::deserialize(*body);
  EXPECT_EQ(back.datasets().at("sliding/contact/tableau").values,
            record.datasets().at("sliding/contact/tableau").values);
  EXPECT_EQ(back.attributes(), record.attributes());
  EXPECT_FALSE(readCheckpoint(scratch("none.ckpt"), id).has_value());
}

TEST(CheckpointFile, RefusesWhatIsCutDamagedOrAnotherCases) {
  const std::string path = scratch("b.ckpt"), id = "profile-mu_i=0.25";
  writeCheckpoint(path, id, sampleRecord(100));
  const std::string good = bytesOf(path);

  EXPECT_NE(refusal(path, "profile-mu_i=0.5").find("written for another case"), std::string::npos);
  writeBytes(path, good.substr(0, good.size() - 3));
  EXPECT_NE(refusal(path, id).find("truncated"), std::string::npos);
  std::string damaged = good;
  damaged[good.size() / 2] ^= 0x10;
  writeBytes(path, damaged);
  EXPECT_NE(refusal(path, id).find("checksum mismatch"), std::string::npos);
  writeBytes(path, good + "x");
  EXPECT_NE(refusal(path, id).find("checksum mismatch"), std::string::npos);
  writeBytes(path, "not a checkpoint at all, but long enough to hold a header");
  EXPECT_NE(refusal(path, id).find("not a tribo checkpoint"), std::string::npos);
  // A body size of 2^62 bytes is refused as truncated before anything is allocated for it.
  std::string huge = good;
  const std::size_t size_at = std::string("tribo checkpoint 1\n").size() + 8 + id.size();
  huge[size_at + 7] = 0x40;
  writeBytes(path, huge);
  EXPECT_NE(refusal(path, id).find("truncated"), std::string::npos);
  EXPECT_NE(refusal(path, id).find(path), std::string::npos);
}

// 256 MB of record: writing it once streamed the record into a byte vector and that into a string
// (3 copies at once, 21.6 GB resident for a 3 GB tableau at n_x = 8193); now the peak stays within a
// few MB of the record. (Reading is not measured here: the heap that writing leaves resident, which
// glibc does not return under OpenMPI, hides what reading touches; scripts/bench/checkpoint_memory.sh
// measures both in fresh processes.)
TEST(CheckpointFile, WritingCostsNoMemoryBeyondTheRecord) {
  const std::string path = scratch("c.ckpt"), id = "profile-big";
  const CaseRecord record = sampleRecord(std::size_t{32} << 20);
  const long long record_kib = 256 * 1024;
  { std::ofstream("/proc/self/clear_refs") << "5"; } // the peak (VmHWM) reset to the resident now
  const long long before = statusKiB("VmRSS");
  ASSERT_GT(before, record_kib) << "the record is resident";
  ASSERT_LE(statusKiB("VmHWM"), before + 1024) << "/proc/self/clear_refs did not reset the peak";
  writeCheckpoint(path, id, record);
  EXPECT_LT(statusKiB("VmHWM") - before, 16 * 1024) << "KiB above the record while writing it";
}

TEST(CheckpointSchedule, SavesByTimeTakeAtMostATenthOfTheWallTime) {
  // A cheap write: due once the interval has passed since the end of the last save.
  EXPECT_FALSE(timedSaveDue(0.99, 0.001, 1.0));
  EXPECT_TRUE(timedSaveDue(1.0, 0.001, 1.0));
  // A write longer than the interval (a profile's saved events grow with the case): not every step,
  // but only after 9 times the write, so the writes are at most a tenth of the time.
  EXPECT_FALSE(timedSaveDue(0.5, 0.1, 0.012));
  EXPECT_FALSE(timedSaveDue(0.899, 0.1, 0.012));
  EXPECT_TRUE(timedSaveDue(0.9, 0.1, 0.012));
  // 0: never by time.
  EXPECT_FALSE(timedSaveDue(1e9, 0.0, 0.0));
}
