#!/usr/bin/env python3
"""The rough-pin study (input/rough_pin.yaml; docs/reproduction.md "Rough pins") as a table: per Hurst
exponent and RMS height, the mean and range over the seeds of the plateau F/W, mu_s (first onset),
mu_k and the slip onsets of the stage-driven pin, the normal contact's patches and length, the state
changes, the avalanche-size power law's verdict and the stationarity test's; a smooth circle's file
(input/fig9_dynamics.yaml) adds its row.
The plateau is the steady state's only (absent where the trend test fails).

    /usr/bin/python3 scripts/rough_pin.py rough_pin.h5 [--smooth smooth.h5] [--plot rough_pin.png]
"""
import argparse
from collections import defaultdict

import h5py
import numpy as np


def case_row(case):
    """The numbers of one case (None where the case has no such result)."""
    a, dyn, av, normal = case.attrs, case.get("dynamics"), case.get("avalanches"), case["normal"].attrs
    mu_s = dyn.attrs["mu_s"] if dyn is not None and "mu_s" in dyn.attrs else []
    return {
        "steady": int(a.get("steady_state_reached", 0)),
        "plateau": a.get("plateau_mean_F_over_W"),
        "mu_s": float(np.atleast_1d(mu_s)[0]) if len(np.atleast_1d(mu_s)) else None,
        "mu_k": dyn.attrs.get("mu_k") if dyn is not None else None,
        "onsets": dyn.attrs.get("n_slip_onset_times") if dyn is not None else None,
        "patches": normal.get("contact_patches"),
        "length_over_Lx": normal["contact_length"] / a["length_x"],
        "state_changes": a.get("n_state_changes"),
        "size_alpha": av.attrs.get("size_alpha") if av is not None else None,
        "size_power_law": av.attrs.get("size_power_law_supported") if av is not None else None,
    }


def summary(rows, key, digits):
    values = [r[key] for r in rows if r[key] is not None and np.isfinite(r[key])]
    if not values:
        return "–"
    mean = np.mean(values)
    if len(values) == 1:
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def table(groups):
    print("| H | RMS height [nm] | seeds | plateau F/W | mu_s (dynamics) | mu_k (dynamics) | slip onsets | normal patches "
          "| contact length / L_x | state changes | size alpha | power law (of seeds) | steady state (of seeds) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (hurst, rms), rows in groups:
        laws = sum(1 for r in rows if r["size_power_law"])
        steady = sum(r["steady"] for r in rows)
        print(f"| {hurst} | {rms} | {len(rows)} | {summary(rows, 'plateau', 4)} | {summary(rows, 'mu_s', 4)} | "
              f"{summary(rows, 'mu_k', 4)} | {summary(rows, 'onsets', 1)} | {summary(rows, 'patches', 1)} | {summary(rows, 'length_over_Lx', 3)} | "
              f"{summary(rows, 'state_changes', 0)} | {summary(rows, 'size_alpha', 2)} | {laws} of {len(rows)} | "
              f"{steady} of {len(rows)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--smooth", help="the smooth circle's result file (a row H = -, RMS = 0)")
    parser.add_argument("--plot", help="write plateau, mu_s and mu_k against the RMS height to this image")
    args = parser.parse_args()
    grouped = defaultdict(list)
    with h5py.File(args.file, "r") as f:
        for case in f["cases"].values():
            if case.attrs.get("status") != "complete":
                continue
            key = (float(case.attrs["hurst"]), round(float(case.attrs["rms_height"]) * 1e9, 3))
            grouped[key].append(case_row(case))
    groups = sorted(grouped.items())
    if args.smooth:
        with h5py.File(args.smooth, "r") as f:
            smooth = [case_row(c) for c in f["cases"].values() if c.attrs.get("mu_i") == 0.5]
        groups = [(("– (circle)", 0), smooth)] + groups
    table(groups)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 4))
        for hurst in sorted({h for (h, _), _ in groups if not isinstance(h, str)}):
            for key, marker in (("plateau", "o"), ("mu_s", "^"), ("mu_k", "s")):
                pts = [(rms, r[key]) for (h, rms), rows in groups if h == hurst for r in rows if r[key] is not None]
                ax.plot(*zip(*pts), marker, label=f"{key}, H = {hurst}", alpha=0.7)
        ax.set_xlabel("RMS height [nm]")
        ax.set_ylabel("F / W")
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)


if __name__ == "__main__":
    main()
