#!/usr/bin/python3
"""Plots of the stage-driven pin (paper Figs. 9-11) from a tribo HDF5 file.

For every case with a dynamics/ group: spring force (Fig. 9, with the closed-form fit when present),
pin displacement and velocity (Fig. 10, with the fit's curves), instantaneous friction force (Fig. 11),
and for rate-and-state cases the state variable theta.

    /usr/bin/python3 scripts/plot_dynamics.py run.h5 [--case ID] [--out DIR]

As a module (scripts/make-figures.py): plot(run_or_case, case_id, out_dir) (a tribo.Result or tribo.Case) -> list of PNG paths.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # scripts/figure_files.py, python/tribo/
import figure_files  # noqa: E402
import tribo  # noqa: E402


def dynamics_cases(run, only):
    for case in run.cases():
        if tribo.GROUPS["dynamics"] in case and (only is None or case.id == only):
            yield case


def plot(source, case_id, out_dir):
    """Figures of one case; `source` is an open tribo.Result or the case (a tribo.Case)."""
    case = source if isinstance(source, tribo.Case) else source[case_id]
    os.makedirs(out_dir, exist_ok=True)
    return plot_case(case_id, case, out_dir)


def plot_case(cid, case, out):
    """Figs. 9-11 (and theta) of one case's dynamics/ group."""
    g = {k: q.values for k, q in case.group(tribo.GROUPS["dynamics"]).items()}
    attrs = case.group_attrs(tribo.GROUPS["dynamics"])
    t_ms = g["t"] * 1e3
    has_fit = "F_spring_fit" in g
    fit_label = None
    if has_fit:
        fit_label = "closed form: $\\mu_s$ = {:.3f}".format(attrs["fit_mu_s"])
        if abs(attrs["fit_mu_s_after_switch"] - attrs["fit_mu_s"]) > 0 and attrs["fit_switch_time"] < 1e300:
            fit_label += " ($t \\leq$ {:.1f} ms), {:.3f} after".format(
                attrs["fit_switch_time"] * 1e3, attrs["fit_mu_s_after_switch"])
        fit_label += ", $\\mu_k$ = {:.3f}".format(attrs["fit_mu_k"])
    files = []

    # Fig. 9: spring force.
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(t_ms, g["F_spring"], lw=0.8, label="RK4, Eq. 12")
    if has_fit:
        ax.plot(t_ms, g["F_spring_fit"], "--", lw=1.0, label=fit_label)
    ax.set_xlabel("time [ms]")
    ax.set_ylabel("spring force $k(V_o t - x_p)$ [N]")
    ax.set_title(f"{cid}: spring force (Fig. 9)", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    files.append(save(fig, out, cid, "spring_force"))

    # Fig. 10: pin displacement and velocity.
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    a1.plot(t_ms, g["x"] * 1e6, lw=0.8, label="RK4")
    a2.plot(t_ms, g["v"] * 1e3, lw=0.8, label="RK4")
    if has_fit:
        a1.plot(t_ms, g["x_fit"] * 1e6, "--", lw=1.0, label="closed form")
        a2.plot(t_ms, g["v_fit"] * 1e3, "--", lw=1.0, label="closed form")
    a1.set_ylabel("pin displacement [µm]")
    a2.set_ylabel("pin velocity [mm/s]")
    a2.set_xlabel("time [ms]")
    a1.set_title(f"{cid}: motion of the pin (Fig. 10)", fontsize=10)
    for a in (a1, a2):
        a.grid(alpha=0.3)
        a.legend(loc="upper left", fontsize=8)
    files.append(save(fig, out, cid, "pin_motion"))

    # Fig. 11: instantaneous friction force.
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(t_ms, g["F_friction"], lw=0.6)
    ax.set_xlabel("time [ms]")
    ax.set_ylabel("friction force F(t) [N]")
    ax.set_title(f"{cid}: instantaneous friction force (Fig. 11)", fontsize=10)
    ax.grid(alpha=0.3)
    files.append(save(fig, out, cid, "friction_force"))

    # Rate-and-state only: the state variable theta (docs/dynamics.md section 9).
    if "theta" in g:
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.semilogy(t_ms, g["theta"], lw=0.8)
        ax.set_xlabel("time [ms]")
        ax.set_ylabel(r"state $\theta$ [s]")
        ax.set_title(f"{cid}: rate-and-state variable", fontsize=10)
        ax.grid(alpha=0.3, which="both")
        files.append(save(fig, out, cid, "state"))
    return files


def save(fig, out, cid, what):
    return figure_files.save(fig, out, f"{cid}_{what}", dpi=150)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="tribo HDF5 result file")
    p.add_argument("--case", default=None, help="only this case id")
    p.add_argument("--out", default=".", help="directory for the PNGs")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    n = 0
    with tribo.open(a.file) as run:
        for case in dynamics_cases(run, a.case):
            for path in plot_case(case.id, case, a.out):
                print(path)
            n += 1
    if n == 0:
        raise SystemExit(f"plot_dynamics: no case with a dynamics/ group in {a.file}")


if __name__ == "__main__":
    main()
