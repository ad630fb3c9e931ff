// The root attributes that say how a result file was made: build, libraries, hosts, batch job, run
// summary (docs/output.md, "Root attributes").
#pragma once

#include "tribo/io/case_record.hpp"

#include <map>
#include <mpi.h>
#include <string>

namespace tribo {

/// The layout of the result file (docs/output.md); raised whenever a reader must tell files apart.
inline constexpr long long schema_version = 2;

/// What the run knows only at its start: collected before the first case.
struct RunOrigin {
  std::string start_time_utc;
  std::string host_names; // the distinct hosts of the ranks, sorted, comma-separated
  int n_ranks = 1;
};

/// Collective over `world`: the start time and every rank's host name (MPI_Get_processor_name).
RunOrigin recordRunOrigin(MPI_Comm world);

/// The run's summary as the writer knows it at the end.
struct RunTotals {
  int ranks_per_case = 1;
  std::string command_line;
  std::string study;
  std::string input_defaults; // ConfigNode::defaultsText()
  int cases_total = 0;
  int cases_failed = 0;
  int cases_without_steady_state = 0;
  double wall_seconds = 0;
  double farming_efficiency = 0;
};

/// Every root attribute but `input_yaml` (written when the file is created).
std::map<std::string, AttributeValue> provenanceAttributes(const RunOrigin &origin, const RunTotals &totals);

/// ISO 8601 in UTC, to the second.
std::string utcNow();

} // namespace tribo
