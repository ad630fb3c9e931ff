#!/usr/bin/python3
"""Finite-size scaling of the avalanche statistics of a resolution sweep of profile cases (issue 16).

Reads a tribo HDF5 file (e.g. from input/avalanche_scaling.yaml), keeps each case's steady-state window
(case attributes steady_state_start_index ... steady_state_end_index, inclusive: the events the
`avalanches` group was computed from; docs/model.md §14, §17) and, for the avalanche sizes
(events/state_changes) and the force drops (events/force_drop_over_W above 1e-6, as in the file):

* two cut-off scales per case: the moment ratio x_c = <x^2>/<x> and the 99th percentile x_99 (the
  largest-event scale; a percentile, not the maximum, so that it does not grow with the number of events);
  their errors from a circular block bootstrap over the window's events (blocks of --block events keep
  the correlation between successive avalanches);
* the cut-off exponent x_c ~ n_x^D: least squares of log x_c against log n_x with the standard error of
  the slope from the residuals (n - 2 degrees of freedom), and the standard deviation of the slope over
  the bootstrap resamples (each case resampled independently, the fit repeated);
* the collapse P(x) x^tau against x / n_x^D of the log-binned densities (bins doubling from 1 for sizes,
  from 1e-6 for drops), with D from the moment ratio and tau the inverse-variance mean of the file's
  Clauset-Shalizi-Newman exponents (<q>_alpha +- <q>_alpha_error, every case with a fit) or --tau-<q>;
  and the (tau, D) that minimise the spread of the collapsed curves (mean over a common grid of
  ln(x / n_x^D) of the variance of ln P x^tau across the cases that cover a point; a grid search refined
  by Nelder-Mead, errors over --collapse-bootstrap block-bootstrap resamples);
* a markdown table per quantity (n_x, events in the window, alpha +- error, x_min, n_tail, goodness-of-fit
  p and verdict from the file, the two cut-offs) on stdout, and three figures (scripts/figure_files.py:
  LaTeX-safe names): avalanche_scaling-mu_i-<mu>_cutoffs (both cut-offs of both quantities against n_x
  with the fits), ..._size_collapse and ..._drop_collapse (densities, the collapse with the file's tau,
  the best collapse).

Several files are merged (a sweep farmed in pieces; one case per n_x). Cases without a steady state are
listed with their reason and left out of the fits; fewer than two left is an error (exit 1).

    /usr/bin/python3 scripts/avalanche_scaling.py run.h5 [more.h5 ...] [--out DIR] [--format png|pdf|svg]
        [--mu_i 0.5] [--bootstrap 1000] [--block 20] [--collapse-bootstrap 100] [--tau-size T] [--tau-drop T]
"""
import argparse
import os
import sys

import matplotlib
import numpy as np
from scipy import optimize, stats

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # scripts/figure_files.py, python/tribo/
import figure_files  # noqa: E402
import tribo  # noqa: E402

DROP_FLOOR = 1e-6  # the file's floor for force drops over W (round-off sits below it)
QUANTITIES = {"size": "avalanche size $s$ (state changes)", "drop": "force drop $\\Delta F / W$"}


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def load_cases(run, mu_i):
    """The profile cases of an open tribo.Result (one mu_i), sorted by n_x, with their steady-state windows."""
    out = []
    for c in run.cases():
        cid, a = c.id, c.attrs
        if tribo.GROUPS["events"] not in c or "levels" not in a:
            continue
        if mu_i is not None and abs(float(a.get("mu_i", np.nan)) - mu_i) > 1e-12:
            continue
        if text(a.get("status", "complete")) != "complete":
            continue
        events = c.events()
        case = {"id": cid, "n_x": 2 ** int(a["levels"]) + 1, "mu_i": float(a.get("mu_i", np.nan)),
                "steady": int(a.get("steady_state_reached", 0)) == 1,
                "reason": text(a.get("steady_state_reason", "")), "events": len(events["state_changes"])}
        av = c.group_attrs(tribo.GROUPS["avalanches"]) if tribo.GROUPS["avalanches"] in c else {}
        case["fits"] = {q: {k: av[f"{q}_{k}"] for k in ("alpha", "alpha_error", "x_min", "gof_p", "n_tail",
                                                         "power_law_supported", "verdict") if f"{q}_{k}" in av}
                        for q in QUANTITIES}
        if case["steady"]:
            i0, i1 = int(a["steady_state_start_index"]), int(a["steady_state_end_index"]) + 1
            s = np.asarray(events["state_changes"].values[i0:i1], dtype=float)
            d = np.asarray(events["force_drop_over_W"].values[i0:i1], dtype=float)
            case["window"] = (i0, i1 - 1)
            case["data"] = {"size": s, "drop": d}  # drops: all, the floor is applied per use (keeps blocks)
        out.append(case)
    return sorted(out, key=lambda c: c["n_x"])


