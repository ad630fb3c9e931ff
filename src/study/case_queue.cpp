// The runner's queue of cases: ordering, the group split and the shared counter, each owned by RAII.
#include "tribo/study/case_queue.hpp"

#include "tribo/core/error.hpp"
#include "tribo/study/runner.hpp"

#include <algorithm>
#include <utility>

namespace tribo {

OwnedComm OwnedComm::duplicate(MPI_Comm comm) {
  MPI_Comm out = MPI_COMM_NULL;
  TRIBO_MPI_CALL(MPI_Comm_dup(comm, &out));
  return OwnedComm(out);
}

OwnedComm OwnedComm::split(MPI_Comm comm, int color, int key) {
  MPI_Comm out = MPI_COMM_NULL;
  TRIBO_MPI_CALL(MPI_Comm_split(comm, color, key, &out));
  return OwnedComm(out);
}

OwnedComm::OwnedComm(OwnedComm &&other) noexcept : comm_(std::exchange(other.comm_, MPI_COMM_NULL)) {}

OwnedComm::~OwnedComm() {
  // A destructor does not throw: a failed free is left to MPI_Finalize.
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

int OwnedComm::rank() const {
  int r = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm_, &r));
  return r;
}

int OwnedComm::size() const {
  int s = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(comm_, &s));
  return s;
}

SharedCounter::SharedCounter(MPI_Comm comm) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
  const MPI_Aint bytes = rank == 0 ? sizeof(long long) : 0;
  TRIBO_MPI_CALL(MPI_Win_allocate(bytes, sizeof(long long), MPI_INFO_NULL, comm, &base_, &window_));
  if (rank == 0) *base_ = 0;
  TRIBO_MPI_CALL(MPI_Barrier(comm)); // nobody advances the counter before it is zero
}

SharedCounter::~SharedCounter() {
  if (window_ != MPI_WIN_NULL) MPI_Win_free(&window_);
}

long long SharedCounter::fetchAdd(long long increment) {
  long long got = 0;
  TRIBO_MPI_CALL(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, window_));
  TRIBO_MPI_CALL(MPI_Fetch_and_op(&increment, &got, MPI_LONG_LONG, 0, 0, MPI_SUM, window_));
  TRIBO_MPI_CALL(MPI_Win_unlock(0, window_));
  return got;
}

std::vector<int> pendingOrder(const std::vector<CasePlan> &cases, const std::set<std::string> &completed) {
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(cases.size()); ++i)
    if (!completed.count(cases[i].id)) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (cases[a].cost != cases[b].cost) return cases[a].cost > cases[b].cost;
    return cases[a].id < cases[b].id;
  });
  return order;
}

namespace {
int worldSize(MPI_Comm world) {
  int size = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(world, &size));
  return size;
}
int worldRank(MPI_Comm world) {
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &rank));
  return rank;
}
} // namespace

CaseQueue::CaseQueue(MPI_Comm world, std::vector<int> order, int ranks_per_case)
    : order_(std::move(order)),
      ranks_per_case_(ranks_per_case > 0
                          ? ranks_per_case
                          : chooseRanksPerCase(worldSize(world), static_cast<int>(order_.size()))),
      n_groups_(worldSize(world) / ranks_per_case_),
      group_(OwnedComm::split(world, worldRank(world) / ranks_per_case_, worldRank(world))),
      group_rank_(group_.rank()), counter_(world) {}

long long CaseQueue::take() {
  const long long index = counter_.fetchAdd(1);
  return index < pending() ? index : -1;
}

void CaseQueue::close() {
  counter_.fetchAdd(pending());
}

} // namespace tribo
