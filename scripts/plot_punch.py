#!/usr/bin/python3
"""Paper Fig. 5 from a `punch` study: pressure shape p/p0 versus x/a, tribo against Johnson's
p0/sqrt(1 - (x/a)^2) (rigid flat punch on a half-space; the infinite values at |x| = a are omitted).

    /usr/bin/python3 scripts/plot_punch.py fig5_punch.h5 [-o fig5_punch.png]
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # scripts/figure_files.py, python/tribo/
import figure_files  # noqa: E402
import tribo  # noqa: E402


def plot_file(run, out_dir, out=None):
    """Fig. 5 from the punch cases of an open tribo.Result (all resolutions on one plot); [] when there are none."""
    cases = [c for c in run.cases(status="complete") if tribo.GROUPS["surface"] in c and "half_width" in c.attrs]
    if not cases:
        return []
    out = out or figure_files.figure_path(out_dir, "fig5_punch")
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    fig, ax = plt.subplots(figsize=(6.0, 4.2))
    markers = iter("os^dv<>")
    for case in cases:
        attrs, surface = case.attrs, case.surface()
        a, c, p0 = attrs["half_width"], attrs["center"], attrs["p0"]
        s = (surface["x"].values - c) / a
        p = surface["p"].values / p0
        inside = np.abs(s) < 1.0 - 1e-9  # the edge nodes carry the singular force: omitted, as in the paper
        ax.plot(s[inside], p[inside], next(markers, "o"), ms=4, mfc="none",
                label=f"tribo, n_x = {attrs['n_x']} (RMS error {100 * attrs['rms_error']:.1f}%)")
    s = np.linspace(-0.985, 0.985, 400)
    ax.plot(s, 1.0 / np.sqrt(1.0 - s**2), "k-", lw=1.2, label=r"Johnson: $p_0/\sqrt{1-(x/a)^2}$")
    ax.set_xlabel("x / a")
    ax.set_ylabel(r"p / p$_0$  (p$_0$ = P / $\pi$a)")
    ax.set_xlim(-1.05, 1.05)
    ax.set_ylim(0, 5)
    ax.set_title("Rigid flat punch: pressure shape (paper Fig. 5)")
    ax.legend(fontsize=8, loc="upper center")
    fig.tight_layout()
    fig.savefig(out, dpi=150)
    plt.close(fig)
    return [out]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("h5", help="HDF5 file written by `tribo run` for study: punch")
    parser.add_argument("-o", "--output", help="PNG file (default: the HDF5 name with .png)")
    args = parser.parse_args()
    with tribo.open(args.h5) as run:
        for path in plot_file(run, ".", args.output or args.h5.rsplit(".", 1)[0] + ".png"):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
