#!/usr/bin/python3
"""The disk under a local velocity-dependent friction law (docs/disk.md section 7), from a tribo file.

Reads the disk study's disk-velocity-law-* cases (trajectory/{t, omega, eps}, velocity_law/, the
friction_law attributes), prints one Markdown row per case (the law's swept parameters, eps(0),
final eps, the slow limit's eps0, stop time, eps one frame before the stop) and draws eps against
omega for every case, with the frozen fixed points, into --out/disk_velocity_law.png.

    /usr/bin/python3 scripts/plot_disk_velocity_law.py disk_velocity_law.h5 [--out DIR]
"""
import argparse
import os
import sys

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # scripts/figure_files.py, python/tribo/
import figure_files  # noqa: E402
import tribo  # noqa: E402


def text(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def cases(run):
    """The disk-velocity-law-* cases of an open tribo.Result: trajectory, law parameters, fixed points."""
    out = []
    traj, vel, law_group = tribo.GROUPS["trajectory"], tribo.GROUPS["velocity_law"], tribo.GROUPS["friction_law"]
    for case in run.cases():
        if not case.id.startswith("disk-velocity-law-") or traj not in case:
            continue
        t, v = case.group(traj), case.group(vel)
        ta, va = case.group_attrs(traj), case.group_attrs(vel)
        c = {"id": case.id, "law": case.group_attrs(law_group),
             "t": t["t"].values, "omega": t["omega"].values, "eps": t["eps"].values}
        c |= {k: float(ta[k]) for k in ("initial_eps", "final_eps", "stop_time")}
        c |= {k: float(va[k]) for k in ("eps0_slow", "eps_frame_before_stop", "frame_before_stop")}
        if "frozen_omega" in v:
            c["frozen_omega"], c["frozen_eps0"] = v["frozen_omega"].values, v["frozen_eps0"].values
        out.append(c)
    return out


def swept(cs):
    """The law parameters that differ between cases (the sweep), in the law's order."""
    keys = [k for k in cs[0]["law"] if k != "law"]
    return [k for k in keys if len({float(c["law"][k]) for c in cs}) > 1]


def table(cs, keys):
    head = keys + ["eps(0)", "final eps", "eps0 (slow limit)", "stop time [s]",
                   f"eps {cs[0]['frame_before_stop']:g} s before the stop"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for c in cs:
        row = [f"{float(c['law'][k]):g}" for k in keys]
        row += [f"{c['initial_eps']:.4f}", f"{c['final_eps']:.10f}", f"{c['eps0_slow']:.10f}",
                f"{c['stop_time']:.6f}", f"{c['eps_frame_before_stop']:.4f}"]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def sorted_cases(run):
    cs = cases(run)
    keys = swept(cs) if cs else []
    cs.sort(key=lambda c: (c["initial_eps"], [float(c["law"][k]) for k in keys]))
    return cs, keys


def plot_file(run, out):
    """eps(omega) of every disk-velocity-law case of an open file; returns the PNG paths ([] without)."""
    cs, keys = sorted_cases(run)
    if not cs:
        return []
    os.makedirs(out, exist_ok=True)
    launches = sorted({round(c["initial_eps"], 12) for c in cs})
    fig, axes = plt.subplots(1, len(launches), figsize=(5.5 * len(launches), 4.2), squeeze=False)
    for ax, launch in zip(axes[0], launches):
        for c in (c for c in cs if round(c["initial_eps"], 12) == launch):
            omega0 = c["omega"][0]
            m = (c["omega"] > 0) & (c["omega"] >= 1e-6 * omega0)  # the last decades hold eps0 only
            label = ", ".join(f"{k} {float(c['law'][k]):g}" for k in keys)
            line, = ax.semilogx(c["omega"][m] / omega0, c["eps"][m], lw=1.2, label=label)
            if "frozen_omega" in c:
                ax.semilogx(c["frozen_omega"] / omega0, c["frozen_eps0"], "o", ms=3, color=line.get_color())
        ax.axhline(cs[0]["eps0_slow"], color="k", lw=0.6, ls="--")
        ax.set_xlim(1.0, 1e-6)
        ax.set_xlabel("omega/omega0")
        ax.set_ylabel("eps = v/(R omega)")
        ax.set_title(f"eps(0) = {launch:.3g}; dots: eps0 with omega frozen", fontsize=9)
        if keys:
            ax.legend(fontsize=7)
    path = figure_files.figure_path(out, "disk_velocity_law")
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)
    return [path]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5")
    ap.add_argument("--out", default=".")
    args = ap.parse_args()
    with tribo.open(args.h5) as run:
        cs, keys = sorted_cases(run)
        if not cs:
            raise SystemExit(f"{args.h5}: no disk-velocity-law-* cases")
        print("\n".join(table(cs, keys)))
        for path in plot_file(run, args.out):
            print(path)


if __name__ == "__main__":
    main()
