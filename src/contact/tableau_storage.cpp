// The condensed tableau's rows on the ranks of a case: a private row block per rank, or one array in MPI-3
// shared memory on a node (docs/model.md §16, "Distribution").
#include "tribo/contact/tableau_storage.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace tribo {

TableauStorage::TableauStorage(MPI_Comm comm) : comm_(comm) {
  TRIBO_MPI_CALL(MPI_Comm_rank(comm_, &rank_));
  TRIBO_MPI_CALL(MPI_Comm_size(comm_, &ranks_));
}

void TableauStorage::setRows(std::size_t rows, std::size_t cols, const std::vector<int> &row_begins) {
  rows_ = rows, cols_ = cols;
  row_begins_ = row_begins;
  row_counts_.resize(ranks_);
  for (int r = 0; r < ranks_; ++r)
    row_counts_[r] = row_begins_[r + 1] - row_begins_[r];
  row_begin_ = static_cast<std::size_t>(row_begins_[rank_]);
  local_rows_ = static_cast<std::size_t>(row_counts_[rank_]);
}

std::vector<double> TableauStorage::localCopy() const {
  std::vector<double> block(local_rows_ * cols_);
  for (std::size_t j = 0; j < cols_; ++j)
    std::copy(local(j), local(j) + local_rows_, block.begin() + static_cast<std::ptrdiff_t>(j * local_rows_));
  return block;
}

void TableauStorage::assignLocal(const std::vector<double> &block) {
  fence();
  for (std::size_t j = 0; j < cols_; ++j)
    std::copy(block.begin() + static_cast<std::ptrdiff_t>(j * local_rows_),
              block.begin() + static_cast<std::ptrdiff_t>((j + 1) * local_rows_), local(j));
  fence();
}

namespace {

/// Each rank keeps its rows; outputs and rows are gathered with MPI_Allgatherv.
class RowBlockTableau final : public TableauStorage {
public:
  explicit RowBlockTableau(MPI_Comm comm) : TableauStorage(comm) {}

  void allocate(std::size_t rows, std::size_t cols, const std::vector<int> &row_begins) override {
    setRows(rows, cols, row_begins);
    data_.assign(local_rows_ * cols_, 0.0);
    local_ = data_.data();
    ld_ = local_rows_;
    for (auto &o : out_)
      o.assign(rows_, 0.0);
  }
  const double *column(std::size_t j) const override { return ranks_ == 1 ? local(j) : nullptr; }
  void fence() override {}
  double *outputRows(int c) override { return out_[c].data() + row_begin_; }
  std::array<const double *, 2> output(int first, int count) override {
    if (ranks_ > 1) {
      // Rank r sends its rows of each output, one after the other; they arrive in rank order and are
      // put in place.
      std::vector<int> counts(ranks_), displs(ranks_);
      for (int r = 0; r < ranks_; ++r)
        counts[r] = count * row_counts_[r], displs[r] = count * row_begins_[r];
      send_.resize(static_cast<std::size_t>(count) * local_rows_);
      for (int c = first; c < first + count; ++c)
        std::copy(outputRows(c), outputRows(c) + local_rows_,
                  send_.begin() +
                      static_cast<std::ptrdiff_t>(static_cast<std::size_t>(c - first) * local_rows_));
      packed_.resize(static_cast<std::size_t>(count) * rows_);
      TRIBO_MPI_CALL(MPI_Allgatherv(send_.data(), counts[rank_], MPI_DOUBLE, packed_.data(), counts.data(),
                                    displs.data(), MPI_DOUBLE, comm_));
      for (int r = 0; r < ranks_; ++r) {
        if (r == rank_) continue; // this rank's rows are in place already
        for (int c = first; c < first + count; ++c) {
          const double *from =
              packed_.data() + displs[r] + static_cast<std::ptrdiff_t>(c - first) * row_counts_[r];
          std::copy(from, from + row_counts_[r], out_[c].data() + row_begins_[r]);
        }
      }
    }
    return {out_[0].data(), out_[1].data()};
  }
  const double *ownOutput(int c) const override { return out_[c].data(); }
  // The rows of a set of dofs are contiguous in the tableau's order, so with the dofs sorted each rank's
  // share is a contiguous run of them: one MPI_Allgatherv.
  void rows(const std::vector<std::size_t> &dofs, std::vector<double> &packed) override {
    packed.assign(dofs.size() * cols_, 0.0);
    std::vector<int> counts(ranks_), displs(ranks_);
    for (int q = 0; q < ranks_; ++q) {
      const auto lo = std::lower_bound(dofs.begin(), dofs.end(), static_cast<std::size_t>(row_begins_[q]));
      const auto hi =
          std::lower_bound(dofs.begin(), dofs.end(), static_cast<std::size_t>(row_begins_[q + 1]));
      counts[q] = static_cast<int>(static_cast<std::size_t>(hi - lo) * cols_);
      displs[q] = static_cast<int>(static_cast<std::size_t>(lo - dofs.begin()) * cols_);
    }
    const std::size_t first = static_cast<std::size_t>(displs[rank_]) / cols_,
                      end = first + static_cast<std::size_t>(counts[rank_]) / cols_;
    for (std::size_t j = 0; j < cols_; ++j) // column by column, as in NodeSharedTableau::rows
      for (std::size_t s = first; s < end; ++s)
        packed[s * cols_ + j] = local(j)[dofs[s] - row_begin_];
    if (ranks_ > 1)
      TRIBO_MPI_CALL(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, packed.data(), counts.data(),
                                    displs.data(), MPI_DOUBLE, comm_));
  }
  std::size_t bytes() const override {
    return sizeof(double) * (data_.size() + send_.size() + out_[0].size() + out_[1].size());
  }
  const char *name() const override { return "row blocks"; }

private:
  std::vector<double> data_, send_, packed_;
  std::array<std::vector<double>, 2> out_;
};

