#!/usr/bin/env bash
# Benchmarks of the contact iterations (issue 9): the condensed path against the reference KSP path in
# the same run, and the condensed path's cost per event over n_x. Not part of ctest (timings).
#   scripts/bench/contact.sh BUILD_DIR [quick]
# BUILD_DIR must be configured with -DTRIBO_BUILD_BENCH=ON (target bench_contact). Output: one block per
# case from bench/bench_contact.cpp (wall and CPU time, events/s, state changes/s, breakdown, agreement).
set -euo pipefail
build=${1:?usage: contact.sh BUILD_DIR [quick]}
mode=${2:-full}
bench="$build/bench/bench_contact"
ref_cap=${REF_CAP_SECONDS:-300} # the reference path is stopped after this many seconds of events
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit: $(git -C "$(dirname "$0")/../.." rev-parse --short HEAD)"

echo "## Fig. 6: n_x = 129, 2000 events, both paths, one core"
for mu in 0.25 0.5; do
  "$bench" -levels 7 -mu_i "$mu" -events 2000 -paths condensed,reference
done

echo "## 2000 events at n_x = 1025 and 8193, both paths (reference capped at ${ref_cap} s of events)"
for levels in 10 13; do
  [[ $mode == quick && $levels == 13 ]] && continue
  "$bench" -levels "$levels" -mu_i 0.5 -events 2000 -paths condensed,reference -max_seconds "$ref_cap"
done

echo "## Cost per event of the condensed path over n_x (mu_i = 0.5, 2000 events)"
top=14
[[ $mode == quick ]] && top=11
for levels in $(seq 7 "$top"); do
  "$bench" -levels "$levels" -mu_i 0.5 -events 2000 -paths condensed
done
