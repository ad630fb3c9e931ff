#!/usr/bin/env bash
# A farmed sweep stopped by a signal and continued with --resume ends in the same datasets as an
# uninterrupted run. Signals: SIGTERM to every rank (what Slurm does before the time limit), SIGUSR1
# to mpiexec (which forwards it at once; its own SIGTERM handling kills the ranks after 2 s), and
# SIGTERM to rank 0 alone (the whole farm must stop). Usage: sweep_interrupt.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
# input/sweep_smoke.yaml with cases of 0.1-0.8 s each (finer step, no fit) and four kinetic coefficients
# instead of two: 16 cases, so a signal sent after the first finished case always finds cases not yet
# started. (With 8, rank 1 once ran through all the others while rank 0, which also writes, was still on
# its first: the [1/8] line came when nothing was left to stop.)
cases_total=16
args=(run "$src/input/sweep_smoke.yaml" --set dynamics.fit=none --set dynamics.time_step=1e-8
      --set dynamics.output_stride=1000
      --set "sweep.parameters={dynamics.duration: [0.075, 0.1, 0.125, 0.15], dynamics.mu_k: [0.25, 0.255, 0.26, 0.267]}")

"$tribo" "${args[@]}" -o reference.h5 > reference.log 2>&1 || { fail "reference run"; cat reference.log; }
check "reference has $cases_total complete cases" [ "$(cases reference.h5 complete | wc -l)" -eq "$cases_total" ]

interrupt() { # name, how: ranks-TERM | mpiexec-USR1 | rank0-TERM
  local name="$1" how="$2" out="$1.h5"
  mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o "$out" > "$name.log" 2>&1 &
  local pid=$!
  if ! wait_for "^\\[ *1/$cases_total\\]" "$name.log" "$pid" 60; then fail "$name: no progress line"; cat "$name.log"; wait "$pid"; return; fi
  local ranks; ranks=$(ranks_of "$pid")
  case "$how" in
    ranks-TERM) kill -TERM $ranks ;;
    mpiexec-USR1) kill -USR1 "$pid" ;;
    rank0-TERM) kill -TERM "$(echo "$ranks" | head -1)" ;;
  esac
  wait "$pid"; local rc=$?
  # Exit code 4: interrupted and resumable (a Slurm afterok chain must not carry on).
  check "$name: exit 4 after the signal (rc $rc)" [ "$rc" -eq 4 ]
  check "$name: says it was stopped" grep -q "stopped by a signal" "$name.log"
  check "$name: leaves only the partial file" [ -e "$out.partial" -a ! -e "$out" ]
  local complete; complete=$(cases "$out.partial" complete | wc -l)
  check "$name: stopped early ($complete of $cases_total complete)" [ "$complete" -ge 1 -a "$complete" -lt "$cases_total" ]
  # Every case that finished was written: nothing finished is lost to the stop.
  check "$name: every case reported done is complete" [ "$(done_lines "$name.log")" = "$(cases "$out.partial" complete)" ]
  check "$name: no failed or unmarked cases" [ "$(cases "$out.partial" complete | wc -l)" -eq "$("$py" -c "import h5py,sys; print(len(h5py.File(sys.argv[1],'r')['cases']))" "$out.partial")" ]
  [ "$how" = rank0-TERM ] && return # resuming is the same as after the other two

  mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o "$out" --resume > "$name-resume.log" 2>&1
  rc=$?
  check "$name: resume exits 0 (rc $rc)" [ "$rc" -eq 0 ]
  check "$name: resume skips the $complete complete cases" grep -q "$((cases_total - complete)) to run ($complete complete already)" "$name-resume.log"
  check "$name: resume leaves the final file only" [ -e "$out" -a ! -e "$out.partial" ]
  check "$name: resumed = uninterrupted" same_results reference.h5 "$out"
}
interrupt term-ranks ranks-TERM
interrupt usr1-mpiexec mpiexec-USR1
interrupt term-rank0 rank0-TERM
finish
