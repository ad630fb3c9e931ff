#!/usr/bin/env bash
# The rough pin (input/rough_pin_smoke.yaml, pin.shape: self_affine) is the same profile on every rank
# and on both solver paths: the condensed path gives bitwise the same results on one rank and on a slab
# distributed over two; the reference path, on one rank and on two, gives the same events (type, node,
# state changes, contact count, contact patches) and F(delta) to 1e-9 W; it touches in several patches
# (normal/contact_patches, events/contact_patches), its contact length is its contact nodes' widths
# (uniform top row, no node at the slab's edge), its profile is written (pin/x, pin/h); another seed
# gives other events.
# Usage: rough_pin_ranks.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/rough_pin_smoke.yaml"
same="$src/tests/regression/pin_table_circle.py"
condensed="--set contact.solver_path=condensed" reference="--set contact.solver_path=reference"
run np1 mpiexec -n 1 "$tribo" run "$input" -o np1.h5 $condensed
run np2 mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o np2.h5 --ranks-per-case 2 $condensed
check "condensed path: 1 rank = 2 ranks, bitwise" "$py" "$src/scripts/h5compare.py" np1.h5 np2.h5 --ignore condensed_bytes
run ref1 mpiexec -n 1 "$tribo" run "$input" -o ref1.h5 $reference
run ref2 mpiexec -n 2 --oversubscribe "$tribo" run "$input" -o ref2.h5 --ranks-per-case 2 $reference
check "reference path = condensed path, 1 rank" "$py" "$same" np1.h5 ref1.h5
check "reference path on 2 ranks = condensed path on 1" "$py" "$same" np1.h5 ref2.h5
check "the rough pin touches in several patches, the count recorded" "$py" - <<'PY'
import sys, h5py
with h5py.File("np1.h5", "r") as f:
    for name, case in f["cases"].items():
        normal, events = case["normal"].attrs["contact_patches"], case["events/contact_patches"][()]
        print(name, "normal contact patches", normal, "per event", events.min(), "to", events.max())
        if not (normal >= 2 and events.min() >= 2):
            sys.exit(1)
        # The real contact length lies within the span of the contact nodes; the profile is written.
        length, nodes = case["events/contact_length"][()], case["events/contact_nodes"][()]
        dx = case.attrs["length_x"] / 128
        if not (abs(case["normal"].attrs["contact_length"] - case["normal"].attrs["contact_nodes"] * dx) < 1e-9 * dx
                and (abs(length - nodes * dx) < 1e-9 * dx).all()):
            print(name, "contact length is not the contact nodes' widths")
            sys.exit(1)
        if case["pin/x"].shape != case["pin/h"].shape or case["pin/x"].size < 4000:
            sys.exit(1)
PY
run seed8 mpiexec -n 1 "$tribo" run "$input" -o seed8.h5 --set pin.seed=8
check_not "another seed, another pin" "$py" "$same" np1.h5 seed8.h5
finish
