"""Reading tribo's HDF5 result files (docs/output.md) with numpy and h5py.

    import tribo
    with tribo.open("p.h5") as run:
        print(run.table())                     # one row per case: parameters and summary numbers
        case = run["punch_N5"]                 # or run.cases()[0]
        p = case.surface()["p"]                # a Quantity: p.values (numpy array), p.unit ("Pa")
        fields = case.fields()                 # points, triangles, u, w, f_x, f_z (punch.fields: true)

The names read (groups, the unit attribute, the event types) are in one place, result.GROUPS and its
neighbours; counts such as events/type are integers whether stored as integers, floats or an HDF5 enum.
The plot scripts (scripts/plot_*.py, scripts/make-figures.py) read the files through this package.
Pure Python on Debian's python3-numpy and python3-h5py; run it with /usr/bin/python3.
"""

from .result import EVENT_TYPES, GROUPS, Case, Quantity, Result, Table, open

__all__ = ["EVENT_TYPES", "GROUPS", "Case", "Quantity", "Result", "Table", "open"]
__version__ = "0.1.0"
