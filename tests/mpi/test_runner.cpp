// The study runner on 1 and 2 ranks: every case written once, failures recorded, resume skips.
#include "../scratch.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/runner.hpp"

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using namespace tribo;

namespace {

/// A case whose answer is known: the partial sum of 1/k^2 up to n, computed across the group's ranks.
CasePlan basselCase(int n, bool fails = false) {
  CasePlan p;
  p.id = "bassel-n" + std::to_string(n);
  p.parameters = {{"n", static_cast<long long>(n)}};
  p.cost = n;
  p.run = [n, fails](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &) {
    if (fails) throw SolverError("case " + std::to_string(n) + " diverged on purpose");
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    double local = 0;
    for (int k = 1 + rank; k <= n; k += size)
      local += 1.0 / (double(k) * k);
    double sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
    record.dataset("sum", {sum});
    record.attribute("", "id_seen_by_case", record.caseId()); // set by the runner before run
    record.attribute("", "group_size", static_cast<long long>(size));
  };
  return p;
}

double exactPartialSum(int n) {
  double s = 0;
  for (int k = 1; k <= n; ++k)
    s += 1.0 / (double(k) * k);
  return s;
}

std::string sharedScratch(const std::string &name) {
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  return tribo::test::scratchPath("tribo-mpi", name + "-np" + std::to_string(size) + ".h5");
}

bool isRoot() {
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  return rank == 0;
}

} // namespace

TEST(Runner, FarmsEveryCaseOnceAndRecordsFailures) {
  const auto path = sharedScratch("farm");
  auto config = ConfigNode::fromString("study: test\n");
  std::vector<CasePlan> cases;
  for (int n : {10, 200, 3000, 40, 5})
    cases.push_back(basselCase(n));
  cases.push_back(basselCase(77, true));
  RunOptions options;
  options.output = path;
  options.quiet = true;
  options.ranks_per_case = 1;
  const RunSummary s = runStudy(PETSC_COMM_WORLD, config, cases, options);
  EXPECT_EQ(s.cases_total, 6);
  EXPECT_EQ(s.cases_run, 6);
  EXPECT_EQ(s.cases_failed, 1);
  EXPECT_GT(s.farming_efficiency, 0.0);
  EXPECT_LE(s.farming_efficiency, 1.0 + 1e-12);
  if (isRoot()) {
    ResultReader r(path);
    for (int n : {10, 200, 3000, 40, 5}) {
      const std::string g = "/cases/bassel-n" + std::to_string(n);
      EXPECT_NEAR(r.dataset(g + "/sum").at(0), exactPartialSum(n), 1e-14);
      EXPECT_EQ(std::get<long long>(r.attribute(g, "n")), n);
    }
    EXPECT_EQ(std::get<std::string>(r.attribute("/cases/bassel-n77", "status")), "failed");
    EXPECT_NE(std::get<std::string>(r.attribute("/cases/bassel-n77", "error")).find("on purpose"),
              std::string::npos);
    for (const char *key :
         {"tribo_version", "git_commit", "petsc_version", "hdf5_version", "mpi_version", "start_time_utc",
          "end_time_utc", "input_yaml", "git_dirty", "petsc_blas_lapack", "blas_lapack_loaded", "host_names"})
      EXPECT_TRUE(r.hasAttribute("/", key)) << key;
    EXPECT_EQ(std::get<long long>(r.attribute("/", "schema_version")), 2);
    const long long dirty = std::get<long long>(r.attribute("/", "git_dirty"));
    EXPECT_TRUE(dirty == 0 || dirty == 1 || dirty == -1) << dirty;
    EXPECT_FALSE(std::get<std::string>(r.attribute("/", "host_names")).empty());
    // This build links PETSc's BLAS/LAPACK: the loaded objects are found by name.
    EXPECT_NE(std::get<std::string>(r.attribute("/", "blas_lapack_loaded")).find("blas"), std::string::npos);
    EXPECT_EQ(r.hasAttribute("/", "slurm_job_id"), std::getenv("SLURM_JOB_ID") != nullptr);
    EXPECT_EQ(std::get<std::string>(r.attribute("/cases/bassel-n200", "id_seen_by_case")), "bassel-n200");
  }
}

