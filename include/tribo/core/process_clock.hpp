// What this process has used: CPU time and peak resident memory (getrusage), for the timers of the
// condensation and the benchmarks (on a shared machine CPU time is less disturbed than wall time).
#pragma once

namespace tribo {

/// CPU time of this process, user + system [s].
double processCpuSeconds();
/// Peak resident memory of this process [MiB].
double peakResidentMegabytes();

} // namespace tribo
