// Faults injected on each rank of the runner in turn: a case that throws on one rank, the writer's
// store failing (I/O and not), a group's root throwing before its result leaves. Every rank must
// return or throw the documented error (no rank left waiting: ctest's timeout catches a hang), and
// the complete cases must stay in the `.partial`. Also the transfers of any size the runner makes.
#include "../scratch.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/study/case_message.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/fault.hpp"
#include "tribo/study/runner.hpp"

#include <chrono>
#include <filesystem>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace tribo;

namespace {

int worldRank() {
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  return rank;
}

int worldSize() {
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  return size;
}

/// A case with a known answer (the number of ranks of its group, summed over them), which throws on
/// world rank `bad_rank` after its collective, as a solver failing on one rank only would. It takes
/// 20 ms, so that on 2 ranks both take cases from the queue.
CasePlan countingCase(int n, int bad_rank = -1) {
  CasePlan p;
  p.id = "count-n" + std::to_string(n);
  p.parameters = {{"n", static_cast<long long>(n)}};
  p.cost = n;
  p.run = [n, bad_rank](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &) {
    double one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (worldRank() == bad_rank)
      throw SolverError("case " + std::to_string(n) + " failed on purpose on rank " +
                        std::to_string(bad_rank));
    record.dataset("ranks", {sum});
    record.dataset("n", {double(n)});
  };
  return p;
}

std::vector<CasePlan> countingCases(int count, int bad_rank = -1) {
  std::vector<CasePlan> cases;
  for (int n = 1; n <= count; ++n)
    cases.push_back(countingCase(n, bad_rank));
  return cases;
}

std::string sharedScratch(const std::string &name) {
  return tribo::test::scratchPath("tribo-faults", name + "-np" + std::to_string(worldSize()) + ".h5");
}

RunOptions quietOptions(const std::string &path, int ranks_per_case) {
  RunOptions options;
  options.output = path;
  options.quiet = true;
  options.ranks_per_case = ranks_per_case;
  return options;
}

/// The result file, failing on purpose: the `fail_at`-th case write (1-based; 0 = never) or the
/// provenance throws `Error`.
template <typename Error> class FailingStore final : public CaseStore {
public:
  FailingStore(std::unique_ptr<CaseStore> file, int fail_at, bool fail_provenance)
      : file_(std::move(file)), fail_at_(fail_at), fail_provenance_(fail_provenance) {}
  const std::set<std::string> &completedCases() const override { return file_->completedCases(); }
  void writeCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                 const CaseRecord &record) override {
    if (++writes_ == fail_at_) throw Error("injected write failure for case " + id);
    file_->writeCase(id, parameters, record);
  }
  void writeFailedCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                       const std::string &message) override {
    file_->writeFailedCase(id, parameters, message);
  }
  void writeRootAttributes(const std::map<std::string, AttributeValue> &attributes) override {
    if (fail_provenance_) throw Error("injected provenance failure");
    file_->writeRootAttributes(attributes);
  }
  void commit() override { file_->commit(); }
  std::size_t closeAndCountComplete() override { return file_->closeAndCountComplete(); }

private:
  std::unique_ptr<CaseStore> file_;
  int fail_at_;
  bool fail_provenance_;
  int writes_ = 0;
};

template <typename Error> RunnerSeams failingStore(int fail_at, bool fail_provenance = false) {
  RunnerSeams seams;
  seams.open_store = [=](const std::string &output, const std::string &input, ResultFile::Policy policy) {
    return std::make_unique<FailingStore<Error>>(openResultFile(output, input, policy), fail_at,
                                                 fail_provenance);
  };
  return seams;
}

/// Runs and returns the exception's message ("" if none); fails the test if the type differs.
template <typename Expected>
std::string runExpecting(const std::vector<CasePlan> &cases, const RunOptions &options,
                         const RunnerSeams &seams) {
  auto config = ConfigNode::fromString("study: test\n");
  try {
    runStudy(PETSC_COMM_WORLD, config, cases, options, seams);
  } catch (const Expected &e) {
    return e.what();
  } catch (const std::exception &e) {
    ADD_FAILURE() << "rank " << worldRank() << ": unexpected exception type: " << e.what();
    return e.what();
  }
  ADD_FAILURE() << "rank " << worldRank() << ": runStudy returned instead of throwing";
  return "";
}

/// On rank 0: the cases of `path` with status "complete", each checked against its known answer.
int completeCases(const std::string &path, int count, int ranks_per_case) {
  ResultReader r(path);
  int complete = 0;
  for (int n = 1; n <= count; ++n) {
    const std::string g = "/cases/count-n" + std::to_string(n);
    if (!r.exists(g) || std::get<std::string>(r.attribute(g, "status")) != "complete") continue;
    ++complete;
    EXPECT_EQ(r.dataset(g + "/ranks").at(0), ranks_per_case) << g;
    EXPECT_EQ(r.dataset(g + "/n").at(0), n) << g;
  }
  return complete;
}

} // namespace

