// The writer's side of the runner: non-blocking receives, writes through a CaseStore, the progress
// line with a cost-weighted ETA.
#include "tribo/study/result_sink.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace tribo {

std::unique_ptr<CaseStore> openResultFile(const std::string &output, const std::string &input_text,
                                          ResultFile::Policy policy) {
  return std::make_unique<ResultFileStore>(output, input_text, policy);
}

namespace {
/// A case that says its friction profile has no steady state (attribute steady_state_reached = 0):
/// counted in the run's summary, because its plateau numbers are absent.
bool lacksSteadyState(const CaseRecord &record) {
  const auto group = record.attributes().find("");
  if (group == record.attributes().end()) return false;
  const auto flag = group->second.find("steady_state_reached");
  if (flag == group->second.end()) return false;
  const auto *value = std::get_if<long long>(&flag->second);
  return value && *value == 0;
}
} // namespace

ResultSink::ResultSink(MPI_Comm world, std::unique_ptr<CaseStore> store, const std::vector<CasePlan> &cases,
                       CaseQueue &queue, bool quiet, double t_start)
    : world_(world), store_(std::move(store)), cases_(cases), queue_(queue), quiet_(quiet),
      t_start_(t_start) {
  TRIBO_MPI_CALL(MPI_Comm_size(world_, &world_size_));
  for (int i : queue_.order())
    cost_pending_ += cases_[i].cost;
}

void ResultSink::accept(const CaseMessage &message) {
  if (message.kind == Message::done) {
    ++groups_done_;
    return;
  }
  const CasePlan &plan = cases_[queue_.order().at(message.index)];
  counts_.busy += message.busy;
  cost_received_ += plan.cost;
  if (message.kind != Message::result) ++counts_.failed;
  ++counts_.written;
  write(plan, message);
}

// An error (disk full, quota, a corrupt record) stops the hand-out for every group; the cases still
// arriving are received (no rank is left waiting) but not written, and the run ends with the error's
// exit code and the complete cases in `.partial` for --resume.
void ResultSink::write(const CasePlan &plan, const CaseMessage &message) {
  const std::string text(message.payload.begin(), message.payload.end());
  std::string outcome = message.kind == Message::result ? "done" : "FAILED: " + text;
  if (error_) {
    outcome = "not written (the output file takes no more after an I/O error)";
  } else {
    try {
      if (message.kind == Message::result) {
        const CaseRecord record = CaseRecord::deserialize(message.payload);
        if (lacksSteadyState(record)) ++counts_.without_steady_state;
        store_->writeCase(plan.id, plan.parameters, record);
      } else {
        store_->writeFailedCase(plan.id, plan.parameters, text);
      }
    } catch (...) {
      error_ = Fault::current(0);
      queue_.close();
      outcome =
          error_->kind == ExitCode::io_failure ? "not written: I/O error" : "not written: " + error_->message;
    }
  }
  printProgress(plan, message, outcome);
}

/// The ETA weighs what is left by CasePlan::cost: the rank-seconds measured per unit of cost so far,
/// times the cost not yet received, over the ranks of the run.
void ResultSink::printProgress(const CasePlan &plan, const CaseMessage &message,
                               const std::string &outcome) const {
  if (quiet_) return;
  const long long n_pending = queue_.pending();
  const double elapsed = MPI_Wtime() - t_start_;
  double left = elapsed / counts_.written * static_cast<double>(n_pending - counts_.written);
  if (cost_received_ > 0)
    left = (cost_pending_ - cost_received_) * (counts_.busy / cost_received_) / world_size_;
  writeStdout(fmt::format("[{:>{}}/{}] {} {} ({:.2f} s) | failures {} | elapsed {:.1f} s, ~{:.1f} s left\n",
                          counts_.written, std::to_string(n_pending).size(), n_pending, plan.id, outcome,
                          message.busy, counts_.failed, elapsed, std::max(0.0, left)));
}

// The writer never blocks on a message while it has cases of its own to run. A finished case's
// datasets travel by the rendezvous protocol, which moves the data only while the sender is inside
// MPI too -- and the sender is busy with its next case. A blocking receive chained rank 0 to the
// other groups' pace until they ran out of cases (farming efficiency 0.6 on 2 ranks without
// single-copy shared memory, docs/performance-farming.md). Messages are therefore matched with
// MPI_Improbe, received with MPI_Imrecv and written once complete, at the writer's next look.
void ResultSink::postReceive(MPI_Message &message, const MPI_Status &status) {
  const std::size_t size = messageChars(status);
  arriving_.emplace_back(std::vector<char>(size), MPI_REQUEST_NULL);
  const CharCount chars(size);
  TRIBO_MPI_CALL(MPI_Imrecv(arriving_.back().first.data(), chars.count(), chars.type(), &message,
                            &arriving_.back().second));
}

/// A message that does not unpack is the writer's error, not a reason to stop receiving.
void ResultSink::acceptBytes(const std::vector<char> &bytes) {
  try {
    accept(CaseMessage::unpack(bytes));
  } catch (...) {
    if (error_) return;
    error_ = Fault::current(0);
    queue_.close();
  }
}

void ResultSink::receiveArrived() {
  for (;;) {
    int flag = 0;
    MPI_Message message;
    MPI_Status status;
    TRIBO_MPI_CALL(MPI_Improbe(MPI_ANY_SOURCE, 0, world_, &flag, &message, &status));
    if (!flag) break;
    postReceive(message, status);
  }
  for (auto it = arriving_.begin(); it != arriving_.end();) {
    int complete = 0;
    TRIBO_MPI_CALL(MPI_Test(&it->second, &complete, MPI_STATUS_IGNORE));
    if (!complete) {
      ++it;
      continue;
    }
    acceptBytes(it->first);
    it = arriving_.erase(it);
  }
}

// Every other group's root sends `done` last, also after a fault of its own (CaseSender::finish), so
// this wait ends; messages from one rank arrive in order, so nothing of theirs is left behind.
void ResultSink::receiveUntilDone() {
  const int others = queue_.groups() - 1;
  while (groups_done_ < others || !arriving_.empty()) {
    if (arriving_.empty()) {
      MPI_Message message;
      MPI_Status status;
      TRIBO_MPI_CALL(MPI_Mprobe(MPI_ANY_SOURCE, 0, world_, &message, &status));
      postReceive(message, status);
    }
    TRIBO_MPI_CALL(MPI_Wait(&arriving_.front().second, MPI_STATUS_IGNORE));
    acceptBytes(arriving_.front().first);
    arriving_.pop_front();
    receiveArrived();
  }
}

void ResultSink::finish(const std::map<std::string, AttributeValue> &provenance, bool interrupted) {
  if (error_) return;
  try {
    store_->writeRootAttributes(provenance);
    // An interrupted study stays `.partial`, ready for --resume; a finished one gets its final name.
    if (!interrupted) store_->commit();
  } catch (...) {
    error_ = Fault::current(0);
  }
}

std::string ResultSink::keptReport(const std::string &output, bool io_failure) {
  // What --resume will find, read back from the closed file rather than assumed.
  try {
    return fmt::format("the {} complete case(s) are kept in '{}': {}continue with --resume",
                       store_->closeAndCountComplete(), ResultFile::partialPath(output),
                       io_failure ? "make room and " : "");
  } catch (const std::exception &e) {
    return fmt::format("and the file left behind does not open ({})", e.what());
  }
}

} // namespace tribo
