// The writer's side of the runner (world rank 0): receives finished cases from the other groups
// without blocking its own work, writes them through a CaseStore, and on an I/O error stops the
// hand-out for every group (docs/output.md, "What survives each fault").
#pragma once

#include "tribo/io/result_file.hpp"
#include "tribo/study/case.hpp"
#include "tribo/study/case_message.hpp"
#include "tribo/study/case_queue.hpp"
#include "tribo/study/fault.hpp"

#include <functional>
#include <list>
#include <memory>
#include <optional>

namespace tribo {

/// Where the writer stores cases: the run's HDF5 file (ResultFileStore), or a test's stand-in that
/// fails on purpose (tests/mpi/test_runner_faults.cpp).
class CaseStore {
public:
  virtual ~CaseStore() = default;
  virtual const std::set<std::string> &completedCases() const = 0;
  virtual void writeCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                         const CaseRecord &record) = 0;
  virtual void writeFailedCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                               const std::string &message) = 0;
  virtual void writeRootAttributes(const std::map<std::string, AttributeValue> &attributes) = 0;
  /// The final name: called once, after a run that was neither interrupted nor broken.
  virtual void commit() = 0;
  /// After an error: closes and counts the complete cases the file holds (what --resume finds).
  virtual std::size_t closeAndCountComplete() = 0;
};

/// The ResultFile as a CaseStore.
class ResultFileStore final : public CaseStore {
public:
  ResultFileStore(const std::string &output, const std::string &input_text, ResultFile::Policy policy)
      : file_(output, input_text, policy) {}
  const std::set<std::string> &completedCases() const override { return file_.completedCases(); }
  void writeCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                 const CaseRecord &record) override {
    file_.writeCase(id, parameters, record);
  }
  void writeFailedCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                       const std::string &message) override {
    file_.writeFailedCase(id, parameters, message);
  }
  void writeRootAttributes(const std::map<std::string, AttributeValue> &attributes) override {
    file_.writeRootAttributes(attributes);
  }
  void commit() override { file_.commit(); }
  std::size_t closeAndCountComplete() override { return file_.closeAndCountComplete(); }

private:
  ResultFile file_;
};

/// Opens the writer's store for `output` (throws IoError when refused).
using OpenCaseStore = std::function<std::unique_ptr<CaseStore>(
    const std::string &output, const std::string &input_text, ResultFile::Policy policy)>;
std::unique_ptr<CaseStore> openResultFile(const std::string &output, const std::string &input_text,
                                          ResultFile::Policy policy);

/// What the writer has seen of the study so far.
struct SinkCounts {
  int written = 0; // results and failures received (written or not)
  int failed = 0;
  int without_steady_state = 0;
  double busy = 0; // rank-seconds of the cases received
};

class ResultSink {
public:
  /// `cases` and `queue` outlive the sink; `t_start` is the run's MPI_Wtime at its start.
  ResultSink(MPI_Comm world, std::unique_ptr<CaseStore> store, const std::vector<CasePlan> &cases,
             CaseQueue &queue, bool quiet, double t_start);

  /// One finished case (the writer's own, or one received): written unless the store took an error.
  /// Never throws but for MPI: an error is kept (error()) and closes the queue.
  void accept(const CaseMessage &message);
  /// Posts receives for the messages that have arrived and writes those complete; does not block.
  void receiveArrived();
  /// After the writer's own cases: blocks until every other group's root has sent `done`.
  void receiveUntilDone();
  /// The provenance and, unless `interrupted`, the final name; an error is kept (error()).
  void finish(const std::map<std::string, AttributeValue> &provenance, bool interrupted);
  /// After an error: the complete cases the closed file holds, as a sentence for the report.
  std::string keptReport(const std::string &output, bool io_failure);

  const SinkCounts &counts() const { return counts_; }
  const std::optional<Fault> &error() const { return error_; }

private:
  void acceptBytes(const std::vector<char> &bytes);
  void write(const CasePlan &plan, const CaseMessage &message);
  void printProgress(const CasePlan &plan, const CaseMessage &message, const std::string &outcome) const;
  void postReceive(MPI_Message &message, const MPI_Status &status);
  MPI_Comm world_;
  std::unique_ptr<CaseStore> store_;
  const std::vector<CasePlan> &cases_;
  CaseQueue &queue_;
  bool quiet_;
  double t_start_;
  int world_size_ = 1;
  int groups_done_ = 0;
  double cost_pending_ = 0, cost_received_ = 0; // CasePlan::cost, for the ETA
  SinkCounts counts_;
  std::optional<Fault> error_;
  std::list<std::pair<std::vector<char>, MPI_Request>> arriving_;
};

} // namespace tribo