// One rank per case: the cases that land on rank r fail, the others are complete, and the run ends
// normally on every rank with the same counts.
TEST(RunnerFaults, ACaseThrowingOnEachRankIsAFailedCase) {
  for (int bad = 0; bad < worldSize(); ++bad) {
    const auto path = sharedScratch("case-rank" + std::to_string(bad));
    auto config = ConfigNode::fromString("study: test\n");
    const RunSummary s = runStudy(PETSC_COMM_WORLD, config, countingCases(8, bad), quietOptions(path, 1));
    EXPECT_EQ(s.cases_run, 8);
    int counts[2] = {s.cases_failed, -s.cases_failed};
    MPI_Allreduce(MPI_IN_PLACE, counts, 2, MPI_INT, MPI_MAX, PETSC_COMM_WORLD);
    EXPECT_EQ(counts[0], -counts[1]) << "ranks disagree on the failures";
    if (worldRank() == 0) {
      EXPECT_EQ(completeCases(path, 8, 1), 8 - s.cases_failed);
      if (worldSize() == 1) {
        EXPECT_EQ(s.cases_failed, 8);
      }
    }
  }
}

// All ranks on each case: a throw on one rank of the group fails the case (it used to be written as
// complete from the root's record when the root's part succeeded).
TEST(RunnerFaults, ACaseThrowingOnOneRankOfItsGroupFailsTheCase) {
  for (int bad = 0; bad < worldSize(); ++bad) {
    const auto path = sharedScratch("group-rank" + std::to_string(bad));
    auto config = ConfigNode::fromString("study: test\n");
    std::vector<CasePlan> cases = countingCases(3);
    cases.push_back(countingCase(10, bad));
    const RunSummary s = runStudy(PETSC_COMM_WORLD, config, cases, quietOptions(path, worldSize()));
    EXPECT_EQ(s.cases_failed, 1);
    if (worldRank() == 0) {
      EXPECT_EQ(completeCases(path, 3, worldSize()), 3);
      ResultReader r(path);
      EXPECT_EQ(std::get<std::string>(r.attribute("/cases/count-n10", "status")), "failed");
      const auto error = std::get<std::string>(r.attribute("/cases/count-n10", "error"));
      EXPECT_NE(error.find("on purpose on rank " + std::to_string(bad)), std::string::npos) << error;
      if (bad != 0) {
        EXPECT_NE(error.find("rank 1 of the case's group"), std::string::npos) << error;
      }
    }
  }
}

// The writer's store fails on its second case write: every rank throws IoError, the writer's message
// names the cause and the one complete case the `.partial` keeps.
TEST(RunnerFaults, AWriterIoErrorEndsEveryRankWithIoError) {
  for (int per : {1, worldSize()}) {
    const auto path = sharedScratch("io-per" + std::to_string(per));
    const std::string message =
        runExpecting<IoError>(countingCases(8), quietOptions(path, per), failingStore<IoError>(2));
    EXPECT_NE(message.find("injected write failure"), std::string::npos) << message;
    if (worldRank() == 0) {
      EXPECT_NE(message.find("the 1 complete case(s) are kept"), std::string::npos) << message;
      EXPECT_FALSE(fs::exists(path));
      EXPECT_EQ(completeCases(ResultFile::partialPath(path), 8, per), 1);
    }
  }
}

// The provenance cannot be written: IoError everywhere, every case kept, no final name.
TEST(RunnerFaults, AProvenanceIoErrorKeepsEveryCase) {
  const auto path = sharedScratch("provenance");
  const std::string message =
      runExpecting<IoError>(countingCases(4), quietOptions(path, 1), failingStore<IoError>(0, true));
  EXPECT_NE(message.find("injected provenance failure"), std::string::npos) << message;
  if (worldRank() == 0) {
    EXPECT_FALSE(fs::exists(path));
    EXPECT_EQ(completeCases(ResultFile::partialPath(path), 4, 1), 4);
  }
}

// A writer failure that is not I/O (a record it cannot take) is a solver failure on every rank.
TEST(RunnerFaults, AWriterFailureOfAnotherKindKeepsItsKind) {
  const auto path = sharedScratch("other");
  const std::string message =
      runExpecting<SolverError>(countingCases(6), quietOptions(path, 1), failingStore<SolverError>(3));
  EXPECT_NE(message.find("injected write failure"), std::string::npos) << message;
  if (worldRank() == 0) {
    EXPECT_EQ(completeCases(ResultFile::partialPath(path), 6, 1), 2);
  }
}

