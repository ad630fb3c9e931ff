# Shared by the farming regression scripts (sweep_*.sh): checks, counters, waiting for progress lines,
# and reading case status from a result file. Sourced, not run (ctest runs only *.sh).
fails=0; passes=0
pass() { passes=$((passes+1)); }
fail() { echo "FAIL $*"; fails=$((fails+1)); }
# check NAME CONDITION-COMMAND...: passes when the command succeeds.
check() { local name="$1"; shift; if "$@"; then pass; else fail "$name"; fi; }
# check_not NAME COMMAND...: passes when the command fails.
check_not() { local name="$1"; shift; if "$@"; then fail "$name"; else pass; fi; }
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
