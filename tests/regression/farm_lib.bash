# Shared by the farming regression scripts (sweep_*.sh): checks, counters, waiting for progress lines,
# and reading case status from a result file. Sourced, not run (ctest runs only *.sh).
fails=0; passes=0
pass() { passes=$((passes+1)); }
fail() { echo "FAIL $*"; fails=$((fails+1)); }
# check NAME CONDITION-COMMAND...: passes when the command succeeds.
check() { local name="$1"; shift; if "$@"; then pass; else fail "$name"; fi; }
# check_not NAME COMMAND...: passes when the command fails.
check_not() { local name="$1"; shift; if "$@"; then fail "$name"; else pass; fi; }
# strictly_inside V LO HI: V is an integer with LO < V < HI.
strictly_inside() { [ -n "$1" ] && [ "$1" -gt "$2" ] && [ "$1" -lt "$3" ]; }
run() { # NAME COMMAND...: runs it with its output in NAME.log; a non-zero exit fails with the log's tail
  local name="$1"; shift
  "$@" > "$name.log" 2>&1; local rc=$?
  if [ "$rc" -ne 0 ]; then fail "$name: exit $rc"; sed 's/^/    /' "$name.log" | tail -20; return 1; fi
  pass
}
finish() { echo "$passes passed, $fails failed"; [ "$fails" -eq 0 ]; }

py=/usr/bin/python3
# The files agree in every dataset and attribute but the run's provenance (scripts/h5compare.py).
same_results() { "$py" "$src/scripts/h5compare.py" "$1" "$2" > compare.txt 2>&1 || { sed 's/^/    /' compare.txt | head -20; return 1; }; }

# cases FILE STATUS: the ids of the cases with that status, one per line, sorted.
cases() {
  "$py" - "$1" "$2" <<'PY'
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    for cid in sorted(f["cases"] if "cases" in f else []):
        s = f["cases"][cid].attrs.get("status", "")
        s = s.decode() if isinstance(s, bytes) else s
        if s == sys.argv[2]:
            print(cid)
PY
}
# done_lines LOG: the ids the progress lines of LOG reported as done, sorted.
done_lines() { sed -n 's/^\[ *[0-9]*\/[0-9]*\] \([^ ]*\) done .*/\1/p' "$1" | sort; }

# wait_for PATTERN FILE PID [TIMEOUT_S]: until a line matches, or the process ends, or the timeout.
wait_for() {
  local pattern="$1" file="$2" pid="$3" limit="${4:-60}" i
  for ((i = 0; i < limit * 50; ++i)); do
    grep -q -- "$pattern" "$file" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.02
  done
  return 1
}
# ranks_of PID: the rank processes mpiexec PID started (its children).
ranks_of() { pgrep -P "$1"; }

# kill_mid_case NAME LAUNCHER...: starts "$tribo" "${args[@]}" -o "$work/NAME.h5" (after LAUNCHER, e.g.
# mpiexec), kills every process of it with SIGKILL as soon as a checkpoint of a case exists (the case is
# then in the middle of its loop), and checks what is left (checkpoint_resume.sh and its dynamics twin).
kill_mid_case() {
  local name="$1"; shift
  set +m
  { "$@" "$tribo" "${args[@]}" -o "$work/$name.h5" > "$name.log" 2>&1 & } 2>/dev/null
  local pid=$! i
  for ((i = 0; i < 1200; ++i)); do
    compgen -G "$name.h5.partial.checkpoints/*.ckpt" > /dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  pkill -KILL -f -- "-o $work/$name.h5"; kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  check "$name: killed before the case ended" [ -e "$name.h5.partial" -a ! -e "$name.h5" ]
  check "$name: a checkpoint was left" compgen -G "$name.h5.partial.checkpoints/*.ckpt" > /dev/null
}
