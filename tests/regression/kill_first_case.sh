#!/usr/bin/env bash
# SIGKILL while the first case is computing leaves a valid OUT.h5.partial (the skeleton is flushed
# before any case runs), which opens and which --resume completes to the uninterrupted run's datasets.
# Usage: kill_first_case.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
# Two cases, the costlier (about 2 s on one core) first: the kill lands while it computes.
args=(run "$src/input/bench_farming.yaml" --set "sweep.parameters={dynamics.duration: [0.08, 0.6]}")
run reference "$tribo" "${args[@]}" -o reference.h5 -q

"$tribo" "${args[@]}" -o killed.h5 > killed.log 2>&1 &
pid=$!
wait_for '^tribo: 2 case(s), 2 to run' killed.log "$pid" 60 || fail "no start line"
kill -KILL "$pid"; wait "$pid"
check "the partial file is there" [ -e killed.h5.partial -a ! -e killed.h5 ]
check "the partial file opens" "$py" -c "import h5py, sys; h5py.File(sys.argv[1], 'r')['cases']" killed.h5.partial
check "it holds the input" "$py" -c "import h5py, sys; assert 'input_yaml' in h5py.File(sys.argv[1], 'r').attrs" killed.h5.partial
"$tribo" "${args[@]}" -o killed.h5 --resume > resume.log 2>&1
rc=$?
check "resume exits 0 (rc $rc)" [ "$rc" -eq 0 ]
check "resumed = uninterrupted" same_results reference.h5 killed.h5
finish
