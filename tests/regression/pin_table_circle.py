#!/usr/bin/python3
"""Checks that two profile runs give the same events and F(delta) (the circle against the circle as a
table, docs/model.md §8.1): per case the event type, node, state changes, contact count and patches
exactly, and F/W of every event and of the two-sample profile, delta/L_x and the contact length over L_x,
to 1e-9 (F to 1e-9 W).

    /usr/bin/python3 pin_table_circle.py A.h5 B.h5     # exit 0 when they agree, 1 with the differences
"""
import sys

import h5py
import numpy as np

TOL = 1e-9


def differences(a, b):
    out = []
    names = sorted(a["cases"])
    if names != sorted(b["cases"]):
        return [f"cases differ: {names} vs {sorted(b['cases'])}"]
    for name in names:
        ca, cb = a["cases"][name], b["cases"][name]
        for key in ("type", "node", "state_changes", "contact_nodes", "contact_patches"):
            if key not in ca["events"] and key not in cb["events"]:
                continue
            if key not in ca["events"] or key not in cb["events"]:
                out.append(f"{name}: events/{key} in one file only")
                continue
            x, y = ca["events"][key][()], cb["events"][key][()]
            if x.shape != y.shape or not np.array_equal(x, y):
                first = np.flatnonzero(x != y)[0] if x.shape == y.shape else "shape"
                out.append(f"{name}: events/{key} differ (first at event {first})")
        W = ca.attrs["load"] if "load" in ca.attrs else 1.0
        pairs = [("events/friction_force", W), ("profile/F_over_W", 1.0), ("profile/delta_over_Lx", 1.0)]
        if "contact_length" in ca["events"] and "contact_length" in cb["events"]:
            pairs.append(("events/contact_length", ca.attrs["length_x"]))
        for key, scale in pairs:
            x, y = ca[key][()], cb[key][()]
            if x.shape != y.shape:
                out.append(f"{name}: {key} shapes differ")
                continue
            err = np.max(np.abs(x - y)) / scale if x.size else 0.0
            if not err <= TOL:
                out.append(f"{name}: {key} differs by {err:.3e} (allowed {TOL:g})")
    return out


def main():
    with h5py.File(sys.argv[1], "r") as a, h5py.File(sys.argv[2], "r") as b:
        out = differences(a, b)
    for line in out:
        print(line)
    if not out:
        print(f"{sys.argv[1]} and {sys.argv[2]}: the same events, F(delta) to {TOL:g} W")
    sys.exit(1 if out else 0)


if __name__ == "__main__":
    main()