def cutoffs(x, positive_floor=None):
    """(moment ratio <x^2>/<x>, 99th percentile) of the samples (above the floor when given)."""
    if positive_floor is not None:
        x = x[x > positive_floor]
    if len(x) < 2:
        return np.nan, np.nan
    return float(np.mean(x * x) / np.mean(x)), float(np.percentile(x, 99))


def block_bootstrap(x, B, block, rng, floor):
    """Cut-offs over B circular-block-bootstrap resamples of the event sequence x: array (B, 2)."""
    return np.array([cutoffs(resample(x, block, rng), floor) for _ in range(B)]).reshape(B, 2)


def fit_loglog(n_x, c):
    """Slope D, its standard error (residuals, n - 2 dof; nan for two points) and the prefactor."""
    ok = np.isfinite(c) & (c > 0)
    lx, ly = np.log(np.asarray(n_x, float)[ok]), np.log(np.asarray(c)[ok])
    if len(lx) < 2:
        return np.nan, np.nan, np.nan
    r = stats.linregress(lx, ly)
    se = r.stderr if len(lx) > 2 else np.nan
    return float(r.slope), float(se), float(np.exp(r.intercept))


def log_density(x, x0):
    """Log-binned density (count / (n width), bins doubling from x0): bin centres (geometric), density."""
    x = x[x >= x0]
    if len(x) == 0:
        return np.array([]), np.array([])
    nb = int(np.ceil(np.log2(x.max() / x0) + 1e-12)) + 1
    edges = x0 * 2.0 ** np.arange(nb + 1)
    h, _ = np.histogram(x, edges)
    dens = h / (len(x) * np.diff(edges))
    centre = np.sqrt(edges[:-1] * edges[1:])
    keep = h > 0
    return centre[keep], dens[keep]


def collapse_spread(curves, tau, D, grid=40):
    """Mean variance across cases of log P x^tau on a common grid of log(x / n_x^D) (>= 2 curves)."""
    X, Y = [], []
    for n_x, xc, p in curves:
        X.append(np.log(xc) - D * np.log(n_x))
        Y.append(np.log(p) + tau * np.log(xc))
    g = np.linspace(min(x.min() for x in X), max(x.max() for x in X), grid)
    vals = np.full((len(X), grid), np.nan)
    for k, (x, y) in enumerate(zip(X, Y)):
        inside = (g >= x.min()) & (g <= x.max())
        vals[k, inside] = np.interp(g[inside], x, y)
    count = np.sum(np.isfinite(vals), axis=0)
    use = count >= 2
    if use.sum() < grid // 4:  # too little overlap to judge a collapse
        return np.inf
    return float(np.nanmean(np.nanvar(vals[:, use], axis=0)))


def best_collapse(curves, tau0, D0):
    """(tau, D) on a grid around the starting values minimising collapse_spread."""
    taus = np.linspace(max(0.5, tau0 - 1.5), tau0 + 1.5, 61)
    Ds = np.linspace(D0 - 1.5, D0 + 1.5, 61)
    best = (np.inf, tau0, D0)
    for t in taus:
        for d in Ds:
            s = collapse_spread(curves, t, d)
            if s < best[0]:
                best = (s, t, d)
    return best[1], best[2], best[0]


def refine_collapse(curves, tau0, D0):
    """Nelder-Mead from (tau0, D0) on collapse_spread: (tau, D)."""
    r = optimize.minimize(lambda v: collapse_spread(curves, v[0], v[1]), [tau0, D0], method="Nelder-Mead",
                          options={"xatol": 1e-3, "fatol": 1e-6, "maxiter": 400})
    return float(r.x[0]), float(r.x[1])


def resample(x, block, rng):
    """One circular-block-bootstrap resample of the event sequence x."""
    n = len(x)
    block = max(1, min(block, n))
    starts = rng.integers(0, n, int(np.ceil(n / block)))
    return x[(starts[:, None] + np.arange(block)[None, :]).ravel()[:n] % n]


