"""Reads the outputs of small tribo runs back with the Python package (tests/regression/python_package.sh).

Usage: check_package.py DIR  (DIR holds punch.h5, profile.h5, dynamics.h5, disk.h5, friction.h5,
rate_state.h5, disk_velocity_law.h5: one file of every shipped study kind)
Every value is also read with h5py directly, so the package is compared with the file, not with itself.
"""

import os
import sys

import h5py
import numpy as np

import tribo

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL", what)


def same(q, f, path, unit):
    """The Quantity q holds the dataset at path of h5py file f, with that unit."""
    raw = f[path]
    expect(np.array_equal(np.asarray(q), raw[()]), f"{path}: values as in the file")
    expect(q.unit == unit, f"{path}: unit {q.unit!r}, expected {unit!r}")


d = sys.argv[1]

# Punch with fields: the table, the surface, the whole slab.
with tribo.open(os.path.join(d, "punch.h5")) as run, h5py.File(os.path.join(d, "punch.h5"), "r") as f:
    expect(run.attrs.get("study") == "punch", "root attribute study")
    t = run.table(["kind", "levels", "nodes", "stiffness_over_G", "status"])
    expect(len(t) == 1 and t.columns[0] == "id", "one row, id first")
    row = t.rows[0]
    expect(row["kind"] == "frictionless" and row["nodes"] == 100 and row["status"] == "complete", f"row {row}")
    expect(isinstance(row["nodes"], int) and isinstance(row["stiffness_over_G"], float), "scalar types")
    expect("punch_N5" in str(t), "the printed table names the case")
    c = run["punch_N5"]
    base = "cases/punch_N5/"
    s = c.surface()
    same(s["p"], f, base + "surface/p", "Pa")
    same(s["x"], f, base + "surface/x", "m")
    fl = c.fields()
    same(fl["points"], f, base + "fields/points", "m")
    same(fl["f_z"], f, base + "fields/f_z", "N/m")
    expect(fl["points"].shape == (100, 2), "points: nodes x 2")
    expect(fl["triangles"].values.dtype.kind == "i", "triangles are integers")
    expect("fields" in c.groups() and "surface" in c.groups(), f"groups {c.groups()}")
    # The surface row of the fields is surface/u: the package's arrays combine like the file's.
    top = np.where(fl["points"].values[:, 1] == 0.0)[0]
    top = top[np.argsort(fl["points"].values[top, 0])]
    expect(np.array_equal(fl["u"].values[top], s["u"].values), "fields u on the surface = surface/u")
    try:
        run["no_such_case"]
        expect(False, "a missing case raises KeyError")
    except KeyError as e:
        expect("no_such_case" in str(e), "the KeyError names the case")
    try:
        c.profile()
        expect(False, "a missing group raises KeyError")
    except KeyError as e:
        expect("profile" in str(e), "the KeyError names the group")

# Profile (two cases, with dynamics): profiles, events, trajectories.
with tribo.open(os.path.join(d, "profile.h5")) as run, h5py.File(os.path.join(d, "profile.h5"), "r") as f:
    expect(run.case_ids() == ["profile-mu_i=0.3", "profile-mu_i=0.5"], f"ids {run.case_ids()}")
    expect(np.allclose(run.table().column("mu_i"), [0.3, 0.5]), "table column mu_i")
    for c in run.cases(status="complete"):
        base = f"cases/{c.id}/"
        p = c.profile()
        same(p["delta_over_Lx"], f, base + "profile/delta_over_Lx", "")
        same(p["F_over_W"], f, base + "profile/F_over_W", "")
        expect("K_Lx_over_W" in c.group_attrs("profile"), "profile attributes")
        ev = c.events()
        same(ev["delta"], f, base + "events/delta", "m")
        same(ev["friction_force"], f, base + "events/friction_force", "N")
        types = ev["type"].values
        expect(types.dtype.kind == "i" and set(types) <= {0, 1, 2} and len(types) > 0, "event types 0/1/2")
        expect(all(tribo.EVENT_TYPES[t] == n for t, n in zip(types, ev["type_name"].values)), "type names")
        expect(np.array_equal(types, f[base + "events/type"][()].astype(int)), "event types as in the file")
        tr = c.trajectory()
        same(tr["t"], f, base + "dynamics/t", "s")
        same(tr["F_spring"], f, base + "dynamics/F_spring", "N")
        expect(len(tr["t"]) == len(tr["x"]) > 1, "trajectory samples")
        same(c.normal()["p"], f, base + "normal/p", "Pa")

