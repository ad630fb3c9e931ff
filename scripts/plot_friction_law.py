#!/usr/bin/python3
"""Draws mu(v) at each tabulated N from a friction_table result (and optionally exports CSV).

    /usr/bin/python3 scripts/plot_friction_law.py friction_velnormalfrcdep.h5 --out figures [--csv table.csv]

Reads /cases/<id>/friction/{N, v, mu, force, dF_dN, dF_dv} (2-D datasets of shape N x v) of every case
in the file; writes <out>/friction_<id>.png (mu against v, one curve per N). With --csv, writes one row
per (N, v) pair: N, v, mu, force, dF_dN, dF_dv (SI units), the table for spreadsheets.

As a module (scripts/make-figures.py): plot(run_or_case, case_id, out_dir) (a tribo.Result or tribo.Case) -> list of PNG paths.
"""
import argparse
import csv
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

COLUMNS = ["N", "v", "mu", "force", "dF_dN", "dF_dv"]


def table(case_id, case):
    """(law name, dict of arrays) of one tribo.Case with a friction/ group."""
    law = case.group_attrs(tribo.GROUPS["friction"]).get("law", case_id)
    return str(law), {k: q.values for k, q in case.friction_table().items()}


def tables(path):
    """(case id, law name, dict of arrays) for every case with a friction/ group."""
    with tribo.open(path) as run:
        for case in run.cases():
            if tribo.GROUPS["friction"] in case:
                yield (case.id,) + table(case.id, case)


def plot(source, case_id, out_dir):
    """Figures of one case; `source` is an open tribo.Result or the case (a tribo.Case)."""
    case = source if isinstance(source, tribo.Case) else source[case_id]
    law, t = table(case_id, case)
    return [plot_table(case_id, law, t, out_dir)]


def plot_table(case_id, law, t, out_dir):
    N, v, mu = t["N"], t["v"], t["mu"]
    order = np.argsort(v)
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    for i, n in enumerate(N):
        if n <= 0:
            continue  # no contact: no friction to draw
        ax.plot(v[order], mu[i, order], marker=".", label=f"N = {n:.3g} N")
    ax.set_xlabel("sliding velocity v [m/s]")
    ax.set_ylabel("coefficient of friction mu [-]")
    ax.set_title(f"{law}: mu(v) at several normal forces")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    os.makedirs(out_dir, exist_ok=True)
    png = figure_files.figure_path(out_dir, f"friction_{case_id}")
    fig.savefig(png, dpi=150)
    plt.close(fig)
    return png


def write_csv(rows_by_case, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["case"] + COLUMNS)
        for case_id, t in rows_by_case:
            N, v = t["N"], t["v"]
            for i, n in enumerate(N):
                for j, u in enumerate(v):
                    w.writerow([case_id, repr(float(n)), repr(float(u))]
                               + [repr(float(t[k][i, j])) for k in COLUMNS[2:]])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5", help="result file of a friction_table study")
    ap.add_argument("--out", default="figures", help="directory for the PNG files")
    ap.add_argument("--csv", help="also write the table(s) as CSV to this file")
    args = ap.parse_args()
    found = list(tables(args.h5))
    if not found:
        sys.exit(f"{args.h5}: no /cases/<id>/friction group (not a friction_table result)")
    for case_id, law, t in found:
        print(plot_table(case_id, law, t, args.out))
    if args.csv:
        write_csv([(c, t) for c, _, t in found], args.csv)
        print(args.csv)


if __name__ == "__main__":
    main()
