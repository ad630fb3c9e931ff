#!/usr/bin/env bash
# The profile pipeline gives the same events and numbers however the ranks are used: each case on one
# rank, and each case on a slab distributed over two ranks (bitwise, like one rank).
# Usage: profile_ranks.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/profile_smoke.yaml"
run np1 mpiexec -n 1 "$tribo" run "$input" -o np1.h5
run np2 mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2.h5
run np2-together mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2x2.h5 --ranks-per-case 2
check "two complete cases" [ "$(cases np1.h5 complete | wc -l)" -eq 2 ]
check "1 rank = 2 groups of 1 rank (bitwise)" same_results np1.h5 np2.h5
# The condensed path condenses on serial copies of the slab, the same columns in the same blocks on any
# number of ranks, and computes every row of a solve by the same arithmetic (docs/model.md §16,
# "Distribution"): the same numbers to the last bit (condensed_bytes is the memory of one rank, whose
# share of the distributed rows halves on two).
check "1 rank = 1 group of 2 ranks (bitwise)" "$py" "$src/scripts/h5compare.py" np1.h5 np2x2.h5 --ignore condensed_bytes
check "1 rank = 1 group of 2 ranks: the same power-law verdicts" "$py" - <<'PY'
import sys, h5py
a, b = h5py.File("np1.h5", "r"), h5py.File("np2x2.h5", "r")
keys = [k for k in a["cases"] if "avalanches" in a["cases"][k]]
same = all(a["cases"][k]["avalanches"].attrs[f"{q}_power_law_supported"] ==
           b["cases"][k]["avalanches"].attrs[f"{q}_power_law_supported"]
           for k in keys for q in ("size", "drop", "increment"))
sys.exit(0 if keys and same else 1)
PY
finish
