#!/usr/bin/env bash
# A farmed sweep killed without warning loses only the cases in flight: SIGKILL to every rank (a node
# lost, Slurm's kill after its grace time), and SIGTERM to mpiexec, which OpenMPI 4.1 turns into
# SIGCONT, SIGTERM 1 s later and SIGKILL 1 s after that. The file left behind opens, holds every case
# reported done, and --resume completes it to the same datasets as an uninterrupted run.
# Usage: sweep_kill.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
# Cases of 0.3-1.6 s (finer step, no fit), so the kill finds cases running and cases not started: the
# kill waits for a 0.1 s pause in the log, which shorter cases (1e-8 s steps, 0.8 s for the whole sweep
# on a quiet box) often never leave before the end.
args=(run "$src/input/sweep_smoke.yaml" --set dynamics.fit=none --set dynamics.time_step=2.5e-9
      --set dynamics.output_stride=1000)

"$tribo" "${args[@]}" -o reference.h5 > reference.log 2>&1 || { fail "reference run"; cat reference.log; }

# quiet_for FILE SECONDS: waits until FILE has not grown for SECONDS (the writer is computing, not
# writing: rank 0 writes only between its own cases, right after a progress line).
quiet_for() {
  local size=-1 now i
  for ((i = 0; i < 500; ++i)); do
    now=$(stat -c %s "$1")
    [ "$now" = "$size" ] && return 0
    size=$now; sleep "$2"
  done
}

kill_run() { # name, how: ranks-KILL | mpiexec-TERM
  local name="$1" how="$2" out="$1.h5"
  mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o "$out" > "$name.log" 2>&1 &
  local pid=$!
  if ! wait_for '^\[ *1/8\]' "$name.log" "$pid" 60; then fail "$name: no progress line"; cat "$name.log"; wait "$pid"; return; fi
  case "$how" in
    ranks-KILL) quiet_for "$name.log" 0.1; kill -KILL $(ranks_of "$pid") ;;
    mpiexec-TERM) kill -TERM "$pid" ;;
  esac
  wait "$pid"; local rc=$?
  check "$name: mpiexec reports the kill (rc $rc)" [ "$rc" -ne 0 ]
  if [ "$how" = mpiexec-TERM ] && [ -e "$out" ]; then
    # The ranks see SIGTERM 1 s after mpiexec: if every case had been handed out by then, the study
    # ended normally within the grace second and the file is complete.
    check "$name: a complete file is committed" [ ! -e "$out.partial" -a "$(cases "$out" complete | wc -l)" -eq 8 ]
    check "$name: and equals the uninterrupted run" same_results reference.h5 "$out"
    return
  fi
  check "$name: leaves only the partial file" [ -e "$out.partial" -a ! -e "$out" ]
  check "$name: the partial file opens" "$py" -c "import h5py, sys; h5py.File(sys.argv[1], 'r')['cases']" "$out.partial"
  local complete; complete=$(cases "$out.partial" complete | wc -l)
  check "$name: killed before the end ($complete of 8 complete)" [ "$complete" -ge 1 -a "$complete" -lt 8 ]
  # Lost: only cases never reported done, i.e. running or finished but not yet received by the writer.
  check "$name: every case reported done is complete" \
    [ -z "$(comm -23 <(done_lines "$name.log") <(cases "$out.partial" complete))" ]

  mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o "$out" --resume > "$name-resume.log" 2>&1
  rc=$?
  check "$name: resume exits 0 (rc $rc)" [ "$rc" -eq 0 ]
  check "$name: resume skips the $complete complete cases" grep -q "($complete complete already)" "$name-resume.log"
  check "$name: resumed = uninterrupted" same_results reference.h5 "$out"
}
kill_run kill-ranks ranks-KILL
kill_run term-mpiexec mpiexec-TERM
finish
