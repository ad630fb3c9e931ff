#!/usr/bin/env bash
# One large case on 1 and on 2 ranks, run alternately (issue 20, goal 6): the condensation, the normal
# contact (condensation included) and the events, and the ratios 1 rank / 2 ranks per pair of runs, with
# the tableau's rows shared on the node (the default) and, as a baseline, in a private block per rank
# (`-tableau row_blocks`, as across nodes); then the case once on 4 ranks (--oversubscribe: a check that
# the events are the same, not of speed).
# Not part of ctest (timings).
#   scripts/bench/ranks.sh BUILD_DIR [LEVELS] [EVENTS]
# BUILD_DIR configured with -DTRIBO_BUILD_BENCH=ON (preset `bench`). LEVELS defaults to 13 (n_x = 8193),
# EVENTS to 2000. Environment: REPS (default 2) pairs of runs; FOUR=0 skips the 4-rank run.
# Times in seconds; CPU times are the largest over the ranks (on a loaded machine closer to the work than
# wall times; MPI waits count as CPU). Each run prints the fingerprints of its events (type, node, state changes) and of F, bit for bit:
# equal fingerprints on 1, 2 and 4 ranks mean the same events and the same F to the last bit.
set -euo pipefail
build=${1:?usage: ranks.sh BUILD_DIR [LEVELS] [EVENTS]}
levels=${2:-13}
events=${3:-2000}
reps=${REPS:-2}
bench="$build/bench/bench_contact"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit: $(git -C "$(dirname "$0")/../.." rev-parse --short HEAD)"
echo "# bench_contact -levels $levels -mu_i 0.5 -events $events -paths condensed, 1 rank vs mpiexec -n 2"

# One run, on one line: wall times of the condensation, the normal contact (condensation included) and the
# events, then their CPU times (the largest over the ranks), then the fingerprints.
run() {
  local ranks=$1 tableau=${2:-automatic} out
  local over=""
  ((ranks > $(nproc))) && over=--oversubscribe
  out=$(mpiexec $over -n "$ranks" "$bench" -levels "$levels" -mu_i 0.5 -events "$events" -paths condensed \
    -tableau "$tableau")
  grep -E "^  normal contact|^  condensed:" <<<"$out" | sed "s/^/#   $ranks rank(s): /" >&2
  echo "$(sed -n 's/.*condensation \([0-9.]*\) s, pivots.*/\1/p' <<<"$out")" \
    "$(sed -n 's/.*normal \([0-9.]*\) s, .*/\1/p' <<<"$out")" \
    "$(sed -n 's/.* events in \([0-9.]*\) s = .*/\1/p' <<<"$out")" \
    "$(sed -n 's/.*CPU (largest over the ranks): normal contact \([0-9.]*\) s, condensation \([0-9.]*\) s/\2 \1/p' <<<"$out")" \
    "$(sed -n 's/.*changes\/s, [0-9]* solves .*; CPU \([0-9.]*\) s = .*/\1/p' <<<"$out")" \
    "$(sed -n 's/.*fingerprints: events \([0-9a-f]*\), F \([0-9a-f]*\),.*/\1 \2/p' <<<"$out")"
}
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
# What the box gives two processes now: a CPU-bound loop alone, then two at once; 2 x (time alone) / (time
# of the slower of the two) is 2.00 on two free cores and lower when other work takes a share. The ceiling
# of every 1/2 ratio measured next to it (a shared box changes from minute to minute).
capacity() {
  local loop='import time
w = time.perf_counter(); s = 0
for i in range(20_000_000): s += i
print(time.perf_counter() - w)'
  local one two a b
  one=$(/usr/bin/python3 -c "$loop")
  a=$(mktemp) b=$(mktemp)
  /usr/bin/python3 -c "$loop" >"$a" &
  /usr/bin/python3 -c "$loop" >"$b"
  wait
  two=$(sort -g "$a" "$b" | tail -1)
  rm -f "$a" "$b"
  echo "# the box: two processes at once did $(ratio "$(echo "2 * $one" | bc)" "$two")x the work of one (2.00: two free cores)"
}
# The same for memory: the triad (bench/bench_triad.cpp) alone, then two at once, per working set: the
# bandwidth two processes share, (GB/s of one + GB/s of the other) / (GB/s alone). The ceiling of the 1/2
# ratio of a phase bound by memory traffic (the pivots' GEMM, the slips' passes), as the CPU loop above is
# of a phase bound by arithmetic.
bandwidth() {
  local triad="$build/bench/bench_triad" one a b
  one=$("$triad" -reps 10 -max_mb 48)
  a=$(mktemp) b=$(mktemp)
  "$triad" -reps 10 -max_mb 48 >"$a" &
  "$triad" -reps 10 -max_mb 48 >"$b"
  wait
  paste <(grep '^triad' <<<"$one") <(grep '^triad' "$a") <(grep '^triad' "$b") |
    awk '{ printf "# the box: triad at %6.0f KB per process: one %6.1f GB/s, two at once %6.1f GB/s together = %.2fx\n", $3, $5, $12 + $19, ($12 + $19) / $5 }'
  rm -f "$a" "$b"
}
same() { [[ "$1 $2" == "$3 $4" ]] && echo "same to the last bit" || { [[ $1 == "$3" ]] && echo "same events, F differs" || echo "EVENTS DIFFER"; }; }

fmt="%-4s %-5s %10s %10s %10s | %10s %10s %10s | %s\n"
printf "$fmt" pair ranks "condense" normal events "CPU cond." "CPU normal" "CPU events" "fingerprints (events, F)"
for ((i = 1; i <= reps; ++i)); do
  capacity
  ((i == 1)) && bandwidth
  read -r c1 n1 e1 cc1 cn1 ce1 f1 g1 < <(run 1)
  printf "$fmt" "$i" 1 "$c1" "$n1" "$e1" "$cc1" "$cn1" "$ce1" "$f1 $g1"
  read -r c2 n2 e2 cc2 cn2 ce2 f2 g2 < <(run 2)
  printf "$fmt" "$i" 2 "$c2" "$n2" "$e2" "$cc2" "$cn2" "$ce2" "$f2 $g2"
  read -r c3 n3 e3 cc3 cn3 ce3 f3 g3 < <(run 2 row_blocks)
  printf "$fmt" "$i" "2rb" "$c3" "$n3" "$e3" "$cc3" "$cn3" "$ce3" "$f3 $g3"
  printf "$fmt" "$i" "1/2" "$(ratio "$c1" "$c2")x" "$(ratio "$n1" "$n2")x" "$(ratio "$e1" "$e2")x" \
    "$(ratio "$cc1" "$cc2")x" "$(ratio "$cn1" "$cn2")x" "$(ratio "$ce1" "$ce2")x" "$(same "$f1" "$g1" "$f2" "$g2")"
  printf "$fmt" "$i" "1/2rb" "$(ratio "$c1" "$c3")x" "$(ratio "$n1" "$n3")x" "$(ratio "$e1" "$e3")x" \
    "$(ratio "$cc1" "$cc3")x" "$(ratio "$cn1" "$cn3")x" "$(ratio "$ce1" "$ce3")x" "$(same "$f1" "$g1" "$f3" "$g3")"
done
if [[ ${FOUR:-1} != 0 ]]; then
  read -r c4 n4 e4 cc4 cn4 ce4 f4 g4 < <(run 4)
  printf "$fmt" - 4 "$c4" "$n4" "$e4" "$cc4" "$cn4" "$ce4" "$f4 $g4 ($(same "$f4" "$g4" "$f1" "$g1") as on 1 rank)"
fi
