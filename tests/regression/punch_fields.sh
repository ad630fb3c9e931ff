#!/usr/bin/env bash
# Field output of the punch study: `tribo run input/punch_fields.yaml -o p.h5` writes p.xmf beside p.h5,
# which meshio (Debian python3-meshio) reads with every node of the hierarchy, a triangulation that tiles
# the slab and the fields u, w, f_x, f_z; the same arrays on 1 rank and on a slab over 2 ranks, for the
# maximal and the graded hierarchy. Usage: punch_fields.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/punch_fields.yaml"
graded=(--set slab.hierarchy=graded --set slab.coarsenings=1)

# read_xmf XMF H5 NODES: meshio reads the XDMF file; its mesh and fields match the case group.
read_xmf() {
  "$py" - "$1" "$2" "$3" <<'PY'
import sys, h5py, meshio, numpy as np
xmf, h5, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
m = meshio.read(xmf)
ok = True
def expect(cond, what):
    global ok
    if not cond:
        print("FAIL", what); ok = False
expect(m.points.shape == (nodes, 2), f"points {m.points.shape}, expected ({nodes}, 2)")
tri = m.cells_dict.get("triangle")
expect(tri is not None and tri.dtype.kind == "i", "integer triangle cells")
for name in ("u", "w", "f_x", "f_z", "displacement"):
    expect(name in m.point_data and len(m.point_data[name]) == nodes, f"point data {name}")
with h5py.File(h5, "r") as f:
    (cid,) = f["cases"].keys()
    c = f["cases"][cid]
    expect(int(c.attrs["nodes"]) == nodes, "case attribute nodes")
    expect(c["fields/u"].attrs["unit"] in ("m", b"m"), "unit of u")
    expect(c["fields/f_z"].attrs["unit"] in ("N/m", b"N/m"), "unit of f_z")
    Lx = float(c.attrs["length_x"]); Lz = Lx * float(c.attrs["aspect_ratio"])
    # The surface row of the fields is the surface dataset: w at every surface node, in x order.
    p = m.points
    top = np.where(np.abs(p[:, 1]) < 1e-12 * Lx)[0]
    top = top[np.argsort(p[top, 0])]
    expect(np.allclose(m.point_data["w"][top], c["surface/w"][()], rtol=0, atol=1e-15), "surface w")
    expect(np.allclose(m.point_data["u"][top], c["surface/u"][()], rtol=0, atol=1e-15), "surface u")
    # The punch pushes with P = sum f_z over the surface (per unit depth) times L_y.
    P = float(np.sum(m.point_data["f_z"][top])) * float(c.attrs["depth_y"])
    expect(abs(P - float(c.attrs["total_force"])) <= 1e-9 * abs(P), f"sum f_z L_y = {P}")
a = p[tri]
area = 0.5 * ((a[:, 1, 0] - a[:, 0, 0]) * (a[:, 2, 1] - a[:, 0, 1]) - (a[:, 2, 0] - a[:, 0, 0]) * (a[:, 1, 1] - a[:, 0, 1]))
expect((area > 0).all(), "counter-clockwise, non-degenerate triangles")
expect(abs(area.sum() - Lx * Lz) <= 1e-12 * Lx * Lz, f"triangles tile the slab: {area.sum()} vs {Lx * Lz}")
expect(len(np.unique(tri)) == nodes, "every node is a vertex")
sys.exit(0 if ok else 1)
PY
}
# same_fields A B: the fields/ datasets of the two files agree: integers exactly, the displacements to
# 1e-12 of the largest |u|, |w| and the forces to 1e-12 of the largest |f_x|, |f_z| (distributed MUMPS
# changes round-off only; f_x of the frictionless punch is round-off itself, so it is measured against
# the forces' scale, not its own).
same_fields() {
  "$py" - "$1" "$2" <<'PY'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r") as a, h5py.File(sys.argv[2], "r") as b:
    (ca,) = a["cases"].values(); (cb,) = b["cases"].values()
    fa, fb = ca["fields"], cb["fields"]
    if sorted(fa) != sorted(fb): print("FAIL datasets", sorted(fa), sorted(fb)); sys.exit(1)
    scale = {"u": "uw", "w": "uw", "displacement": "uw", "f_x": "f", "f_z": "f", "points": "p"}
    size = {"uw": max(np.abs(fa["u"][()]).max(), np.abs(fa["w"][()]).max()),
            "f": max(np.abs(fa["f_x"][()]).max(), np.abs(fa["f_z"][()]).max()), "p": 1.0}
    ok = True
    for name in fa:
        x, y = fa[name][()], fb[name][()]
        if x.shape != y.shape or x.dtype != y.dtype:
            print("FAIL", name, x.shape, y.shape, x.dtype, y.dtype); ok = False; continue
        if x.dtype.kind == "i":
            if not (x == y).all(): print("FAIL", name, "differs"); ok = False
            continue
        d = np.abs(x - y).max() / size[scale[name]]
        print(f"{name}: largest difference {d:.2e} of the scale")
        if not d <= 1e-12: print("FAIL", name); ok = False
    sys.exit(0 if ok else 1)
PY
}

