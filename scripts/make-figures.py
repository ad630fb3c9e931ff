#!/usr/bin/python3
"""Every figure of a tribo result file: each case goes to the plot script that knows its data.

    /usr/bin/python3 scripts/make-figures.py OUT.h5 [--out figures] [--case ID] [--format png|pdf|svg]

A case is recognised by the groups it contains (dynamics/, friction/, ...): PLOTTERS below maps each
to a plot script in scripts/ whose plot(case, case_id, out_dir) (case: a tribo.Case of python/tribo/) writes figures and returns their
paths (format and LaTeX-safe file names: scripts/figure_files.py). Cases no plotter recognises, failed cases and cases whose plotter raised an error are listed at
the end; they do not stop the others. Exit 0 unless the file cannot be read or nothing was plotted.
"""
import argparse
import importlib
import os
import sys
import traceback

import matplotlib

matplotlib.use("Agg")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, os.pardir, "python")]  # the plot scripts, python/tribo/
import tribo  # noqa: E402

# What a case group contains -> the module (scripts/<module>.py) that draws it. One line per study;
# a case that holds several of these groups is drawn by each of their plotters.
PLOTTERS = [
    ("dynamics", "plot_dynamics"),     # studies dynamics and profile (pipeline): Figs. 9-11 of the pin on its stage
    ("friction", "plot_friction_law"),  # study friction_table: mu(v) at each N
    ("profile", "plot_profile"),       # study profile: Figs. 6-7 and the avalanche statistics
    ("fields", "plot_fields"),         # study punch with punch.fields: the whole slab (the .xmf's mesh)
]
# Figures drawn over all cases of a file (plot_file(run, out_dir), run an open tribo.Result -> PNG paths), and the groups of the
# cases they cover: Fig. 5 over punch resolutions, Figs. 2-5 of the disk paper, Fig. 8 over resolutions.
FILE_PLOTTERS = [
    ({"surface"}, "plot_punch"),
    ({"disk", "trajectory", "analysis"}, "plot_disk"),
    ({"velocity_law"}, "plot_disk_velocity_law"),  # disk-velocity-law-* cases (disk.md section 7)
    (set(), "plot_profile"),
]


def load(module_name):
    return importlib.import_module(module_name)


def make_figures(path, out_dir, only=None, log=print):
    """Plots every case of `path` into `out_dir`. Returns (written PNG paths, [(case id, reason)])."""
    written, skipped = [], []
    modules = {}
    with tribo.open(path) as run:
        if not run.has_cases():
            raise SystemExit(f"make-figures: {path} has no /cases group (not a tribo result file)")
        for case in run.cases():
            case_id = case.id
            if only is not None and case_id != only:
                continue
            attrs = case.attrs
            status = str(attrs.get("status", ""))
            if status != "complete":
                reason = f"status {status or 'missing'}"
                if "error" in attrs:
                    reason += ": " + str(attrs["error"]).splitlines()[0][:160]
                skipped.append((case_id, reason))
                continue
            groups = case.groups()
            matched = [(key, name) for key, name in PLOTTERS if key in groups]
            if not matched and any(set(groups) & keys for keys, _ in FILE_PLOTTERS):
                continue  # drawn with the other cases of the file below
            if not matched:
                skipped.append((case_id, "no plotter for its groups: " + ", ".join(groups)))
                continue
            for key, name in matched:
                try:
                    module = modules.get(name) or modules.setdefault(name, load(name))
                    os.makedirs(out_dir, exist_ok=True)
                    for png in module.plot(case, case_id, out_dir):
                        written.append(png)
                        log(png)
                except Exception as e:  # a plotter's failure is reported, the other cases go on
                    skipped.append((case_id, f"{name} failed on {key}/: {type(e).__name__}: {e}"))
                    traceback.print_exc(limit=2, file=sys.stderr)
        if only is None:
            for _, name in FILE_PLOTTERS:
                try:
                    module = modules.get(name) or modules.setdefault(name, load(name))
                    for png in module.plot_file(run, out_dir):
                        written.append(png)
                        log(png)
                except Exception as e:
                    skipped.append(("(all cases)", f"{name} failed: {type(e).__name__}: {e}"))
                    traceback.print_exc(limit=2, file=sys.stderr)
    return written, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("h5", help="tribo HDF5 result file")
    ap.add_argument("--out", default="figures", help="directory for the figures (default: figures)")
    ap.add_argument("--case", default=None, help="only this case id")
    ap.add_argument("--format", default="png", choices=("png", "pdf", "svg"), help="file format (default: png)")
    args = ap.parse_args()
    load("figure_files").set_format(args.format)
    written, skipped = make_figures(args.h5, args.out, args.case)
    print(f"make-figures: {len(written)} figure(s) in {args.out}/")
    if skipped:
        print(f"make-figures: {len(skipped)} case(s) not plotted:")
        for case_id, reason in skipped:
            print(f"  {case_id}: {reason}")
    if not written:
        sys.exit(1)


if __name__ == "__main__":
    main()
