#!/usr/bin/python3
"""Plots of the nanoscale friction profile (paper Figs. 6-8) from a tribo HDF5 file.

For every case with a profile/ group: F/W against delta/L_x (Fig. 6), the pin displacement of each event
and its running sum for L_x = the case's slab width (Fig. 7), and the avalanche statistics (log-binned
sizes, force drops and pin displacements with their power-law fits and verdicts, docs/model.md §17). Over all profile cases of a file: the mean
pin displacement per event against n_x for each pin radius, with a fitted power law (Fig. 8).

    /usr/bin/python3 scripts/plot_profile.py run.h5 [--out DIR]

As a module (scripts/make-figures.py): plot(case, case_id, out_dir) and plot_file(run, out_dir) (a tribo.Case, a tribo.Result),
each returning a list of figure paths (format and file names: scripts/figure_files.py).
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


save = figure_files.save


def plot(source, case_id, out_dir):
    """Figs. 6-7 and the avalanche statistics of one case; `source` is an open tribo.Result or a tribo.Case."""
    case = source if isinstance(source, tribo.Case) else source[case_id]
    os.makedirs(out_dir, exist_ok=True)
    a = case.attrs
    files = []
    mu = a.get("mu_i", float("nan"))
    label = f"$\\mu_i$ = {mu:g}, n_x = {2 ** int(a.get('levels', 0)) + 1}"

    # Fig. 6: the profile, sawtooth and all.
    profile = case.profile()
    d, F = profile["delta_over_Lx"].values, profile["F_over_W"].values
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(d, F, lw=0.6, label=label)
    # The plateau only where the stationarity test passed (docs/model.md §14); otherwise say so.
    if "plateau_mean_F_over_W" in a:
        ax.axhline(a["plateau_mean_F_over_W"], color="k", ls="--", lw=0.8,
                   label=f"plateau mean {a['plateau_mean_F_over_W']:.3f} = {a['plateau_ratio_to_mu_i']:.0%} of $\\mu_i$")
        ax.axvline(a["steady_state_start_over_Lx"], color="gray", ls=":", lw=0.8, label="steady state from here")
    elif "steady_state_reached" in a:
        ax.text(0.02, 0.97, f"no steady state (trend t = {a['steady_state_trend_t']:.3g}): no plateau, "
                "$\\mu_k$ or $\\mu_s$", transform=ax.transAxes, va="top", fontsize=8, color="C3")
    if "mu_s_profile" in a:
        ax.plot([a["mu_s_profile_delta_over_Lx"]], [a["mu_s_profile"]], "v", color="C3", ms=6,
                label=f"first major peak $\\mu_s$ = {a['mu_s_profile']:.4f}")
    ax.set_xlabel("pin displacement $\\delta_p / L_x$")
    ax.set_ylabel("friction force $F / W$")
    ax.set_title(f"{case_id}: nanoscale friction profile (Fig. 6)", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(alpha=0.3)
    files.append(save(fig, out_dir, f"{case_id}_profile"))

    # Fig. 7: pin displacement per event and cumulative, in nm for this slab's L_x.
    inc = case.events()["increment"].values * 1e9
    n = np.arange(1, inc.size + 1)
    fig, ax1 = plt.subplots(figsize=(7, 4))
    ax1.semilogy(n, np.maximum(inc, 1e-12), ".", ms=2, label="per event")
    ax1.set_xlabel("event number")
    ax1.set_ylabel("pin displacement per event [nm]")
    ax2 = ax1.twinx()
    ax2.plot(n, np.cumsum(inc), "C1", lw=1.0, label="cumulative")
    ax2.set_ylabel("cumulative pin displacement [nm]", color="C1")
    ax1.set_title(f"{case_id}: incremental and cumulative pin displacement (Fig. 7)", fontsize=10)
    ax1.grid(alpha=0.3)
    files.append(save(fig, out_dir, f"{case_id}_increments"))

    # Avalanches: sizes, force drops and pin displacements per event, log-binned, each with its power
    # law above x_min drawn where the file has a fit, and the verdict of docs/model.md section 17.
    if tribo.GROUPS["avalanches"] in case:
        g = {k: q.values for k, q in case.avalanches().items()}
        ga = case.group_attrs(tribo.GROUPS["avalanches"])
        panels = [("size", "size_bin_lower", "size_density", "avalanche size (state changes)", True),
                  ("drop", "drop_bin_lower_over_W", "drop_density", "force drop $\\Delta F / W$", False),
                  ("increment", "increment_bin_lower_over_Lx", "increment_density",
                   "pin displacement per event $/ L_x$", False)]
        panels = [p for p in panels if p[1] in g]
        fig, axes = plt.subplots(1, len(panels), figsize=(4.3 * len(panels), 3.9), squeeze=False)
        for ax, (q, lower, density, xlabel, discrete) in zip(axes[0], panels):
            x, y = g[lower], g[density]
            keep = y > 0
            # Each bin [x, 2x) at its geometric centre, where a power law's bin average sits.
            ax.loglog(np.sqrt(2) * x[keep], y[keep], "o", ms=4, color="C0", label="data (log bins, centres)")
            if f"{q}_alpha" in ga:
                draw_power_law(ax, ga, q, discrete, x.min(), 2 * x.max())
            ax.set_xlabel(xlabel)
            ax.set_title(verdict_title(ga, q), fontsize=8)
            ax.grid(alpha=0.3, which="both")
            ax.legend(fontsize=7, loc="lower left")
        axes[0][0].set_ylabel("probability density")
        fig.suptitle(f"{case_id}: avalanche statistics ({text(ga.get('events_used', 'all events'))})", fontsize=9)
        files.append(save(fig, out_dir, f"{case_id}_avalanches"))
    return files


def text(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def draw_power_law(ax, ga, q, discrete, lo, hi):
    """The fitted density above x_min, scaled like the log-binned histogram (count / (n width)):
    (n_tail / n) p(x), p(x) = (alpha-1)/x_min (x/x_min)^-alpha, or x^-alpha / zeta(alpha, x_min) for the
    integer sizes; a dotted line at x_min."""
    from scipy.special import zeta
    alpha, x_min = float(ga[f"{q}_alpha"]), float(ga[f"{q}_x_min"])
    fraction = float(ga[f"{q}_n_tail"]) / float(ga[f"{q}_n"])
    xs = np.geomspace(x_min, max(hi, 2 * x_min), 100)
    p = xs ** -alpha / zeta(alpha, x_min) if discrete else (alpha - 1) / x_min * (xs / x_min) ** -alpha
    supported = int(ga.get(f"{q}_power_law_supported", 0)) == 1
    ax.loglog(xs, fraction * p, "-" if supported else "--", color="C3", lw=1.2,
              label=f"power law fit, $\\alpha$ = {alpha:.2f}" + ("" if supported else " (rejected)"))
    ax.axvline(x_min, color="gray", ls=":", lw=0.8, label=f"$x_{{min}}$ = {x_min:.3g}")


def verdict_title(ga, q):
    """alpha with its bootstrap error and x_min, and whether the tests support a power law."""
    if f"{q}_alpha" not in ga:
        return f"{q}: no fit ({text(ga.get(f'{q}_verdict', ''))[:60]})"
    head = (f"{q}: $\\alpha$ = {ga[f'{q}_alpha']:.2f} $\\pm$ {ga[f'{q}_alpha_error']:.2f} above "
            f"{ga[f'{q}_x_min']:.3g}")
    if int(ga.get(f"{q}_power_law_supported", 0)) == 1:
        return head + f"\npower law plausible (p = {ga[f'{q}_gof_p']:.2f})"
    if f"{q}_gof_p" in ga and ga[f"{q}_gof_p"] < 0.1:
        return head + f"\nNOT a power law (goodness of fit p = {ga[f'{q}_gof_p']:.2f})"
    return head + "\nnot supported: " + text(ga.get(f"{q}_verdict", ""))[:50]


def steady_mean_increment(case):
    """Mean pin displacement per event / L_x over the steady state alone (events past
    profile/steady_state_start_over_Lx), or None when the run stopped before it slid: the case's
    stationarity test must have passed (steady_state_reached; files written before it: F over the second
    half of the events must drift by less than 10% of its mean, a least-squares line), and at least a
    quarter of the events must lie in the steady state."""
    attrs = case.attrs
    lx = float(attrs["length_x"])
    start = float(case.group_attrs(tribo.GROUPS["profile"])["steady_state_start_over_Lx"]) * lx
    ev = case.events()
    delta, inc, force = ev["delta"].values, ev["increment"].values, ev["friction_force"].values
    if "steady_state_reached" in attrs:
        steady = inc[delta >= start]
        if not attrs["steady_state_reached"] or len(steady) < len(inc) / 4:
            return None
        return float(np.mean(steady)) / lx
    half = slice(len(delta) // 2, None)
    slope = np.polyfit(delta[half], force[half], 1)[0]
    drift = abs(slope) * (delta[-1] - delta[len(delta) // 2])
    steady = inc[delta >= start]
    if drift > 0.1 * np.mean(force[half]) or len(steady) < len(inc) / 4:
        return None
    return float(np.mean(steady)) / lx


def resolution_table(run):
    """(n_x, R/L_x, mean increment / L_x over all events, the same over the steady state or None) of
    every complete profile case."""
    rows = []
    for case in run.cases():
        a = case.attrs
        if tribo.GROUPS["profile"] in case and "mean_increment_over_Lx" in a:
            rows.append((2 ** int(a["levels"]) + 1, float(a["radius_over_Lx"]), float(a["mean_increment_over_Lx"]),
                         steady_mean_increment(case)))
    return rows


def power_law(nx, y):
    """Least-squares fit of log y = log c + b log n_x: (c, b, standard error of b)."""
    x, ly = np.log(np.asarray(nx, float)), np.log(np.asarray(y, float))
    A = np.vstack([np.ones_like(x), x]).T
    coef, res, *_ = np.linalg.lstsq(A, ly, rcond=None)
    dof = max(len(x) - 2, 1)
    s2 = float(np.sum((ly - A @ coef) ** 2)) / dof
    cov = s2 * np.linalg.inv(A.T @ A)
    return float(np.exp(coef[0])), float(coef[1]), float(np.sqrt(cov[1, 1]))


def paper_layout(run, out_dir):
    """Figs. 6 and 9 as the paper draws them: the profiles (and, where the cases ran the dynamics, the
    spring forces) of every mu_i at one resolution and pin radius on one axes."""
    groups = {}
    for case in run.cases():
        cid, a = case.id, case.attrs
        if tribo.GROUPS["profile"] in case and "mu_i" in a:
            key = (int(a.get("levels", 0)), float(a.get("radius_over_Lx", 0)), text(a.get("hierarchy", "maximal")))
            groups.setdefault(key, []).append((float(a["mu_i"]), cid, case))
    files = []
    for (levels, radius, hierarchy), cases in sorted(groups.items()):
        if len({mu for mu, _, _ in cases}) < 2:
            continue
        cases.sort(key=lambda c: c[0])
        tag = f"n_x = {2 ** levels + 1}, R/L_x = {radius:g}, {hierarchy} hierarchy"
        stem = f"paper_N{levels}_R{radius:g}_{hierarchy}"
        fig, ax = plt.subplots(figsize=(7, 4))
        for mu, cid, case in cases:
            profile = case.profile()
            ax.plot(profile["delta_over_Lx"].values, profile["F_over_W"].values, lw=0.6,
                    label=f"$\\mu_i$ = {mu:g}")
        ax.set_xlabel("pin displacement $\\delta_p / L_x$")
        ax.set_ylabel("friction force $F / W$")
        ax.set_title(f"nanoscale friction profiles (Fig. 6): {tag}", fontsize=9)
        ax.legend(fontsize=8, loc="lower right")
        ax.grid(alpha=0.3)
        files.append(save(fig, out_dir, f"{stem}_fig6"))
        dyn = [(mu, case.trajectory()) for mu, _, case in cases if tribo.GROUPS["dynamics"] in case]
        if len(dyn) >= 2:
            fig, ax = plt.subplots(figsize=(7, 4))
            for mu, g in dyn:
                ax.plot(g["t"].values * 1e3, g["F_spring"].values, lw=0.7, label=f"$\\mu_i$ = {mu:g}")
            ax.set_xlabel("time [ms]")
            ax.set_ylabel("spring force $k(V_o t - x_p)$ [N]")
            ax.set_title(f"spring force on the stage-driven pin (Fig. 9): {tag}", fontsize=9)
            ax.legend(fontsize=8, loc="lower right")
            ax.grid(alpha=0.3)
            files.append(save(fig, out_dir, f"{stem}_fig9"))
    return files


def plot_file(run, out_dir):
    """Figs. 6 and 9 in the paper's layout (paper_layout), and Fig. 8 when the file holds profiles at three or more resolutions of one pin radius: the mean over
    all events (filled) and, where the runs reached it, over the steady state alone (open)."""
    os.makedirs(out_dir, exist_ok=True)
    files = paper_layout(run, out_dir)
    rows = resolution_table(run)
    radii = sorted({r for _, r, _, _ in rows})
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    drawn = False
    for r in radii:
        for col, style, what in ((2, "o", "all events"), (3, "s", "steady state")):
            s = sorted((row[0], row[col]) for row in rows if row[1] == r and row[col] is not None)
            if len({n for n, _ in s}) < 3:
                continue
            nx, m = zip(*s)
            c, b, db = power_law(nx, m)
            pts = ax.loglog(nx, m, style, mfc="none" if col == 3 else None, label=f"R/L_x = {r:g}, {what}")
            xs = np.geomspace(min(nx), max(nx), 50)
            ax.loglog(xs, c * xs ** b, "--", lw=0.8, color=pts[0].get_color(),
                      label=f"fit: {c:.3g} $n_x^{{{b:.2f} \\pm {db:.2f}}}$")
            drawn = True
    if not drawn:
        plt.close(fig)
        return files
    ax.set_xlabel("surface nodes $n_x$")
    ax.set_ylabel("mean pin displacement per event / $L_x$")
    ax.set_title("mean pin displacement per event vs resolution (Fig. 8)", fontsize=10)
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3, which="both")
    return files + [save(fig, out_dir, "resolution_fig8")]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5")
    ap.add_argument("--out", default="figures")
    args = ap.parse_args()
    with tribo.open(args.h5) as run:
        for case in run.cases():
            if tribo.GROUPS["profile"] in case:
                for p in plot(case, case.id, args.out):
                    print(p)
        for p in plot_file(run, args.out):
            print(p)


if __name__ == "__main__":
    main()