/// Owns an MPI-3 shared-memory window, in a passive epoch for its whole life (MPI_Win_lock_all).
class SharedWindow {
public:
  SharedWindow() = default;
  SharedWindow(const SharedWindow &) = delete;
  SharedWindow &operator=(const SharedWindow &) = delete;
  ~SharedWindow() { reset(); } // a destructor must not throw: see reset
  /// `count` doubles, allocated by rank 0 of `comm`, mapped on every rank. Collective.
  double *allocate(MPI_Comm comm, std::size_t count) {
    release();
    int rank = 0;
    TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
    void *mine = nullptr;
    const auto size = static_cast<MPI_Aint>(rank == 0 ? count * sizeof(double) : 0);
    TRIBO_MPI_CALL(MPI_Win_allocate_shared(size, sizeof(double), MPI_INFO_NULL, comm, &mine, &win_));
    MPI_Aint got = 0;
    int unit = 0;
    void *base = nullptr;
    TRIBO_MPI_CALL(MPI_Win_shared_query(win_, 0, &got, &unit, &base));
    TRIBO_MPI_CALL(MPI_Win_lock_all(MPI_MODE_NOCHECK, win_));
    populate(comm, base, count * sizeof(double));
    return static_cast<double *>(base);
  }
  /// Frees the window, checked. Collective.
  void release() {
    if (win_ == MPI_WIN_NULL) return;
    TRIBO_MPI_CALL(MPI_Win_unlock_all(win_));
    TRIBO_MPI_CALL(MPI_Win_free(&win_));
  }
  /// Every rank's stores before it are seen by every rank's loads after it. Collective.
  void barrier(MPI_Comm comm) {
    TRIBO_MPI_CALL(MPI_Win_sync(win_));
    TRIBO_MPI_CALL(MPI_Barrier(comm));
    TRIBO_MPI_CALL(MPI_Win_sync(win_));
  }

private:
  // The window's pages, faulted in by the ranks in parallel, each its share of them, in one call
  // (MADV_POPULATE_WRITE, Linux 5.14) rather than one trap per 4 KB page at the first store: the node's
  // shared memory (tmpfs) takes no huge pages by default, and those traps took 1.8 s per rank of the
  // condensation at n_x = 8193 on 2 ranks (docs/performance.md, "The shared tableau's pages"). Only a
  // hint: where the kernel lacks it (EINVAL) or it fails, the pages are faulted at the first store.
  static void populate(MPI_Comm comm, const void *base, std::size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    int rank = 0, ranks = 1;
    TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
    TRIBO_MPI_CALL(MPI_Comm_size(comm, &ranks));
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(base) / page * page,
                         pages = (reinterpret_cast<std::uintptr_t>(base) + bytes - first + page - 1) / page;
    const auto share = [&](int r) { return first + pages * static_cast<std::uintptr_t>(r) / ranks * page; };
    if (const std::uintptr_t lo = share(rank), hi = share(rank + 1); hi > lo)
      (void)madvise(reinterpret_cast<void *>(lo), hi - lo, MADV_POPULATE_WRITE); // a hint: see above
#else
    (void)comm, (void)base, (void)bytes;
#endif
  }
  void reset() {
    if (win_ == MPI_WIN_NULL) return;
    // Only from the destructor, which must not throw (as PetscOwner's destroy): a failure is reported on
    // stderr instead of thrown (the window was made and locked by checked calls; a failure leaks it).
    const int unlocked = MPI_Win_unlock_all(win_), freed = MPI_Win_free(&win_);
    if (unlocked != MPI_SUCCESS || freed != MPI_SUCCESS)
      std::fprintf(stderr, "tribo: warning: the shared tableau's window was not freed (MPI error %d, %d)\n",
                   unlocked, freed);
    win_ = MPI_WIN_NULL;
  }
  MPI_Win win_ = MPI_WIN_NULL;
};

