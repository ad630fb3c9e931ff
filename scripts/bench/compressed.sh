#!/usr/bin/env bash
# The compressed contact path (issue 20, goals 2 and 3; docs/model.md §16.3) against the condensed path
# in the same process: normal contact plus 2000 events at each n_x, the compressed path first (so that the
# peak memory it reports is its own), then the condensed path where its dense operators fit, and the
# agreement of the two event sequences. Not part of ctest (timings).
#   scripts/bench/compressed.sh BUILD_DIR [LEVELS...]     (default levels: 10 12 13 14)
# BUILD_DIR must be configured with -DTRIBO_BUILD_BENCH=ON (preset `bench`, target bench_contact).
# Environment: EVENTS (default 2000); CONDENSED_UP_TO (default 14: n_x = 16385 takes 12 GB on that path);
# NORMAL_START (default half_hertz; coarser_grids: contact.normal_start, docs/model.md §11).
# Level 14 takes about 13 min on each path, one core.
set -euo pipefail
build=${1:?usage: compressed.sh BUILD_DIR [LEVELS...]}
shift
levels=("$@")
[[ ${#levels[@]} -eq 0 ]] && levels=(10 12 13 14)
bench="$build/bench/bench_contact"
events=${EVENTS:-2000}
condensed_up_to=${CONDENSED_UP_TO:-14}
normal_start=${NORMAL_START:-half_hertz}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OPENBLAS_NUM_THREADS=1
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit: $(git -C "$(dirname "$0")/../.." rev-parse --short HEAD)"
for l in "${levels[@]}"; do
  paths=compressed
  ((l <= condensed_up_to)) && paths=compressed,condensed
  echo "## n_x = $((2 ** l + 1)): normal contact (from $normal_start) and $events events, paths $paths"
  "$bench" -levels "$l" -mu_i 0.5 -events "$events" -paths "$paths" -max_state_changes 100000000 \
    -normal_start "$normal_start" |
    grep -vE "^  [0-9]+ events"
done