# The stage-driven pin alone, the disk, the friction table.
with tribo.open(os.path.join(d, "dynamics.h5")) as run, h5py.File(os.path.join(d, "dynamics.h5"), "r") as f:
    (c,) = run.cases()
    same(c.trajectory()["v"], f, f"cases/{c.id}/dynamics/v", "m/s")
with tribo.open(os.path.join(d, "disk.h5")) as run, h5py.File(os.path.join(d, "disk.h5"), "r") as f:
    traj = [c for c in run if c.id.startswith("disk-trajectory")]
    expect(len(traj) > 0, "disk trajectory cases")
    for c in traj:
        same(c.trajectory()["omega"], f, f"cases/{c.id}/trajectory/omega", "rad/s")
        expect(isinstance(c.group_attrs("trajectory")["stop_time"], float), "disk attribute stop_time")
with tribo.open(os.path.join(d, "friction.h5")) as run, h5py.File(os.path.join(d, "friction.h5"), "r") as f:
    (c,) = run.cases()
    g = c.group("friction")
    expect(g["mu"].shape == (len(g["N"]), len(g["v"])), "friction table mu: (n_N, n_v)")
    same(g["v"], f, f"cases/{c.id}/friction/v", "m/s")

# Rate-and-state on the pin: the state variable theta with the trajectory.
with tribo.open(os.path.join(d, "rate_state.h5")) as run, h5py.File(os.path.join(d, "rate_state.h5"), "r") as f:
    (c,) = run.cases()
    same(c.trajectory()["theta"], f, f"cases/{c.id}/dynamics/theta", "s")
    expect(isinstance(c.group_attrs("dynamics"), dict), "dynamics attributes")

# The disk under a velocity-dependent law: trajectory, the law's parameters, the frozen fixed points.
with tribo.open(os.path.join(d, "disk_velocity_law.h5")) as run, \
        h5py.File(os.path.join(d, "disk_velocity_law.h5"), "r") as f:
    cs = [c for c in run.cases(status="complete") if c.id.startswith("disk-velocity-law-")]
    expect(len(cs) > 0, "disk velocity-law cases")
    for c in cs:
        expect({"trajectory", "velocity_law", "friction_law"} <= set(c.groups()), f"groups {c.groups()}")
        same(c.trajectory()["eps"], f, f"cases/{c.id}/trajectory/eps", "")
        expect("eps0_slow" in c.group_attrs("velocity_law"), "velocity_law attribute eps0_slow")

# The avalanche statistics of a profile case, and events whose type is stored as floats or as an HDF5
# enumeration (the package must not depend on the stored type).
src = os.path.join(d, "profile.h5")
with tribo.open(src) as run:
    c = run.cases(status="complete")[0]
    expect("size_density" in c.avalanches(), "avalanches: size_density")
    expect("size_alpha" in c.group_attrs("avalanches") or len(c.group_attrs("avalanches")) > 0, "avalanche fits")
    ref = c.events()
copy = os.path.join(d, "profile_retyped.h5")
with h5py.File(src, "r") as a, h5py.File(copy, "w") as b:
    a.copy(a["cases"], b, "cases")
    path = f"cases/{c.id}/events/type"
    types = b[path][()].astype(float)
    del b[path]
    b[path] = types  # floats
with tribo.open(copy) as run:
    ev = run[c.id].events()
    expect(ev["type"].values.dtype.kind == "i", "float-stored types read as integers")
    expect(np.array_equal(ev["type"].values, ref["type"].values), "float-stored types: same values")
with h5py.File(copy, "r+") as b:
    path = f"cases/{c.id}/events/type"
    enum = h5py.enum_dtype({"slipped": 0, "released": 1, "touched": 2}, basetype="i1")
    values = b[path][()].astype("i1")
    del b[path]
    b.create_dataset(path, data=values, dtype=enum)
with tribo.open(copy) as run:
    ev = run[c.id].events()
    expect(set(ev["type_name"].values) <= {"slipped", "released", "touched"}, "enum-stored types named by the file")
    expect(np.array_equal(ev["type"].values, ref["type"].values), "enum-stored types: same values")

print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