def mean_alpha(cases, q):
    """Inverse-variance mean of the file's exponents of q (all cases with a fit), its error, and how many."""
    a = np.array([c["fits"][q]["alpha"] for c in cases if "alpha" in c["fits"][q]])
    e = np.array([c["fits"][q]["alpha_error"] for c in cases if "alpha" in c["fits"][q]])
    if len(a) == 0:
        return np.nan, np.nan, 0
    e = np.where(e > 0, e, np.nan)
    if np.all(np.isnan(e)):
        return float(np.mean(a)), np.nan, len(a)
    w = np.where(np.isfinite(e), 1 / e ** 2, 0)
    return float(np.sum(w * a) / np.sum(w)), float(1 / np.sqrt(np.sum(w))), len(a)


def verdict_short(fit):
    if "verdict" not in fit:
        return "–"
    v = text(fit["verdict"])
    return v.split(":")[0]


def fmt_e(v, e, digits=3):
    if not np.isfinite(v):
        return "–"
    return f"{v:.{digits}g} ± {e:.2g}" if np.isfinite(e) else f"{v:.{digits}g}"


def analyse(cases, q, args, rng):
    floor = DROP_FLOOR if q == "drop" else None
    rows = []
    for c in cases:
        if not c["steady"]:
            continue
        x = c["data"][q]
        used = x[x > floor] if floor else x
        mc, p99 = cutoffs(x, floor)
        boot = block_bootstrap(x, args.bootstrap, args.block, rng, floor) if args.bootstrap > 0 else None
        rows.append({"case": c, "n": len(used), "x": used, "c": (mc, p99), "boot": boot,
                     "err": tuple(np.nanstd(boot, axis=0)) if boot is not None else (np.nan, np.nan)})
    res = {"rows": rows}
    n_x = np.array([r["case"]["n_x"] for r in rows])
    for k, name in enumerate(("moment", "p99")):
        c = np.array([r["c"][k] for r in rows])
        D, se, A = fit_loglog(n_x, c)
        Db = np.nan
        if args.bootstrap > 0 and len(rows) >= 2:
            slopes = [fit_loglog(n_x, np.array([r["boot"][b, k] for r in rows]))[0] for b in range(args.bootstrap)]
            Db = float(np.nanstd(slopes))
        res[name] = {"D": D, "se": se, "boot": Db, "A": A}
    return res


def table(q, cases, res):
    unit = "" if q == "size" else " (W)"
    lines = [f"| n_x | events in window | α ({q}s, file) | x_min{unit} | n_tail | p (GoF) | verdict | "
             f"⟨x²⟩/⟨x⟩{unit} | x_99{unit} |", "|---|---|---|---|---|---|---|---|---|"]
    byid = {r["case"]["id"]: r for r in res["rows"]}
    for c in cases:
        if not c["steady"]:
            lines.append(f"| {c['n_x']} | – (no steady state: {c['reason']}) | – | – | – | – | – | – | – |")
            continue
        fit, r = c["fits"][q], byid[c["id"]]
        i0, i1 = c["window"]
        events = f"{i1 - i0 + 1} ({i0}–{i1})" + ("" if q == "size" else f", {r['n']} drops > 1e-6")
        if "x_min" in fit:
            cols = [fmt_e(fit["alpha"], fit.get("alpha_error", np.nan)), f"{fit['x_min']:.3g}",
                    f"{int(fit['n_tail'])}", f"{fit['gof_p']:.2f}" if "gof_p" in fit else "–"]
        else:
            cols = ["–"] * 4
        cols += [verdict_short(fit), fmt_e(r["c"][0], r["err"][0]), fmt_e(r["c"][1], r["err"][1])]
        lines.append(f"| {c['n_x']} | {events} | " + " | ".join(cols) + " |")
    return "\n".join(lines)


