#!/usr/bin/python3
"""Compares two tribo HDF5 files: every dataset and attribute, except the run's provenance.

    /usr/bin/python3 scripts/h5compare.py A.h5 B.h5 [--rtol 0] [--ignore NAME ...] [--schema-changes]

Datasets are compared value by value (with --rtol, relative to each value or to the array's largest
magnitude; exactly by default: a case gives bitwise the same numbers in
any farming layout), with their shapes and attributes; attributes of every group likewise. The root
attributes that describe the run rather than its results (times, rank counts, command line, library
versions, efficiency) are skipped. A dataset's type counts (float64 against int64 is a difference).
With --schema-changes, B may carry what the output schema (python/tribo/schema.py) adds on purpose:
the attributes description and enumeration of a dataset, and an integer dataset where A has float64
with the same values. Exit 0 if the files agree, 1 with a list of differences otherwise.
"""
import argparse
import sys

import os

import h5py
import numpy as np

# The schema's additions to a dataset (docs/output.md): only in the second file with --schema-changes.
SCHEMA_ATTRIBUTES = {"description", "enumeration", "attribute_units"}


def schema_datasets():
    """python/tribo/schema.py's DATASETS, beside this script's checkout."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    from tribo import schema
    return schema.DATASETS

# Root attributes that say how and when the file was made, not what it contains.
PROVENANCE = {
    "command_line", "start_time_utc", "end_time_utc", "wall_seconds", "farming_efficiency", "n_ranks",
    "ranks_per_case", "tribo_version", "git_commit", "petsc_version", "hdf5_version", "mpi_version",
    "git_dirty", "host_names", "slurm_job_id", "slurm_array_task_id", "petsc_blas_lapack", "blas_lapack_loaded",
}


def same_value(a, b, rtol):
    if isinstance(a, h5py.Empty) or isinstance(b, h5py.Empty):
        return isinstance(a, h5py.Empty) and isinstance(b, h5py.Empty)
    if isinstance(a, bytes):
        a = a.decode()
    if isinstance(b, bytes):
        b = b.decode()
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if rtol == 0:
        return np.array_equal(a, b, equal_nan=True)
    # Relative to each value and to the largest magnitude of the array, so values that are round-off
    # near zero (an event increment at the lower bound, say) do not count as differences.
    finite = np.abs(a[np.isfinite(a)]) if np.issubdtype(a.dtype, np.number) else np.zeros(0)
    scale = finite.max() if finite.size else 0.0
    return np.allclose(a, b, rtol=rtol, atol=rtol * scale, equal_nan=True)


def compare_attrs(path, x, y, rtol, skip, out, added=()):
    for name in sorted(set(x.attrs) | set(y.attrs)):
        if name in skip or (name in added and name not in x.attrs):
            continue
        if name not in x.attrs or name not in y.attrs:
            out.append(f"{path} attribute {name}: only in {'first' if name in x.attrs else 'second'} file")
        elif not same_value(x.attrs[name], y.attrs[name], rtol):
            out.append(f"{path} attribute {name}: {x.attrs[name]!r} != {y.attrs[name]!r}")


def relative_path(p):
    """/cases/<id>/events/type -> events/type (the schema's path)."""
    parts = p.strip("/").split("/")
    return "/".join(parts[2:]) if len(parts) > 2 and parts[0] == "cases" else p


def compare(a, b, rtol=0.0, ignore=(), schema_changes=False):
    """List of differences between two open h5py files (empty when they agree)."""
    out = []
    integer = {k for k, v in schema_datasets().items() if v["integer"]} if schema_changes else set()
    added = SCHEMA_ATTRIBUTES if schema_changes else set()
    # The root's schema_version and input_defaults came with layout 2: files of layout 1 have neither.
    root_added = {"schema_version", "input_defaults"} if schema_changes else set()
    compare_attrs("/", a, b, rtol, PROVENANCE | set(ignore), out, root_added)

    def walk(path, x, y):
        for name in sorted(set(x) | set(y)):
            p = f"{path.rstrip('/')}/{name}"
            if name not in x or name not in y:
                out.append(f"{p}: only in {'first' if name in x else 'second'} file")
                continue
            u, v = x[name], y[name]
            if isinstance(u, h5py.Group) != isinstance(v, h5py.Group):
                out.append(f"{p}: a group in one file, a dataset in the other")
                continue
            compare_attrs(p, u, v, rtol, set(ignore), out, added)
            if isinstance(u, h5py.Group):
                walk(p, u, v)
                continue
            if u.dtype != v.dtype and not (u.dtype.kind == "f" and v.dtype.kind == "i"
                                           and relative_path(p) in integer):
                out.append(f"{p}: type {u.dtype} != {v.dtype}")
            if u.shape != v.shape:
                out.append(f"{p}: shape {u.shape} != {v.shape}")
            elif not same_value(u[()], v[()], rtol):
                diff = np.nanmax(np.abs(np.asarray(u[()], float) - np.asarray(v[()], float)))
                out.append(f"{p}: values differ (max |difference| {diff:.3g})")

    walk("/", a, b)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--rtol", type=float, default=0.0, help="relative tolerance for numbers (default: exact)")
    ap.add_argument("--ignore", nargs="*", default=[], help="more attribute names to skip")
    ap.add_argument("--schema-changes", action="store_true",
                    help="accept in the second file what the output schema adds (see above)")
    args = ap.parse_args()
    with h5py.File(args.first, "r") as a, h5py.File(args.second, "r") as b:
        diffs = compare(a, b, args.rtol, args.ignore, args.schema_changes)
        n_cases = len(a["cases"]) if "cases" in a else 0
    for d in diffs[:50]:
        print(d)
    if len(diffs) > 50:
        print(f"... and {len(diffs) - 50} more")
    if diffs:
        sys.exit(1)
    print(f"{args.first} and {args.second} agree ({n_cases} cases)")


if __name__ == "__main__":
    main()
