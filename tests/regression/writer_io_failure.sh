#!/usr/bin/env bash
# A writer I/O failure on 2 ranks ends the study on every rank with exit 3 within seconds, never a
# hang: the write fails on rank 0 (a file-size limit, `ulimit -f`, with SIGXFSZ ignored, so write(2)
# returns EFBIG "File too large"; works without privileges, unlike disk_full.sh's tmpfs), the hand-out
# stops, the other rank finishes its case in flight and every rank reaches the final agreement.
# One group per rank and one group of both ranks. A hang is caught by `timeout` (exit 124); the failed
# run must also end sooner than the complete run of the same input (a ratio in this script, not a
# time budget).
# Usage: writer_io_failure.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
# Cases of 48-96 kB (every 1000th step): the first fits under the 200 kB limit, the rest do not.
args=(run "$src/input/sweep_smoke.yaml" --set dynamics.output_stride=1000 --set dynamics.fit=none)
t0=$(date +%s.%N)
run reference mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o reference.h5 -q
t_full=$(echo "$(date +%s.%N) - $t0" | bc)

for per in 1 2; do
  name="np=2, ranks-per-case $per"
  t0=$(date +%s.%N)
  ( trap '' XFSZ; ulimit -f 200
    exec timeout 120 mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" --ranks-per-case "$per" -o "limited-$per.h5" ) \
    > "limited-$per.log" 2>&1
  rc=$?
  t_fail=$(echo "$(date +%s.%N) - $t0" | bc)
  echo "$name: exit $rc after $t_fail s (the complete run: $t_full s)"
  check "$name: exit 3, not a hang (124) nor a signal (rc $rc)" [ "$rc" -eq 3 ]
  check "$name: names the cause" grep -q "File too large" "limited-$per.log"
  check "$name: says what is kept" grep -q "complete case(s) are kept in 'limited-$per.h5.partial'" "limited-$per.log"
  check "$name: sooner than the complete run" [ "$(echo "$t_fail < $t_full" | bc)" -eq 1 ]
  check "$name: no final file" [ ! -e "limited-$per.h5" ]
  complete=$(cases "limited-$per.h5.partial" complete | wc -l)
  check "$name: part-way ($complete of 8 complete)" [ "$complete" -ge 1 -a "$complete" -lt 8 ]
  check "$name: every case reported done is complete" \
    [ -z "$(comm -23 <(done_lines "limited-$per.log") <(cases "limited-$per.h5.partial" complete))" ]
done
finish
