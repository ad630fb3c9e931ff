#!/usr/bin/env bash
# The rough pin (input/rough_pin_smoke.yaml, pin.shape: self_affine) is the same profile on every rank:
# a case on one rank and the same case on a slab distributed over two give the same events (type, node,
# state changes, contact count) and F(delta) to 1e-9 W; another seed gives other events.
# Usage: rough_pin_ranks.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/rough_pin_smoke.yaml"
same="$src/tests/regression/pin_table_circle.py"
run np1 mpiexec -n 1 "$tribo" run "$input" -o np1.h5
run np2 mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2.h5 --ranks-per-case 2
check "1 rank = 2 ranks (events, F to 1e-9 W)" "$py" "$same" np1.h5 np2.h5
run seed8 mpiexec -n 1 "$tribo" run "$input" -o seed8.h5 --set pin.seed=8
check_not "another seed, another pin" "$py" "$same" np1.h5 seed8.h5
finish
