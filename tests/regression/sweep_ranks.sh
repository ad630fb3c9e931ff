#!/usr/bin/env bash
# Farming does not change results: input/sweep_smoke.yaml (8 unequal cases) on 1 rank, on 2 ranks
# (two groups of one rank) and on 2 ranks working together on each case gives the same datasets and
# attributes, provenance aside. Usage: sweep_ranks.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/sweep_smoke.yaml"

run np1 mpiexec -n 1 "$tribo" run "$input" -o np1.h5
run np2 mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2.h5
run np2-together mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2x2.h5 --ranks-per-case 2

check "np1 has 8 complete cases" [ "$(cases np1.h5 complete | wc -l)" -eq 8 ]
check "np2 ran two groups of one rank" grep -q "2 group(s) of 1 rank(s)" np2.log
check "np2-together ran one group of two ranks" grep -q "1 group(s) of 2 rank(s)" np2-together.log
check "1 rank = 2 ranks" same_results np1.h5 np2.h5
check "1 rank = 2 ranks per case" same_results np1.h5 np2x2.h5
# The comparison must be able to fail: a different input gives different datasets.
"$tribo" run "$input" -o other.h5 -q --set dynamics.mu_s=0.283 --set dynamics.fit=none > /dev/null 2>&1
check_not "a different input is told apart" same_results np1.h5 other.h5 > /dev/null
finish
