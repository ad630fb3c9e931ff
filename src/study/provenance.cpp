// The root attributes of a result file: the build, the libraries, the hosts and the batch job.
#include "tribo/study/provenance.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/version.hpp"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <hdf5.h>
#include <link.h>
#include <petscsys.h>
#include <set>
#include <vector>

namespace tribo {

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
}

RunOrigin recordRunOrigin(MPI_Comm world) {
  RunOrigin origin;
  origin.start_time_utc = utcNow();
  int rank = 0;
  TRIBO_MPI_CALL(MPI_Comm_rank(world, &rank));
  TRIBO_MPI_CALL(MPI_Comm_size(world, &origin.n_ranks));
  std::vector<char> mine(MPI_MAX_PROCESSOR_NAME, '\0');
  int len = 0;
  TRIBO_MPI_CALL(MPI_Get_processor_name(mine.data(), &len));
  std::vector<char> all(rank == 0 ? mine.size() * origin.n_ranks : 0);
  TRIBO_MPI_CALL(MPI_Gather(mine.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME,
                            MPI_CHAR, 0, world));
  std::set<std::string> hosts;
  for (int r = 0; rank == 0 && r < origin.n_ranks; ++r)
    hosts.insert(std::string(all.data() + r * MPI_MAX_PROCESSOR_NAME)); // NUL-terminated by the '\0' fill
  origin.host_names = fmt::format("{}", fmt::join(hosts, ","));
  return origin;
}

namespace {

std::string mpiVersion() {
  char buf[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  TRIBO_MPI_CALL(MPI_Get_library_version(buf, &len));
  std::string mpi(buf, len);
  while (!mpi.empty() && (mpi.back() == '\n' || mpi.back() == '\0'))
    mpi.pop_back();
  return mpi;
}

std::string petscVersion() {
  char buf[256];
  TRIBO_PETSC_CALL(PetscGetVersion(buf, sizeof buf));
  return buf;
}

std::string hdf5Version() {
  unsigned maj = 0, min = 0, rel = 0;
  H5get_libversion(&maj, &min, &rel);
  return fmt::format("{}.{}.{}", maj, min, rel);
}

/// The BLAS and LAPACK objects loaded in this process, by real path: on Debian libblas.so.3 is an
/// alternative (reference, OpenBLAS, BLIS...) chosen at run time, not at build time.
std::string loadedBlasLapack() {
  std::set<std::string> found;
  dl_iterate_phdr(
      [](dl_phdr_info *info, std::size_t, void *data) {
        const std::string name = info->dlpi_name ? info->dlpi_name : "";
        const std::string file = std::filesystem::path(name).filename().string();
        if (file.find("blas") != std::string::npos || file.find("lapack") != std::string::npos) {
          std::error_code ec;
          const auto real = std::filesystem::canonical(name, ec);
          static_cast<std::set<std::string> *>(data)->insert(ec ? name : real.string());
        }
        return 0;
      },
      &found);
  return fmt::format("{}", fmt::join(found, ","));
}

/// The batch job, when there is one: Slurm's job id and array task id (only those set).
void addSlurm(std::map<std::string, AttributeValue> &attributes) {
  for (const auto &[variable, attribute] :
       {std::pair<const char *, const char *>{"SLURM_JOB_ID", "slurm_job_id"},
        {"SLURM_ARRAY_TASK_ID", "slurm_array_task_id"}})
    if (const char *value = std::getenv(variable)) attributes[attribute] = std::string(value);
}

} // namespace

std::map<std::string, AttributeValue> provenanceAttributes(const RunOrigin &origin, const RunTotals &totals) {
  std::map<std::string, AttributeValue> attributes{
      {"schema_version", schema_version},
      {"tribo_version", std::string(version)},
      {"git_commit", std::string(git_commit)},
      {"git_dirty", static_cast<long long>(git_dirty)},
      {"petsc_version", petscVersion()},
      {"petsc_blas_lapack", std::string(petsc_blaslapack)},
      {"blas_lapack_loaded", loadedBlasLapack()},
      {"hdf5_version", hdf5Version()},
      {"mpi_version", mpiVersion()},
      {"host_names", origin.host_names},
      {"n_ranks", static_cast<long long>(origin.n_ranks)},
      {"ranks_per_case", static_cast<long long>(totals.ranks_per_case)},
      {"command_line", totals.command_line},
      {"start_time_utc", origin.start_time_utc},
      {"end_time_utc", utcNow()},
      {"study", totals.study},
      {"input_defaults", totals.input_defaults},
      {"cases_total", static_cast<long long>(totals.cases_total)},
      {"cases_failed", static_cast<long long>(totals.cases_failed)},
      {"cases_without_steady_state", static_cast<long long>(totals.cases_without_steady_state)},
      {"wall_seconds", totals.wall_seconds},
      {"farming_efficiency", totals.farming_efficiency},
  };
  addSlurm(attributes);
  return attributes;
}

} // namespace tribo