# Maximal hierarchy (N = 5: 3 * 2^5 + 4 = 100 nodes) and graded c = 1 (33 + 33 + 17 * 16 = 338 nodes).
run max1 mpiexec -n 1 "$tribo" run "$input" -o p.h5
check "p.xmf beside p.h5" [ -f p.xmf ]
check "meshio reads p.xmf (maximal, 1 rank)" read_xmf p.xmf p.h5 100
run max2 mpiexec -n 2 "$tribo" run "$input" -o p2.h5 --ranks-per-case 2
check "meshio reads p2.xmf (maximal, 2 ranks)" read_xmf p2.xmf p2.h5 100
check "maximal: 1 rank = 2 ranks" same_fields p.h5 p2.h5
run gr1 mpiexec -n 1 "$tribo" run "$input" -o g.h5 "${graded[@]}"
check "meshio reads g.xmf (graded, 1 rank)" read_xmf g.xmf g.h5 338
run gr2 mpiexec -n 2 "$tribo" run "$input" -o g2.h5 --ranks-per-case 2 "${graded[@]}"
check "meshio reads g2.xmf (graded, 2 ranks)" read_xmf g2.xmf g2.h5 338
check "graded: 1 rank = 2 ranks" same_fields g.h5 g2.h5

# A sweep of two cases: one XDMF file per case, named by the case id, each read by meshio.
{ cat "$input"; printf 'sweep:\n  mode: product\n  parameters:\n    punch.kind: [frictionless, bonded_normal]\n'; } > sweep.yaml
run sweep mpiexec -n 2 "$tribo" run sweep.yaml -o s.h5
check "no s.xmf for two cases" [ ! -e s.xmf ]
for cid in "punch_N5@punch.kind=frictionless" "punch_bonded_normal_N5@punch.kind=bonded_normal"; do
  xmf="s.${cid//@/_}.xmf"
  check "$xmf written" [ -f "$xmf" ]
  check "meshio reads $xmf" "$py" -c "import meshio, sys; m = meshio.read('$xmf'); sys.exit(len(m.points) != 100 or 'f_z' not in m.point_data)"
done

# Off by default: no fields group, no XDMF file.
run off mpiexec -n 1 "$tribo" run "$input" -o off.h5 --set punch.fields=false
check "no XDMF without punch.fields" [ ! -e off.xmf ]
check "no fields group without punch.fields" "$py" -c "import h5py,sys; f=h5py.File('off.h5'); sys.exit(any('fields' in c for c in f['cases'].values()))"
# The cylinder has no field output: the key is named.
"$tribo" validate "$input" --set punch.kind=cylinder > cyl.log 2>&1; rc=$?
check "cylinder + fields is bad input (exit 1)" [ "$rc" -eq 1 ]
check "the message names punch.fields" grep -q "punch.fields" cyl.log
finish