/// One array for the ranks of a node: the tableau, then two pairs of output columns used in turn (a
/// rank may write the next solve's outputs while another still reads the last one's).
class NodeSharedTableau final : public TableauStorage {
public:
  explicit NodeSharedTableau(MPI_Comm comm) : TableauStorage(comm) {}

  void allocate(std::size_t rows, std::size_t cols, const std::vector<int> &row_begins) override {
    setRows(rows, cols, row_begins);
    base_ = window_.allocate(comm_, rows_ * cols_ + 4 * rows_);
    local_ = base_ + row_begin_;
    ld_ = rows_;
    turn_ = 0;
  }
  const double *column(std::size_t j) const override { return base_ + j * rows_; }
  void fence() override { window_.barrier(comm_); }
  double *outputRows(int c) override { return outputs(turn_, c) + row_begin_; }
  std::array<const double *, 2> output(int, int) override {
    window_.barrier(comm_);
    const std::array<const double *, 2> out{outputs(turn_, 0), outputs(turn_, 1)};
    turn_ ^= 1;
    return out;
  }
  // The turn stays: the next solve writes this rank's rows of the same outputs again, which no other rank
  // reads (the others may still read the last gathered outputs, of the other turn).
  const double *ownOutput(int c) const override { return outputs(turn_, c); }
  // Column by column: a node's two dofs share a cache line, and each column's page is visited once.
  void rows(const std::vector<std::size_t> &dofs, std::vector<double> &packed) override {
    const std::size_t n = dofs.size();
    packed.resize(n * cols_);
    for (std::size_t j = 0; j < cols_; ++j)
      for (std::size_t s = 0; s < n; ++s)
        packed[s * cols_ + j] = base_[j * rows_ + dofs[s]];
  }
  std::size_t bytes() const override { return sizeof(double) * (local_rows_ * cols_ + 4 * local_rows_); }
  const char *name() const override { return "shared on the node"; }
  void release() override {
    window_.release();
    base_ = local_ = nullptr;
  }

private:
  double *outputs(int turn, int c) const {
    return base_ + rows_ * cols_ + static_cast<std::size_t>(2 * turn + c) * rows_;
  }
  SharedWindow window_;
  double *base_ = nullptr;
  int turn_ = 0;
};

} // namespace

bool TableauStorage::onOneNode(MPI_Comm comm) {
  int size = 0, node_size = 0;
  TRIBO_MPI_CALL(MPI_Comm_size(comm, &size));
  MPI_Comm node = MPI_COMM_NULL;
  TRIBO_MPI_CALL(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
  const int size_rc = MPI_Comm_size(node, &node_size);
  const int free_rc = MPI_Comm_free(&node); // freed before either result can throw
  TRIBO_MPI_CALL(size_rc);
  TRIBO_MPI_CALL(free_rc);
  // Every rank's group has the whole communicator, or none has: the same answer everywhere.
  return node_size == size;
}

std::unique_ptr<TableauStorage> TableauStorage::make(MPI_Comm comm, TableauPlacement placement,
                                                     std::size_t rows, std::size_t cols) {
  int size = 1, rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_size(comm, &size));
  TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
  if (placement != TableauPlacement::automatic || size == 1 || !onOneNode(comm))
    return std::make_unique<RowBlockTableau>(comm);
  // A window larger than the shared-memory file system is mapped but dies of SIGBUS when its pages are
  // first written (a container's /dev/shm is 64 MB by default): where it does not fit, private rows.
  int fits = 0;
  if (rank == 0) {
    struct statvfs fs {};
    const double need = sizeof(double) * (static_cast<double>(rows) * static_cast<double>(cols) + 4.0 * rows);
    fits = statvfs("/dev/shm", &fs) == 0 &&
           static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize) >= 1.05 * need + (64 << 20);
  }
  TRIBO_MPI_CALL(MPI_Bcast(&fits, 1, MPI_INT, 0, comm));
  if (!fits) return std::make_unique<RowBlockTableau>(comm);
  return std::make_unique<NodeSharedTableau>(comm);
}

} // namespace tribo
