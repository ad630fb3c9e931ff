#!/usr/bin/env bash
# A writer I/O failure on 2 ranks ends the study on every rank with exit 3 within seconds, never a
# hang: the disk (a 300 kB tmpfs) fills on rank 0, the hand-out stops, the other rank finishes its case
# in flight, and every rank reaches the runner's final agreement (docs/architecture.md, "The runner").
# With one group per rank and with one group of both ranks. A hang is caught by `timeout 60` (exit
# 124), a liveness bound well above the complete run of the same input (2-6 s); the times are printed,
# not checked (the failed run mostly waits for mpiexec's start and end, like the complete one).
# Skipped (exit 77) where a tmpfs cannot be mounted. (A file-size limit, `ulimit -f`, is no substitute:
# under it OpenMPI's own run-time files fail and rank 0 dies of SIGSEGV after tribo's exit-3 message.)
# Usage: writer_io_failure.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); small="$work/small"; mkdir "$small"
trap 'umount "$small" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
remount() { umount "$small" 2>/dev/null; mount -t tmpfs -o size=300k tmpfs "$small" 2>/dev/null; }
if ! remount; then echo "SKIP: cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)"; exit 77; fi
now() { date +%s.%N; }

# 16 cases of 24-110 kB (every 2000th step), about 4 s of work on 2 ranks: a few fit in 300 kB.
args=(run "$src/input/sweep_smoke.yaml" --set dynamics.output_stride=2000 --set dynamics.fit=none
      --set "sweep.parameters={dynamics.duration: [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45], dynamics.mu_k: [0.25, 0.267]}")
t0=$(now)
run reference mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o reference.h5 -q
t_full=$(echo "$(now) - $t0" | bc)

for per in 1 2; do
  name="np=2, ranks-per-case $per"
  remount
  t0=$(now)
  timeout 60 mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" --ranks-per-case "$per" -o "$small/full.h5" \
    > "full-$per.log" 2>&1
  rc=$?
  t_fail=$(echo "$(now) - $t0" | bc)
  echo "$name: exit $rc after $t_fail s (the complete run: $t_full s)"
  check "$name: exit 3, not a hang (124) nor a signal (rc $rc)" [ "$rc" -eq 3 ]
  check "$name: names the cause" grep -q "No space left on device" "full-$per.log"
  check "$name: says what is kept" grep -q "complete case(s) are kept in '$small/full.h5.partial'" "full-$per.log"
  check "$name: no final file" [ ! -e "$small/full.h5" ]
  complete=$(cases "$small/full.h5.partial" complete | wc -l)
  check "$name: part-way ($complete of 16 complete)" [ "$complete" -ge 1 -a "$complete" -lt 16 ]
  check "$name: every case reported done is complete" \
    [ -z "$(comm -23 <(done_lines "full-$per.log") <(cases "$small/full.h5.partial" complete))" ]
done
finish