TEST(Runner, AllRanksOnOneCaseGiveTheSameAnswer) {
  const auto path = sharedScratch("group");
  auto config = ConfigNode::fromString("study: test\n");
  RunOptions options;
  options.output = path;
  options.quiet = true; // one case: every rank joins it
  const RunSummary s = runStudy(PETSC_COMM_WORLD, config, {basselCase(5000)}, options);
  EXPECT_EQ(s.cases_failed, 0);
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  if (isRoot()) {
    ResultReader r(path);
    EXPECT_NEAR(r.dataset("/cases/bassel-n5000/sum").at(0), exactPartialSum(5000), 1e-13);
    EXPECT_EQ(std::get<long long>(r.attribute("/cases/bassel-n5000", "group_size")), size);
  }
}

TEST(Runner, ResumeSkipsCompleteCases) {
  const auto path = sharedScratch("resume");
  auto config = ConfigNode::fromString("study: test\n");
  RunOptions options;
  options.output = path;
  options.quiet = true;
  options.ranks_per_case = 1;
  runStudy(PETSC_COMM_WORLD, config, {basselCase(1), basselCase(2, true)}, options);
  options.resume = true;
  const RunSummary s = runStudy(PETSC_COMM_WORLD, config, {basselCase(1), basselCase(2)}, options);
  EXPECT_EQ(s.cases_skipped, 1);
  EXPECT_EQ(s.cases_run, 1);
  EXPECT_EQ(s.cases_failed, 0);
  auto other = ConfigNode::fromString("study: other\n");
  EXPECT_THROW(runStudy(PETSC_COMM_WORLD, other, {basselCase(1)}, options), IoError);
  // The refusal leaves the finished file where it was (it used to be renamed to .partial first).
  if (isRoot()) {
    EXPECT_TRUE(fs::exists(path));
    EXPECT_FALSE(fs::exists(ResultFile::partialPath(path)));
  }
}

TEST(Runner, ASignalOnOneRankStopsTheWholeFarm) {
  const auto path = sharedScratch("stop");
  auto config = ConfigNode::fromString("study: test\n");
  std::vector<CasePlan> cases;
  for (int n = 1; n <= 12; ++n)
    cases.push_back(basselCase(5000000 + n)); // ~10 ms each
  // The costliest case is handed out first; the rank that runs it signals itself, as if Slurm's
  // SIGTERM had reached that rank alone.
  cases.push_back(basselCase(10000000));
  const auto compute = cases.back().run;
  cases.back().run = [compute](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &checkpoint) {
    std::raise(SIGTERM);
    compute(comm, record, checkpoint);
  };
  RunOptions options;
  options.output = path;
  options.quiet = true;
  options.ranks_per_case = 1;
  const RunSummary s = runStudy(PETSC_COMM_WORLD, config, cases, options);
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  EXPECT_TRUE(s.interrupted);
  // The signalling rank stops after its case; every other rank after at most the case it had
  // started plus the few it took while that case ran (each takes as long as the signalling one).
  EXPECT_GE(s.cases_run, 1);
  EXPECT_LT(s.cases_run, 13);
  if (size == 1) {
    EXPECT_EQ(s.cases_run, 1);
  }
  if (isRoot()) {
    EXPECT_FALSE(fs::exists(path));
    ASSERT_TRUE(fs::exists(ResultFile::partialPath(path)));
    ResultReader r(ResultFile::partialPath(path));
    EXPECT_EQ(std::get<std::string>(r.attribute("/cases/bassel-n10000000", "status")), "complete");
  }
}

TEST(Runner, ChoosesRanksPerCase) {
  EXPECT_EQ(chooseRanksPerCase(2, 1), 2);
  EXPECT_EQ(chooseRanksPerCase(2, 10), 1);
  EXPECT_EQ(chooseRanksPerCase(8, 3), 2);
  EXPECT_EQ(chooseRanksPerCase(6, 4), 1);
  EXPECT_EQ(chooseRanksPerCase(1, 0), 1);
}
