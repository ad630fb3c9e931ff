#!/usr/bin/python3
"""Plots of the sliding and spinning disk (disk paper Figs. 2-5) from a tribo HDF5 file.

Reads the `disk` study's cases: disk-curves-* (disk/{eps, F, T, f}, attribute eps0),
disk-trajectory-* (trajectory/{v_star, omega_star, eps, ...}) and disk-analysis (analysis/...).
Writes fig2_force_torque.png, fig2b_torque_vs_force.png, fig3_trajectories.png, fig4_f.png and
fig5_analysis.png into --out.

    /usr/bin/python3 scripts/plot_disk.py disk.h5 [--out DIR]
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


def curves(run):
    """F, T and f against eps of each disk-curves-<pressure> case, by pressure, with eps0."""
    out, disk = {}, tribo.GROUPS["disk"]
    for case in run.cases():
        if case.id.startswith("disk-curves-") and disk in case:
            d = case.group(disk)
            out[case.id[len("disk-curves-"):]] = {k: d[k].values for k in ("eps", "F", "T", "f")} | {
                "eps0": float(case.group_attrs(disk)["eps0"])}
    return out


def trajectories(run):
    """v*, omega*, eps and t* of each disk-trajectory-* case, with its kind and final eps."""
    out, path = [], tribo.GROUPS["trajectory"]
    for case in run.cases():
        if case.id.startswith("disk-trajectory-") and path in case:
            t, attrs = case.group(path), case.group_attrs(path)
            out.append({k: t[k].values for k in ("v_star", "omega_star", "eps", "t_star")} | {
                "kind": attrs["kind"], "final_eps": float(attrs["final_eps"])})
    return out


def analysis(run):
    """The arrays and attributes of disk-analysis/analysis/, or None without that case."""
    path = tribo.GROUPS["analysis"]
    if "disk-analysis" not in run.case_ids() or path not in run["disk-analysis"]:
        return None
    case = run["disk-analysis"]
    return {k: q.values for k, q in case.group(path).items()} | case.group_attrs(path)


save = figure_files.save


def plot_file(run, out):
    """Figs. 2-5 from the disk cases of an open tribo.Result; returns the PNG paths ([] without disk cases)."""
    files = []
    cs = curves(run)
    trs = trajectories(run)
    ana = analysis(run)
    if cs or trs or ana:
        os.makedirs(out, exist_ok=True)

    if cs:
        # Fig. 2(a): F and T against eps (linear, as in the paper, and logarithmic).
        fig, axes = plt.subplots(1, 2, figsize=(11, 4))
        for name, c in cs.items():
            lw = 2.0 if name == "uniform" else 1.0
            for ax in axes:
                line, = ax.plot(c["eps"], c["F"], lw=lw, label=f"$\\mathcal{{F}}$ {name}")
                ax.plot(c["eps"], c["T"], "--", lw=lw, color=line.get_color(), label=f"$\\mathcal{{T}}$ {name}")
        axes[0].set_xlim(0, 5)
        axes[1].set_xscale("log")
        for ax in axes:
            ax.set_xlabel("$\\varepsilon = v / R\\omega$")
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("dimensionless force, torque")
        axes[0].legend(fontsize=7)
        axes[0].set_title("Fig. 2(a): friction force and torque", fontsize=10)
        files.append(save(fig, out, "fig2_force_torque.png"))

        # Fig. 2(b): the coupled (T, F) pairs.
        fig, ax = plt.subplots(figsize=(5, 5))
        for name, c in cs.items():
            ax.plot(c["T"], c["F"], lw=2.0 if name == "uniform" else 1.0, label=name)
        ax.set_xlabel("$\\mathcal{T}$")
        ax.set_ylabel("$\\mathcal{F}$")
        ax.set_xlim(0, None)
        ax.set_ylim(0, 1.05)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        ax.set_title("Fig. 2(b): force-torque coupling", fontsize=10)
        files.append(save(fig, out, "fig2b_torque_vs_force.png"))

        # Fig. 4: f(eps) = eps - F/(2T), zero at eps0.
        fig, ax = plt.subplots(figsize=(6, 4))
        for name, c in cs.items():
            sel = c["eps"] <= 2.0
            line, = ax.plot(c["eps"][sel], c["f"][sel], lw=2.0 if name == "uniform" else 1.0,
                            label=f"{name}: $\\varepsilon_0$ = {c['eps0']:.6f}")
            if 0 < c["eps0"] < 2:
                ax.plot([c["eps0"]], [0.0], "o", color=line.get_color())
        ax.axhline(0, color="k", lw=0.5)
        ax.set_xlabel("$\\varepsilon$")
        ax.set_ylabel("$f(\\varepsilon) = \\varepsilon - \\mathcal{F}/2\\mathcal{T}$")
        ax.set_xlim(0, 2)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        ax.set_title("Fig. 4: right-hand side of Eq. 6", fontsize=10)
        files.append(save(fig, out, "fig4_f.png"))

    if trs:
        # Fig. 3: omega*-v* and eps-v* trajectories.
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
        for tr in trs:
            axes[0].plot(tr["v_star"], tr["omega_star"], lw=1.0)
            if tr["kind"] == "mixed":
                axes[1].plot(tr["v_star"], tr["eps"], lw=1.0)
        eps0 = cs.get("uniform", {}).get("eps0")
        axes[0].set_xlabel("$v^*$")
        axes[0].set_ylabel("$\\omega^*$")
        axes[0].set_xlim(0, None)
        axes[0].set_ylim(0, None)
        axes[0].set_title("Fig. 3(a): $\\omega^*$-$v^*$ trajectories", fontsize=10)
        axes[1].set_xlabel("$v^*$")
        axes[1].set_ylabel("$\\varepsilon$")
        axes[1].set_yscale("log")
        axes[1].set_xlim(0, None)
        if eps0:
            axes[1].axhline(eps0, color="k", lw=0.6, ls=":", label=f"$\\varepsilon_0$ = {eps0:.4f}")
            axes[1].legend(fontsize=8)
        axes[1].set_title("Fig. 3(b): $\\varepsilon$-$v^*$, all ending at $\\varepsilon_0$", fontsize=10)
        for ax in axes:
            ax.grid(alpha=0.3)
        files.append(save(fig, out, "fig3_trajectories.png"))

    if ana is not None:
        # Fig. 5: F and T recovered from simulated throws with the drifting mu, and with constant mu0.
        fig, ax = plt.subplots(figsize=(6.5, 4.5))
        if "uniform" in cs:
            c = cs["uniform"]
            sel = c["eps"] <= 6
            ax.plot(c["eps"][sel], c["F"][sel], "k-", lw=1, label="$\\mathcal{F}$ theory")
            ax.plot(c["eps"][sel], c["T"][sel], "k--", lw=1, label="$\\mathcal{T}$ theory")
        ax.plot(ana["eps"], ana["F"], "x", color="C0", label="$\\mathcal{F}$ recovered, $\\mu_n$")
        ax.plot(ana["eps"], ana["T"], "o", mfc="none", color="C1", label="$\\mathcal{T}$ recovered, $\\mu_n$")
        ax.plot(ana["eps"], ana["F_constant_mu"], "+", color="C2", ms=5,
                label=f"$\\mathcal{{F}}$ with constant $\\mu$ = {ana['mu0']:g}")
        ax.set_xlabel("$\\varepsilon$")
        ax.set_ylabel("dimensionless force, torque")
        ax.set_title("Fig. 5: analysis of {} simulated throws, $\\mu_n$ = {:g} + {:g} n".format(
            len(ana["n"]), ana["mu0"], ana["mu_per_throw"]), fontsize=9)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
        files.append(save(fig, out, "fig5_analysis.png"))

    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5")
    ap.add_argument("--out", default=".")
    args = ap.parse_args()
    with tribo.open(args.h5) as run:
        for p in plot_file(run, args.out):
            print(p)


if __name__ == "__main__":
    main()
