#!/usr/bin/python3
"""The whole slab of a punch run with `punch.fields: true`, drawn with matplotlib: the displacements w and u
on the triangulation that ParaView shows from the `.xmf` beside the file (the same datasets,
/cases/<id>/fields/, docs/output.md "Field output"), the triangles' edges on top.

    /usr/bin/python3 scripts/plot_fields.py p.h5 [--out DIR] [--case ID]

Writes <DIR>/<case id>_fields.png per case with fields. As a module (scripts/make-figures.py):
plot(run_or_case, case_id, out_dir) -> list of figure paths.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.tri as mtri  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # scripts/figure_files.py, python/tribo/
import figure_files  # noqa: E402
import tribo  # noqa: E402

# The fields drawn, one panel each: dataset name, label (displayed in micrometres).
PANELS = [("w", "vertical displacement w [µm] (positive downward)"),
          ("u", "horizontal displacement u [µm]")]


def plot(source, case_id, out_dir):
    """One figure of the case's fields/ group; `source` is an open tribo.Result or a tribo.Case."""
    case = source if isinstance(source, tribo.Case) else source[case_id]
    f = case.fields()
    points, triangles = f["points"].values, f["triangles"].values
    # points are (x, -z) in metres: the surface at 0, the slab below it (docs/output.md).
    tri = mtri.Triangulation(points[:, 0] * 1e3, points[:, 1] * 1e3, triangles)
    fig, axes = plt.subplots(1, len(PANELS), figsize=(5.2 * len(PANELS), 4.4), squeeze=False)
    for ax, (name, label) in zip(axes[0], PANELS):
        shaded = ax.tripcolor(tri, f[name].values * 1e6, shading="gouraud", cmap="viridis")
        ax.triplot(tri, color="white", lw=0.3, alpha=0.6)
        fig.colorbar(shaded, ax=ax, shrink=0.85).set_label(label, fontsize=8)
        ax.set_aspect("equal")
        ax.set_xlabel("x [mm]")
        ax.set_ylabel("−z [mm]")
    attrs = case.attrs
    fig.suptitle(f"{case_id}: {attrs.get('kind', '')} punch, n_x = {attrs.get('n_x', '?')}, "
                 f"{len(points)} nodes, {len(triangles)} triangles (the .xmf's mesh)", fontsize=9)
    os.makedirs(out_dir, exist_ok=True)
    return [figure_files.save(fig, out_dir, f"{case_id}_fields", dpi=110)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5", help="result file of a punch study with punch.fields: true")
    ap.add_argument("--out", default=".", help="directory for the figures (default: .)")
    ap.add_argument("--case", default=None, help="only this case id")
    args = ap.parse_args()
    n = 0
    with tribo.open(args.h5) as run:
        for case in run.cases(status="complete"):
            if tribo.GROUPS["fields"] in case and args.case in (None, case.id):
                for path in plot(case, case.id, args.out):
                    print(path)
                n += 1
    if n == 0:
        sys.exit(f"plot_fields: no complete case with a fields/ group in {args.h5} (punch.fields: true)")


if __name__ == "__main__":
    main()
