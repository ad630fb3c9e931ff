#!/usr/bin/env bash
# Benchmarks of the contact iterations (issue 9): the condensed path against the reference KSP path in
# the same run, the condensed path's cost per event over n_x, and a -log_view breakdown of a large case.
# Not part of ctest (timings).
#   scripts/bench/contact.sh BUILD_DIR [quick]
# BUILD_DIR must be configured with -DTRIBO_BUILD_BENCH=ON (preset `bench`, target bench_contact).
# Environment: REF_CAP_SECONDS (default 300) stops the reference path after that many seconds of events;
# TOP_LEVELS (default 13) is the finest grid of the cost scan (14: n_x = 16385, 12 GB and about 13 min).
# Output: one block per case from bench/bench_contact.cpp (wall and CPU time, events/s, state changes/s,
# the condensed path's breakdown, the agreement of the two paths); docs/performance.md has the tables.
set -euo pipefail
build=${1:?usage: contact.sh BUILD_DIR [quick]}
mode=${2:-full}
bench="$build/bench/bench_contact"
ref_cap=${REF_CAP_SECONDS:-300}
top=${TOP_LEVELS:-13}
[[ $mode == quick ]] && top=10
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit: $(git -C "$(dirname "$0")/../.." rev-parse --short HEAD); BLAS: $(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3)"

echo "## Fig. 6: n_x = 129, 2000 events, both paths, one core"
for mu in 0.25 0.5; do
  "$bench" -levels 7 -mu_i "$mu" -events 2000 -paths condensed,reference
done

echo "## 2000 events at n_x = 1025 and 8193, both paths (reference capped at ${ref_cap} s of events)"
for levels in 10 13; do
  [[ $mode == quick && $levels == 13 ]] && continue
  "$bench" -levels "$levels" -mu_i 0.5 -events 2000 -paths condensed,reference -max_seconds "$ref_cap"
done

echo "## Cost per event of the condensed path over n_x (mu_i = 0.5, 2000 events; 1025 and 8193 above)"
for levels in $(seq 7 "$top"); do
  [[ $levels == 10 || $levels == 13 ]] && continue
  "$bench" -levels "$levels" -mu_i 0.5 -events 2000 -paths condensed
done

echo "## Where the time goes: n_x = 4097, normal contact and 2000 events on the condensed path, PETSc -log_view stages"
"$bench" -levels $((top < 12 ? top : 12)) -mu_i 0.5 -events 2000 -paths condensed -log_view |
  grep -E "^path|^  normal|^  condensed|^  travel|Summary of Stages|^ +[0-9]+: +[A-Z]" || true
