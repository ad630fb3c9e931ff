#!/usr/bin/env bash
# The compressed path end to end (docs/model.md §16.3): the Fig. 6 input at n_x = 129 on
# contact.solver_path = compressed and = condensed gives the same events (type, node, state changes) for
# both mu_i and F to 1e-9 W; the file says which path ran and the compressed operator's memory; each case
# on 2 ranks (--ranks-per-case 2) gives the same results to the last bit (h5compare) as on one; the normal
# contact from the coarser grids runs through the driver.
# Usage: compressed_path.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fig6="$src/input/fig6_profile.yaml"
short=(--set slab.levels=7 --set contact.events=300 -q)
run compressed "$tribo" run "$fig6" "${short[@]}" --set contact.solver_path=compressed -o compressed.h5
run condensed "$tribo" run "$fig6" "${short[@]}" --set contact.solver_path=condensed -o condensed.h5
check "same events, F to 1e-9 W, the path and its memory recorded" "$py" - <<'PY'
import sys, h5py, numpy as np
a, b = h5py.File("compressed.h5", "r"), h5py.File("condensed.h5", "r")
ok = True
for cid in sorted(b["cases"]):
    ca, cb = a["cases"][cid], b["cases"][cid]
    for name in ("type", "node", "state_changes"):
        if not np.array_equal(ca["events"][name][()], cb["events"][name][()]):
            print(cid, "events differ in", name); ok = False
    worst = np.max(np.abs(ca["profile/F_over_W"][()] - cb["profile/F_over_W"][()]))
    print(cid, "worst |dF|/W", worst)
    ok &= worst < 1e-9
    ok &= ca.attrs["solver_path_used"] == "compressed" and cb.attrs["solver_path_used"] == "condensed"
    ok &= ca.attrs["compressed_bytes"] > 0 and ca.attrs["condensed_bytes"] == 0 and cb.attrs["compressed_bytes"] == 0
sys.exit(0 if ok else 1)
PY
# The normal contact from the coarser grids (contact.normal_start, docs/model.md §11) at n_x = 1025: the
# start recorded, and the normal contact settled in a few dozen state changes (471 from half Hertz's width).
run coarse "$tribo" run "$fig6" --set slab.levels=10 --set contact.events=100 -q --set contact.mu_i=0.5 \
  --set contact.solver_path=compressed --set contact.normal_start=coarser_grids -o coarse.h5
check "coarser grids' start: recorded, settled in few state changes" "$py" - <<'PY'
import sys, h5py
with h5py.File("coarse.h5", "r") as f:
    for cid, case in f["cases"].items():
        changes = case["normal"].attrs["state_changes"]
        print(cid, case.attrs["normal_start"], "normal contact state changes", changes)
        if case.attrs["normal_start"] != "coarser_grids" or not 0 <= changes < 100:
            sys.exit(1)
PY
run compressed_2 mpiexec -n 2 "$tribo" run "$fig6" "${short[@]}" --set contact.solver_path=compressed --ranks-per-case 2 -o compressed_2.h5
check "2 ranks: the same results as 1, bit for bit" same_results compressed.h5 compressed_2.h5
finish
