// What one of a slip's small exchanges costs on the ranks of one node (issue 20, goal 6;
// docs/performance.md, "The exchanges of a slip"): microseconds per exchange of 16 doubles per rank (the
// agreement's record) by MPI_Allgatherv, against the least a node allows: flags and parts in an MPI-3
// shared-memory window (each rank copies its part, raises its flag with a release store, and reads a
// part once its flag is up; two buffers in turn). Each alone, and with a fixed amount of work between
// two exchanges, the work's own time taken off (what is left is the exchange plus the ranks' jitter).
// The flags are a yardstick here, not tribo's code: the slips exchange by MPI.
//   mpiexec -n 2 bench_exchange [-exchanges N] [-work_us W] [-reps R]
#include "tribo/core/error.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <petscsys.h>
#include <vector>

namespace {

// About `us` microseconds of work the compiler keeps (a dependent chain of multiply-adds, ~4 ns each).
double work(double us, double seed) {
  double x = seed;
  for (long i = 0, n = static_cast<long>(us * 250); i < n; ++i)
    x = x * 0.999999 + 1e-9;
  return x;
}

// The flags' exchange in a shared window: one flag per rank on its own cache line, then two buffers.
class FlagExchange {
public:
  FlagExchange(MPI_Comm comm, std::size_t capacity) : capacity_(capacity) {
    TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank_));
    TRIBO_MPI_CALL(MPI_Comm_size(comm, &ranks_));
    const std::size_t flag_bytes = line * static_cast<std::size_t>(ranks_);
    const auto bytes = static_cast<MPI_Aint>(rank_ == 0 ? flag_bytes + 2 * capacity * sizeof(double) : 0);
    void *mine = nullptr, *base = nullptr;
    TRIBO_MPI_CALL(MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, comm, &mine, &win_));
    MPI_Aint size = 0;
    int unit = 0;
    TRIBO_MPI_CALL(MPI_Win_shared_query(win_, 0, &size, &unit, &base));
    flags_ = static_cast<std::uint64_t *>(base);
    buffers_ = reinterpret_cast<double *>(static_cast<char *>(base) + flag_bytes);
    if (rank_ == 0) std::memset(base, 0, flag_bytes);
    TRIBO_MPI_CALL(MPI_Barrier(comm));
  }
  FlagExchange(const FlagExchange &) = delete;
  FlagExchange &operator=(const FlagExchange &) = delete;
  ~FlagExchange() { (void)MPI_Win_free(&win_); } // a destructor must not throw
  void allgatherv(double *values, const int *counts, const int *displs) {
    double *buffer = buffers_ + (++exchange_ % 2) * capacity_;
    std::copy_n(values + displs[rank_], counts[rank_], buffer + displs[rank_]);
    __atomic_store_n(flag(rank_), exchange_, __ATOMIC_RELEASE);
    for (int r = 0; r < ranks_; ++r) {
      if (r == rank_) continue;
      while (__atomic_load_n(flag(r), __ATOMIC_ACQUIRE) < exchange_)
        __builtin_ia32_pause();
      std::copy_n(buffer + displs[r], counts[r], values + displs[r]);
    }
  }

private:
  static constexpr std::size_t line = 64;
  std::uint64_t *flag(int r) const {
    return flags_ + static_cast<std::size_t>(r) * (line / sizeof(std::uint64_t));
  }
  int rank_ = 0, ranks_ = 1;
  std::size_t capacity_;
  MPI_Win win_ = MPI_WIN_NULL;
  std::uint64_t *flags_ = nullptr, exchange_ = 0;
  double *buffers_ = nullptr;
};

} // namespace

int main(int argc, char **argv) {
  PetscCall(PetscInitialize(&argc, &argv, nullptr, nullptr));
  {
    PetscInt exchanges = 200000, reps = 3;
    PetscReal work_us = 10;
    PetscCall(PetscOptionsGetInt(nullptr, nullptr, "-exchanges", &exchanges, nullptr));
    PetscCall(PetscOptionsGetInt(nullptr, nullptr, "-reps", &reps, nullptr));
    PetscCall(PetscOptionsGetReal(nullptr, nullptr, "-work_us", &work_us, nullptr));
    MPI_Comm comm = PETSC_COMM_WORLD;
    int rank = 0, ranks = 1;
    TRIBO_MPI_CALL(MPI_Comm_rank(comm, &rank));
    TRIBO_MPI_CALL(MPI_Comm_size(comm, &ranks));
    const int fields = 16;
    std::vector<int> counts(static_cast<std::size_t>(ranks), fields), displs(counts.size());
    for (int r = 0; r < ranks; ++r)
      displs[static_cast<std::size_t>(r)] = fields * r;
    std::vector<double> values(counts.size() * fields, 1.0);
    FlagExchange flags(comm, values.size());
    const std::function<void()> by_mpi = [&] {
      TRIBO_MPI_CALL(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, values.data(), counts.data(),
                                    displs.data(), MPI_DOUBLE, comm));
    };
    const std::function<void()> by_flags = [&] {
      flags.allgatherv(values.data(), counts.data(), displs.data());
    };
    PetscPrintf(comm, "# %d ranks, %lld exchanges of %d doubles per rank; work between two: 0 or %.1f us\n",
                ranks, static_cast<long long>(exchanges), fields, static_cast<double>(work_us));
    PetscPrintf(comm, "%-4s %-28s %14s %16s\n", "rep", "exchange", "alone [us]", "with work [us]");
    double sink = 0;
    for (PetscInt rep = 1; rep <= reps; ++rep)
      for (const auto &[name, exchange] :
           {std::pair{"MPI_Allgatherv", &by_mpi}, std::pair{"flags in a shared window", &by_flags}}) {
        double us[2] = {};
        for (int with_work = 0; with_work < 2; ++with_work) {
          TRIBO_MPI_CALL(MPI_Barrier(comm));
          const double t0 = MPI_Wtime();
          for (PetscInt i = 0; i < exchanges; ++i) {
            if (with_work) values[static_cast<std::size_t>(fields * rank)] = work(work_us, sink + 1);
            (*exchange)();
            sink += values[0];
          }
          double seconds = MPI_Wtime() - t0;
          if (with_work) { // the work alone, on this rank, taken off
            const double w0 = MPI_Wtime();
            for (PetscInt i = 0; i < exchanges; ++i)
              sink += work(work_us, sink + 1) * 1e-300;
            seconds -= MPI_Wtime() - w0;
          }
          TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, comm));
          us[with_work] = 1e6 * seconds / static_cast<double>(exchanges);
        }
        PetscPrintf(comm, "%-4lld %-28s %14.3f %16.3f\n", static_cast<long long>(rep), name, us[0], us[1]);
      }
    if (sink == 42) std::printf("\n"); // keeps the work
  }
  PetscCall(PetscFinalize());
  return 0;
}
