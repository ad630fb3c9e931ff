// The runner's queue of cases: the order they are handed out in, the groups of ranks that take them,
// and the shared counter that hands them out (docs/architecture.md, "The runner").
#pragma once

#include "tribo/study/case.hpp"

#include <mpi.h>
#include <set>
#include <string>
#include <vector>

namespace tribo {

/// A communicator the runner made (a duplicate, a split), freed when it goes out of scope, also on a
/// throw.
class OwnedComm {
public:
  static OwnedComm duplicate(MPI_Comm comm);
  static OwnedComm split(MPI_Comm comm, int color, int key);
  OwnedComm(OwnedComm &&other) noexcept;
  OwnedComm(const OwnedComm &) = delete;
  OwnedComm &operator=(const OwnedComm &) = delete;
  OwnedComm &operator=(OwnedComm &&) = delete;
  ~OwnedComm();

  MPI_Comm get() const { return comm_; }
  int rank() const;
  int size() const;

private:
  explicit OwnedComm(MPI_Comm comm) : comm_(comm) {}
  MPI_Comm comm_ = MPI_COMM_NULL;
};

/// One `long long` on rank 0 of `comm` that any rank advances atomically (MPI_Fetch_and_op), freed
/// when it goes out of scope. Creating and freeing are collective over `comm`.
class SharedCounter {
public:
  explicit SharedCounter(MPI_Comm comm);
  SharedCounter(const SharedCounter &) = delete;
  SharedCounter &operator=(const SharedCounter &) = delete;
  ~SharedCounter();
  /// Adds `increment` and returns the value before.
  long long fetchAdd(long long increment);

private:
  MPI_Win window_ = MPI_WIN_NULL;
  long long *base_ = nullptr;
};

/// Indices into `cases` of those not in `completed`, costliest first, ties by id: the same order on
/// every rank.
std::vector<int> pendingOrder(const std::vector<CasePlan> &cases, const std::set<std::string> &completed);

/// The pending cases, the split of the world into groups of `ranksPerCase()` ranks, and the counter
/// that hands the next case to whichever group's root asks first. Constructed collectively.
class CaseQueue {
public:
  /// `ranks_per_case` 0 = choose (chooseRanksPerCase); otherwise it must divide the world's size.
  CaseQueue(MPI_Comm world, std::vector<int> order, int ranks_per_case);

  const std::vector<int> &order() const { return order_; }
  long long pending() const { return static_cast<long long>(order_.size()); }
  int ranksPerCase() const { return ranks_per_case_; }
  int groups() const { return n_groups_; }
  MPI_Comm group() const { return group_.get(); }
  bool groupRoot() const { return group_rank_ == 0; }

  /// The position in order() of the next case for this group (its root calls this), -1 when none
  /// is left.
  long long take();
  /// No case is handed out any more, to any group (a signal, --fail-fast, an I/O error, a fault).
  void close();

private:
  std::vector<int> order_;
  int ranks_per_case_;
  int n_groups_;
  OwnedComm group_;
  int group_rank_;
  SharedCounter counter_;
};

} // namespace tribo