save = figure_files.save


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file", nargs="+", help="one or more result files (a sweep farmed in pieces: cases merged)")
    p.add_argument("--out", default=None, help="directory of the figures (default: beside the file)")
    p.add_argument("--format", default="png", choices=figure_files.FORMATS)
    p.add_argument("--mu_i", type=float, default=None, help="the cases of this mu_i (default: the file's only one)")
    p.add_argument("--bootstrap", type=int, default=1000, help="block-bootstrap resamples per case (0: none)")
    p.add_argument("--block", type=int, default=20, help="events per bootstrap block")
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--collapse-bootstrap", type=int, default=100,
                   help="block-bootstrap resamples for the errors of the best collapse's (tau, D) (0: none)")
    p.add_argument("--tau-size", type=float, default=None, help="tau of the size collapse (default: the file's)")
    p.add_argument("--tau-drop", type=float, default=None, help="tau of the drop collapse (default: the file's)")
    args = p.parse_args(argv)
    figure_files.set_format(args.format)
    out = args.out or os.path.dirname(os.path.abspath(args.file[0]))
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(args.seed)

    cases, seen = [], set()
    for name in args.file:
        with tribo.open(name) as run:
            for c in load_cases(run, args.mu_i):
                if c["n_x"] in seen:
                    sys.exit(f"{name}: a second case at n_x = {c['n_x']} ({c['id']})")
                seen.add(c["n_x"])
                cases.append(c)
    cases.sort(key=lambda c: c["n_x"])
    source = ", ".join(args.file)
    if not cases:
        sys.exit(f"{source}: no complete profile case with events")
    mus = sorted({c["mu_i"] for c in cases})
    if len(mus) > 1:
        sys.exit(f"{source}: cases of mu_i = {mus}: choose one with --mu_i")
    mu = mus[0]
    steady = [c for c in cases if c["steady"]]
    print(f"# Avalanche finite-size scaling: {source}, mu_i = {mu:g}, {len(cases)} case(s), "
          f"{len(steady)} with a steady state")
    for c in cases:
        if not c["steady"]:
            print(f"warning: {c['id']} (n_x = {c['n_x']}): no steady state, left out: {c['reason']}")
    if len(steady) < 2:
        sys.exit("fewer than two cases with a steady state: no scaling to fit")
    print(f"(cut-off errors: circular block bootstrap, {args.bootstrap} resamples, blocks of {args.block} events;"
          " D's first error: least-squares standard error, second: bootstrap)\n")

    figs = []
    fig_c, axes_c = plt.subplots(1, 2, figsize=(10, 4))
    for k, (q, label) in enumerate(QUANTITIES.items()):
        res = analyse(cases, q, args, rng)
        print(f"## {q}s\n")
        print(table(q, cases, res))
        for name, what in (("moment", "⟨x²⟩/⟨x⟩"), ("p99", "x_99")):
            r = res[name]
            se = f"{r['se']:.3f}" if np.isfinite(r["se"]) else "– (two points: no residuals)"
            print(f"\n{what} ~ n_x^D: D = {r['D']:.3f} ± {se} (least squares) ± {r['boot']:.3f} (bootstrap)")
        tau_file, tau_err, n_fit = mean_alpha(steady, q)
        tau = getattr(args, f"tau_{q}")
        tau_src = f"--tau-{q}" if tau is not None else f"inverse-variance mean of the file's {q}_alpha over {n_fit} case(s)"
        if tau is None:
            tau = tau_file
        D = res["moment"]["D"]
        curves = []
        x0 = 1.0 if q == "size" else DROP_FLOOR
        for r in res["rows"]:
            xc, pd = log_density(r["x"], x0)
            if len(xc) >= 2:
                curves.append((r["case"]["n_x"], xc, pd))
        print(f"\ncollapse: tau = {tau:.3f}" + (f" ± {tau_err:.3f}" if np.isfinite(tau_err) else "")
              + f" ({tau_src}), D = {D:.3f} (moment ratio)")
        tb, Db, sp, etb, eDb, s0 = (np.nan, np.nan, np.inf, np.nan, np.nan, np.inf)
        if np.isfinite(tau) and np.isfinite(D) and len(curves) >= 2:
            s0 = collapse_spread(curves, tau, D)
            tb, Db, _ = best_collapse(curves, tau, D)
            tb, Db = refine_collapse(curves, tb, Db)
            sp = collapse_spread(curves, tb, Db)
            if args.collapse_bootstrap > 0:
                tv, Dv = [], []
                for _ in range(args.collapse_bootstrap):
                    cb = []
                    for r in res["rows"]:
                        xr = resample(r["case"]["data"][q], args.block, rng)
                        xc, pd = log_density(xr[xr > DROP_FLOOR] if q == "drop" else xr, x0)
                        if len(xc) >= 2:
                            cb.append((r["case"]["n_x"], xc, pd))
                    t_, D_ = refine_collapse(cb, tb, Db)
                    tv.append(t_)
                    Dv.append(D_)
                etb, eDb = float(np.std(tv)), float(np.std(Dv))
            print(f"collapse spread (mean variance of ln P x^tau across cases on a common grid): {s0:.3g} at "
                  f"these values; smallest {sp:.3g} at tau = {fmt_e(tb, etb)}, D = {fmt_e(Db, eDb)} (grid search "
                  f"refined by Nelder-Mead; errors over {args.collapse_bootstrap} block-bootstrap resamples)")
        print()

        # Cut-offs against n_x with the fits.
        ax = axes_c[k]
        n_x = np.array([r["case"]["n_x"] for r in res["rows"]])
        for j, (name, mk, what) in enumerate((("moment", "o", "$\\langle x^2\\rangle/\\langle x\\rangle$"),
                                              ("p99", "s", "$x_{99}$"))):
            c = np.array([r["c"][j] for r in res["rows"]])
            e = np.array([r["err"][j] for r in res["rows"]])
            rr = res[name]
            ax.errorbar(n_x, c, yerr=e, fmt=mk, color=f"C{j}", capsize=3, label=what)
            if np.isfinite(rr["D"]):
                xx = np.array([n_x.min(), n_x.max()], float)
                ax.plot(xx, rr["A"] * xx ** rr["D"], "-", color=f"C{j}", lw=0.8,
                        label=f"$\\propto n_x^{{{rr['D']:.2f} \\pm {np.nanmax([rr['se'], rr['boot']]):.2f}}}$")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("$n_x$")
        ax.set_ylabel(f"cut-off of the {q}s" + ("" if q == "size" else " (units of W)"))
        ax.set_title(f"{label}, $\\mu_i$ = {mu:g}", fontsize=9)
        ax.legend(fontsize=8)

        # Raw densities and the collapse.
        fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(15, 4.2))
        for j, (n, xc, pd) in enumerate(curves):
            a1.loglog(xc, pd, "o-", ms=3, lw=0.8, color=f"C{j}", label=f"$n_x$ = {n}")
            if np.isfinite(tau) and np.isfinite(D):
                a2.loglog(xc / n ** D, pd * xc ** tau, "o-", ms=3, lw=0.8, color=f"C{j}", label=f"$n_x$ = {n}")
            if np.isfinite(tb) and np.isfinite(Db):
                a3.loglog(xc / n ** Db, pd * xc ** tb, "o-", ms=3, lw=0.8, color=f"C{j}", label=f"$n_x$ = {n}")
        for c in steady:
            fit = c["fits"][q]
            if fit.get("power_law_supported", 0) == 1:
                a1.axvline(fit["x_min"], color="gray", ls=":", lw=0.6)
        a1.set_xlabel(label)
        a1.set_ylabel("density $P$")
        a1.set_title(f"steady-state windows, $\\mu_i$ = {mu:g} (dotted: $x_{{min}}$ where a power law is supported)",
                     fontsize=8)
        a1.legend(fontsize=8)
        a2.set_xlabel(f"$x / n_x^{{D}}$, D = {D:.2f}")
        a2.set_ylabel(f"$P\\, x^{{\\tau}}$, $\\tau$ = {tau:.2f}")
        a2.set_title(f"collapse: {'τ from --tau' if 'tau-' in tau_src else 'τ = mean of the file’s fits'}, "
                     f"D from $\\langle x^2\\rangle/\\langle x\\rangle$ (spread {s0:.2g})", fontsize=8)
        a2.legend(fontsize=8)
        a3.set_xlabel(f"$x / n_x^{{D}}$, D = {Db:.2f}")
        a3.set_ylabel(f"$P\\, x^{{\\tau}}$, $\\tau$ = {tb:.2f}")
        a3.set_title(f"collapse: (τ, D) of the smallest spread ({sp:.2g})", fontsize=8)
        a3.legend(fontsize=8)
        figs.append(save(fig, out, f"avalanche_scaling-mu_i={mu:g}_{q}_collapse"))
    figs.insert(0, save(fig_c, out, f"avalanche_scaling-mu_i={mu:g}_cutoffs"))
    print("figures: " + ", ".join(figs))


if __name__ == "__main__":
    main()
