#!/usr/bin/env bash
# Field output of the profile study (output.fields): `tribo run input/profile_fields.yaml -o f.h5` writes
# f.xmf beside f.h5, a temporal collection that meshio's TimeSeriesReader reads: every node, the
# hierarchy's triangulation, one step per listed event with its pin displacement as the time, u, w, f_x,
# f_z and the contact flag; the slab's surface at each step is the contact's state (the contact nodes
# where the pin holds them, as many as the event log says); the events are bitwise those of a run
# without fields; on both solver paths and on 1 and 2 ranks. Usage: profile_fields.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/profile_fields.yaml"

# read_series XMF H5: meshio reads the time series; each step matches the case group.
read_series() {
  "$py" - "$1" "$2" <<'PY'
import sys, h5py, meshio, numpy as np
xmf, h5 = sys.argv[1], sys.argv[2]
ok = True
def expect(cond, what):
    global ok
    if not cond:
        print("FAIL", what); ok = False
with meshio.xdmf.TimeSeriesReader(xmf) as r, h5py.File(h5, "r") as f:
    points, cells = r.read_points_cells()
    (cid,) = f["cases"].keys()
    c = f["cases"][cid]
    nodes = int(c["fields"].attrs["nodes"])
    expect(points.shape == (nodes, 2), f"points {points.shape}")
    expect(cells[0].type == "triangle", "triangle cells")
    expect(r.num_steps == 3, f"{r.num_steps} steps, expected 3")
    Lx = float(c.attrs["length_x"])
    top = np.where(np.abs(points[:, 1]) < 1e-12 * Lx)[0]
    top = top[np.argsort(points[top, 0])]
    delta = c["events/delta"][()]
    count = c["events/contact_nodes"][()]
    for k, (event, expect_count) in enumerate([(0, int(c["normal"].attrs["contact_nodes"])),
                                                (40, int(count[39])), (80, int(count[79]))]):
        t, pd, _ = r.read_data(k)
        expect(t == (0.0 if event == 0 else delta[event - 1]), f"step {k}: time {t}")
        for name in ("u", "w", "f_x", "f_z", "displacement", "contact"):
            expect(name in pd and len(pd[name]) == nodes, f"step {k}: point data {name}")
        contact = pd["contact"].astype(int)
        expect(int(contact.sum()) == expect_count, f"step {k}: {contact.sum()} nodes in contact, log says {expect_count}")
        expect(int(contact[top].sum()) == expect_count, f"step {k}: the contact nodes are top nodes")
        # The contact carries W: sum of f_z over the contact nodes times L_y.
        W = float(np.sum(pd["f_z"][top][contact[top] == 1])) * float(c.attrs["depth_y"])
        expect(abs(W - float(c.attrs["load"])) <= 1e-8 * W, f"step {k}: contact force {W} N vs W")
        # Free surface nodes carry no force.
        free = top[contact[top] == 0]
        expect(np.abs(pd["f_z"][free]).max() <= 1e-9 * W, f"step {k}: free surface is traction-free")
sys.exit(0 if ok else 1)
PY
}
# same_events A B: the event log, the normal state and the profile are bitwise equal.
same_events() {
  "$py" - "$1" "$2" <<'PY'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r") as a, h5py.File(sys.argv[2], "r") as b:
    (ca,) = a["cases"].values(); (cb,) = b["cases"].values()
    ok = True
    for g in ("events", "normal", "profile"):
        for name in ca[g]:
            if not np.array_equal(ca[g][name][()], cb[g][name][()]):
                print("FAIL", g, name, "differs"); ok = False
    sys.exit(0 if ok else 1)
PY
}

run with mpiexec -n 1 "$tribo" run "$input" -o f.h5
check "f.xmf beside f.h5" [ -f f.xmf ]
check "meshio reads the time series (condensed, 1 rank)" read_series f.xmf f.h5
run without mpiexec -n 1 "$tribo" run "$input" -o n.h5 --set 'output.fields=[]'
check "no XDMF without fields" [ ! -e n.xmf ]
check "fields leave the events bitwise unchanged (condensed)" same_events f.h5 n.h5
run two mpiexec -n 2 "$tribo" run "$input" -o f2.h5 --ranks-per-case 2
check "meshio reads the time series (condensed, 2 ranks)" read_series f2.xmf f2.h5
run ref mpiexec -n 1 "$tribo" run "$input" -o r.h5 --set contact.solver_path=reference
check "meshio reads the time series (reference)" read_series r.xmf r.h5
run refn mpiexec -n 1 "$tribo" run "$input" -o rn.h5 --set contact.solver_path=reference --set 'output.fields=[]'
check "fields leave the events bitwise unchanged (reference)" same_events r.h5 rn.h5

# Bad input: an event beyond contact.events, and a list out of order, name the key.
"$tribo" validate "$input" --set 'output.fields=[0, 81]' > bad1.log 2>&1; rc=$?
check "an event beyond contact.events is bad input (exit 1)" [ "$rc" -eq 1 ]
check "the message names output.fields" grep -q "output.fields" bad1.log
"$tribo" validate "$input" --set 'output.fields=[40, 0]' > bad2.log 2>&1; rc=$?
check "a list out of order is bad input (exit 1)" [ "$rc" -eq 1 ]
finish
