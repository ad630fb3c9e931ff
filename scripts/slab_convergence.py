#!/usr/bin/env python3
"""The slab's convergence to elasticity against the independent Q2 reference (docs/model.md §2).

Runs the punch studies behind the convergence tables of docs/model.md and docs/reproduction.md -- the
flat punch (frictionless on Fig. 5's bottom; bonded, pressed and pulled, on the platen) at a/L_x = 1/16,
1/8, 1/4, the strip of the Fig. 6 contact pulled sideways (K), and the frictionless cylinder (Hertz) --
on the graded hierarchy (coarsenings 1, 2, 3) and the paper's maximal one, and prints every value beside
tests/validation/reference.yaml with its error, the observed order and the time.

  /usr/bin/python3 scripts/slab_convergence.py [--tribo build/release/bin/tribo] [--np 2] [--out DIR]
                                               [--quick] [--reuse]
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

import numpy as np
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))  # the package python/tribo/ that reads the result files
import tribo  # noqa: E402


def reference():
    with open(os.path.join(ROOT, "tests", "validation", "reference.yaml")) as f:
        return yaml.safe_load(f)


def family_yaml(source, family):
    """The input text with the hierarchy replaced: 'maximal' or 'graded:<c>'."""
    text = open(source).read()
    text = re.sub(r"\n  hierarchy:.*", "", text)
    text = re.sub(r"\n  coarsenings:.*", "", text)
    if family != "maximal":
        c = int(family.split(":")[1])
        text = text.replace("\nslab:\n", f"\nslab:\n  hierarchy: graded\n  coarsenings: {c}\n", 1)
    return text


def run(args, name, source, family, sets):
    """Runs one sweep (cached with --reuse) and returns {case id: attributes} and the wall time."""
    out = os.path.join(args.out, f"{name}.h5")
    if not (args.reuse and os.path.exists(out)):
        src = os.path.join(args.out, f"{name}.yaml")
        with open(src, "w") as f:
            f.write(family_yaml(source, family))
        cmd = ["mpiexec", "-n", str(args.np), args.tribo, "run", src, "-o", out, "--overwrite"]
        for s in sets:
            cmd += ["--set", s]
        env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
        t0 = time.time()
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
        print(f"# {name}: {time.time() - t0:.1f} s  ({' '.join(cmd[3:])})", file=sys.stderr)
    cases = {}
    with tribo.open(out) as run:
        for case in run.cases():
            surface = case.surface()
            cases[case.id] = case.attrs | {"x": surface["x"].values, "p": surface["p"].values}
    return cases


def order(errors):
    """Observed orders between successive refinements (by 2)."""
    return [math.log2(abs(e0) / abs(e1)) if e0 and e1 else float("nan") for e0, e1 in zip(errors, errors[1:])]


def table(title, rows):
    print(f"\n### {title}\n")
    print("| hierarchy | N | n_x | nodes | tribo | reference | error | order |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for fam, levels, nodes, values, ref in rows:
        errs = [v / ref - 1 for v in values]
        orders = [float("nan")] + order(errs)
        for N, n, v, e, o in zip(levels, nodes, values, errs, orders):
            ostr = "" if math.isnan(o) else f"{o:.2f}"
            print(f"| {fam} | {N} | {2**N + 1} | {n} | {v:.6f} | {ref:.6f} | {100 * e:+.3f}% | {ostr} |")


def hertz_metrics(case, ref_entry):
    """RMS of p/p_H - reference over |s| <= 0.9 a (reference half-width), the moment half-width."""
    xr = np.asarray(ref_entry["x_over_aH"])
    pr = np.asarray(ref_entry["p_over_pH"])
    aH, pH = case["hertz_half_width"], case["hertz_peak_pressure"]
    s = (case["x"] - case["center_over_Lx"] * case["length_x"]) / aH
    a = ref_entry["half_width_over_Lx"] / ref_entry["aH_over_Lx"]
    inside = np.abs(s) <= 0.9 * a
    err = case["p"][inside] / pH - np.interp(s[inside], xr, pr)
    rms = float(np.sqrt(np.mean(err**2)) / pr.max())
    return rms, case["peak_pressure"] / pH


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tribo", default=os.path.join(ROOT, "build", "release", "bin", "tribo"))
    ap.add_argument("--np", type=int, default=2)
    ap.add_argument("--out", default="slab_convergence_runs")
    ap.add_argument("--quick", action="store_true", help="N up to 9 only (a minute)")
    ap.add_argument("--reuse", action="store_true", help="read the HDF5 files of an earlier run")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    ref = reference()
    flat_in = os.path.join(ROOT, "input", "slab_convergence.yaml")
    hertz_in = os.path.join(ROOT, "input", "hertz_convergence.yaml")
    top = 9 if args.quick else 11
    graded_levels = list(range(6, top + 1))
    maximal_levels = list(range(6, top + 5))
    families = [("maximal", maximal_levels), ("graded:1", graded_levels), ("graded:2", graded_levels),
                ("graded:3", graded_levels)]
    refs = {
        "frictionless": ("flat_frictionless", "P_over_G_delta"),
        "bonded_normal": ("bonded_normal", "P_over_G_delta"),
        "bonded_tangential": ("bonded_tangential", "Q_over_G_Delta"),
    }
    a_K = ref["lateral_stiffness"]["a_over_Lx"]
    timing = []
    for a in (0.0625, 0.125, 0.25, a_K):
        kinds = ["bonded_tangential"] if a == a_K else list(refs)
        rows = {k: [] for k in kinds}
        for fam, levels in families:
            name = f"flat_a{a:.4f}_{fam.replace(':', '')}"
            t0 = time.time()
            cases = run(args, name, flat_in, fam,
                        [f"punch.half_width_over_Lx={a}", f"sweep.parameters={{punch.kind: {kinds}, "
                         f"slab.levels: {levels}}}"])
            timing.append((name, time.time() - t0))
            for k in kinds:
                got = sorted((c["levels"], c["nodes"], c["stiffness_over_G"]) for c in cases.values()
                             if c["kind"] == k)
                if a == a_K:
                    r = ref["lateral_stiffness"]["K_over_G_w_held"]
                else:
                    group, key = refs[k]
                    r = [e for e in ref[group] if abs(e["a_over_Lx"] - a) < 1e-9][0][key]
                rows[k].append((fam, [g[0] for g in got], [g[1] for g in got], [g[2] for g in got], r))
        for k in kinds:
            what = "K of the Fig. 6 strip (bonded, pulled)" if a == a_K else f"{k} punch"
            table(f"{what}, a/L_x = {a:.4g}: {refs[k][1].replace('_', ' ')}", rows[k])

    # Hertz: the moment half-width, peak and RMS over 0.9 a.
    print("\n### frictionless cylinder (Hertz), graded coarsenings 1 and maximal\n")
    print("| a_H/L_x | hierarchy | N | nodes | contact nodes | peak/p_H (ref) | RMS error (|s| <= 0.9 a) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    hertz_levels = list(range(7, (9 if args.quick else 10) + 1))
    for fam in ("graded:1", "maximal"):
        name = f"hertz_{fam.replace(':', '')}"
        cases = run(args, name, hertz_in, fam,
                    [f"sweep.parameters={{punch.hertz_half_width_over_Lx: [0.05, 0.1, 0.2], "
                     f"slab.levels: {hertz_levels}}}"])
        for entry in ref["hertz"]:
            sel = sorted((c["levels"], cid) for cid, c in cases.items()
                         if abs(c["hertz_half_width_over_Lx"] - entry["aH_over_Lx"]) < 1e-9)
            for N, cid in sel:
                c = cases[cid]
                rms, peak = hertz_metrics(c, entry)
                print(f"| {entry['aH_over_Lx']} | {fam} | {N} | {c['nodes']} | {c['contact_nodes']} | "
                      f"{peak:.4f} ({entry['peak_over_pH']:.4f}) | {100 * rms:.3f}% |")
    print("\n" + "\n".join(f"# {n}: {t:.1f} s" for n, t in timing), file=sys.stderr)


if __name__ == "__main__":
    main()