// A group's root throws in the runner itself, after its first case and before the result leaves: on
// each rank in turn, with one rank per case and with one group of all ranks (whose members wait for
// the root's next index). Every rank throws the root's error, naming its rank; what was written stays.
TEST(RunnerFaults, ARootThrowingBeforeDeliveryEndsEveryRank) {
  for (int per : {1, worldSize()})
    for (int bad = 0; bad < worldSize(); bad += per) {
      const auto path = sharedScratch("root-per" + std::to_string(per) + "-rank" + std::to_string(bad));
      RunnerSeams seams;
      seams.before_delivery = [bad](const CasePlan &) {
        if (worldRank() == bad) throw InputError("injected root failure");
      };
      const std::string message = runExpecting<InputError>(countingCases(8), quietOptions(path, per), seams);
      EXPECT_NE(message.find("injected root failure"), std::string::npos) << message;
      if (bad != 0) {
        EXPECT_NE(message.find("rank " + std::to_string(bad) + ": "), std::string::npos) << message;
      }
      if (worldRank() == 0) {
        EXPECT_FALSE(fs::exists(path));
        const int complete = completeCases(ResultFile::partialPath(path), 8, per);
        // Only another group's cases can be complete; at most those it took while the bad one ran.
        if (per == worldSize()) {
          EXPECT_EQ(complete, 0);
        }
        EXPECT_LT(complete, 8);
        EXPECT_NE(message.find("the " + std::to_string(complete) + " complete case(s) are kept"),
                  std::string::npos)
            << message;
      }
    }
}

// Not even a std::exception: still caught, still agreed on, still a solver failure.
TEST(RunnerFaults, AThrowOfAnythingIsCaught) {
  const auto path = sharedScratch("anything");
  RunnerSeams seams;
  seams.before_delivery = [](const CasePlan &) {
    if (worldRank() == worldSize() - 1) throw 42;
  };
  const std::string message = runExpecting<SolverError>(countingCases(3), quietOptions(path, 1), seams);
  EXPECT_NE(message.find("not a std::exception"), std::string::npos) << message;
}

// A checkpoint passes 2 GiB at n_x = 8193, more than one MPI count holds: the bytes go in pieces, and
// every rank gets the root's bytes whatever the piece (here small, so that many pieces and a short last
// one are crossed), also none at all.
TEST(Broadcast, BytesInPiecesReachEveryRank) {
  const int root = worldSize() - 1;
  std::vector<char> sent(1000);
  for (std::size_t i = 0; i < sent.size(); ++i)
    sent[i] = static_cast<char>((i * 37 + 11) % 251);
  for (std::size_t piece : {std::size_t{7}, std::size_t{1000}, broadcast_piece}) {
    std::vector<char> bytes = worldRank() == root ? sent : std::vector<char>(3, 'x');
    broadcastBytes(PETSC_COMM_WORLD, bytes, root, piece);
    EXPECT_EQ(bytes, sent) << "piece " << piece;
  }
  std::vector<char> none = worldRank() == root ? std::vector<char>{} : std::vector<char>(5, 'x');
  broadcastBytes(PETSC_COMM_WORLD, none, root);
  EXPECT_TRUE(none.empty());
}

// A case message of any size in one send (CharCount): sent from the last rank to rank 0 in pieces of 7,
// of 1000 and of the default size, matched and sized by the receiver from its status alone.
TEST(CaseMessage, CharsOfAnySizeGoInOneMessage) {
  const int last = worldSize() - 1;
  std::vector<char> sent(1000);
  for (std::size_t i = 0; i < sent.size(); ++i)
    sent[i] = static_cast<char>((i * 37 + 11) % 251);
  for (std::size_t piece : {std::size_t{7}, std::size_t{1000}, std::size_t{999}, broadcast_piece}) {
    MPI_Request request = MPI_REQUEST_NULL;
    if (worldRank() == last) {
      const CharCount chars(sent.size(), piece);
      ASSERT_EQ(MPI_Isend(sent.data(), chars.count(), chars.type(), 0, 7, PETSC_COMM_WORLD, &request),
                MPI_SUCCESS);
    }
    if (worldRank() == 0) {
      MPI_Message message;
      MPI_Status status;
      ASSERT_EQ(MPI_Mprobe(last, 7, PETSC_COMM_WORLD, &message, &status), MPI_SUCCESS);
      ASSERT_EQ(messageChars(status), sent.size()) << "piece " << piece;
      std::vector<char> got(sent.size(), 'x');
      const CharCount chars(got.size(), piece);
      ASSERT_EQ(MPI_Mrecv(got.data(), chars.count(), chars.type(), &message, MPI_STATUS_IGNORE), MPI_SUCCESS);
      EXPECT_EQ(got, sent) << "piece " << piece;
    }
    ASSERT_EQ(MPI_Wait(&request, MPI_STATUS_IGNORE), MPI_SUCCESS);
  }
}
