// Named arrays of a running computation's state (io/state_archive): a whole record nested in a state
// comes back as it was, and has() sees a name or anything under it.
#include "tribo/core/error.hpp"
#include "tribo/io/state_archive.hpp"

#include <gtest/gtest.h>

using namespace tribo;

TEST(StateArchive, ANestedRecordComesBackAsItWas) {
  CaseRecord record;
  record.dataset("profile/F_over_W", {0.1, 0.3, 0.2}, "", {});
  record.dataset("fields/u", {1, 2, 3, 4, 5, 6}, "m", {2, 3});
  record.integerDataset("events/node", {7, -3, 1LL << 52});
  record.attribute("", "mu_i", 0.5);
  record.attribute("", "solver_path_used", std::string("condensed"));
  record.attribute("avalanches", "n_tail", 12LL);
  record.attribute("avalanches", "bins", std::vector<double>{1.0, 2.5});

  CaseRecord state;
  StateWriter(state, "pipeline").putRecord("record", record);
  StateWriter(state, "pipeline").put("other", 1.0);
  const CaseRecord read = CaseRecord::deserialize(state.serialize());
  const StateReader in(read, "pipeline");
  EXPECT_TRUE(in.has("record"));
  EXPECT_TRUE(in.has("other"));
  EXPECT_FALSE(in.has("rec"));
  EXPECT_FALSE(StateReader(read, "dynamics").has("record"));

  CaseRecord back;
  in.record("record", back);
  ASSERT_EQ(back.datasets().size(), record.datasets().size());
  for (const auto &[path, d] : record.datasets()) {
    const DatasetRecord &b = back.datasets().at(path);
    EXPECT_EQ(b.values, d.values) << path;
    EXPECT_EQ(b.shape, d.shape) << path;
    EXPECT_EQ(b.unit, d.unit) << path;
    EXPECT_EQ(b.integer, d.integer) << path;
  }
  EXPECT_EQ(back.attributes(), record.attributes());
}
