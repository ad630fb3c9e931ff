"""A tribo result file: its provenance, its cases as a table, and each case's datasets with their units."""

import h5py
import numpy as np

from . import schema

#: The names this package reads, in one place (docs/output.md): the attribute holding a dataset's unit,
#: the meaning of ``events/type`` in the profile study and the event datasets that count things (read as
#: integers whether the file stores them as integers or as floats; both from the schema the writer
#: uses, python/tribo/schema.py), and each study's groups.
UNIT_ATTRIBUTE = "unit"


def _enumeration(text):
    """"0 slip, 1 release, 2 contact" as {0: "slip", 1: "release", 2: "contact"}."""
    pairs = (item.strip().split(" ", 1) for item in text.split(","))
    return {int(value): name for value, name in pairs}


EVENT_TYPES = _enumeration(schema.DATASETS["events/type"]["enumeration"])
EVENT_COUNTS = tuple(
    path.split("/", 1)[1] for path, d in schema.DATASETS.items() if path.startswith("events/") and d["integer"]
)
GROUPS = {
    "surface": "surface",  # punch: the top row
    "normal": "normal",  # profile: the top row after normal loading
    "profile": "profile",  # profile: F/W against delta/L_x
    "events": "events",  # profile: one entry per event
    "avalanches": "avalanches",  # profile: avalanche statistics (docs/model.md section 17)
    "dynamics": "dynamics",  # dynamics and profile (pipeline): the stage-driven pin
    "trajectory": "trajectory",  # disk: one trajectory
    "disk": "disk",  # disk: F, T and f against eps
    "analysis": "analysis",  # disk: the experiment analysis
    "velocity_law": "velocity_law",  # disk under a velocity-dependent law
    "friction_law": "friction_law",  # disk under a velocity-dependent law: the law's parameters
    "friction": "friction",  # friction_table: mu, force and derivatives on an (N, v) grid
    "fields": "fields",  # punch with punch.fields: the whole slab
}


def _plain(value):
    """An HDF5 attribute as a Python value: str for strings, float/int for scalars, ndarray for lists."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "SO":
            return [v.decode("utf-8") if isinstance(v, bytes) else v for v in value.tolist()]
        return value.copy()
    if isinstance(value, np.generic):
        return value.item()
    return value


class Quantity:
    """A dataset's values (a numpy array) with its SI unit ("" = dimensionless)."""

    __slots__ = ("values", "unit", "name")

    def __init__(self, values, unit="", name=""):
        self.values = np.asarray(values)
        self.unit = unit
        self.name = name

    def __array__(self, dtype=None, copy=None):
        return self.values if dtype is None else self.values.astype(dtype)

    def __len__(self):
        return len(self.values)

    def __getitem__(self, index):
        return self.values[index]

    @property
    def shape(self):
        return self.values.shape

    def __repr__(self):
        unit = f" [{self.unit}]" if self.unit else ""
        return f"Quantity({self.name or 'values'}{unit}, shape={self.values.shape})"


class Table:
    """Rows of named values (one row per case), printable as aligned text."""

    def __init__(self, columns, rows):
        self.columns = list(columns)
        self.rows = [dict(r) for r in rows]

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def column(self, name):
        """One column as a numpy array (None where a case lacks it)."""
        values = [r.get(name) for r in self.rows]
        try:
            return np.array(values, dtype=float)
        except (TypeError, ValueError):
            return np.array(values, dtype=object)

    def __str__(self):
        def text(v):
            if v is None:
                return ""
            if isinstance(v, float):
                return f"{v:.6g}"
            if isinstance(v, (list, np.ndarray)):
                return f"[{len(v)} values]"
            return str(v)

        cells = [[text(r.get(c)) for c in self.columns] for r in self.rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(self.columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(self.columns, widths))]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths)) for row in cells]
        return "\n".join(lines)

    __repr__ = __str__


class Case:
    """One case group, ``/cases/<id>/``: its attributes and datasets."""

    def __init__(self, group, case_id):
        self._group = group
        self.id = case_id

    @property
    def attrs(self):
        """Every attribute of the case group: parameters, summary numbers, status."""
        return {k: _plain(v) for k, v in self._group.attrs.items()}

    @property
    def status(self):
        return self.attrs.get("status", "")

    def has(self, path):
        return path in self._group

    __contains__ = has

    def array(self, path):
        """The values of the dataset at ``path`` as a numpy array (dataset(path).values)."""
        return self.dataset(path).values

    def groups(self):
        """The names of the case's subgroups (surface, profile, events, dynamics, fields, ...)."""
        return sorted(k for k, v in self._group.items() if isinstance(v, h5py.Group))

    def dataset(self, path):
        """The dataset at ``path`` (relative to the case group) as a Quantity with its unit."""
        if path not in self._group or not isinstance(self._group[path], h5py.Dataset):
            raise KeyError(f"case {self.id!r} has no dataset {path!r}")
        d = self._group[path]
        return Quantity(d[()], _plain(d.attrs.get(UNIT_ATTRIBUTE, "")), path)

    def group(self, path):
        """Every dataset of a subgroup, by name, as Quantities; raises KeyError when it is missing."""
        if path not in self._group or not isinstance(self._group[path], h5py.Group):
            raise KeyError(f"case {self.id!r} has no group {path!r}")
        g = self._group[path]
        return {k: self.dataset(f"{path}/{k}") for k, v in g.items() if isinstance(v, h5py.Dataset)}

    def group_attrs(self, path):
        """The attributes of a subgroup (e.g. ``profile``: K_Lx_over_W); raises KeyError when it is missing."""
        if path not in self._group:
            raise KeyError(f"case {self.id!r} has no group {path!r}")
        return {k: _plain(v) for k, v in self._group[path].attrs.items()}

    # The studies' groups (docs/output.md, docs/dynamics.md, docs/disk.md, docs/friction-laws.md).
    def surface(self):
        """``surface/``: the top row (x, u, w, p, tau) of the punch study."""
        return self.group(GROUPS["surface"])

    def normal(self):
        """``normal/``: the top row after normal loading (x, p, tau) of the profile study."""
        return self.group(GROUPS["normal"])

    def profile(self):
        """``profile/``: delta_over_Lx and F_over_W, the friction profile of the profile study."""
        return self.group(GROUPS["profile"])

    def events(self):
        """``events/``: one entry per event; the counts (EVENT_COUNTS) as integers, ``type`` too (see
        event_types()), and ``type_name``, the name of each event's type."""
        path = GROUPS["events"]
        ev = self.group(path)
        for name in EVENT_COUNTS:
            if name in ev:
                ev[name] = Quantity(np.asarray(ev[name].values).astype(int), "", f"{path}/{name}")
        if "type" in ev:
            names = self.event_types()
            ev["type_name"] = Quantity(np.array([names.get(t, "?") for t in ev["type"].values]), "",
                                       f"{path}/type_name")
        return ev

    def event_types(self):
        """The meaning of ``events/type``: the file's own when it stores an HDF5 enumeration, else EVENT_TYPES."""
        path = f"{GROUPS['events']}/type"
        mapping = h5py.check_enum_dtype(self._group[path].dtype) if path in self._group else None
        return {int(v): str(k) for k, v in mapping.items()} if mapping else dict(EVENT_TYPES)

    def trajectory(self):
        """The time series of a case: ``dynamics/`` (the stage-driven pin) or ``trajectory/`` (the disk)."""
        for path in (GROUPS["dynamics"], GROUPS["trajectory"]):
            if path in self._group:
                return self.group(path)
        raise KeyError(f"case {self.id!r} has no trajectory (dynamics/ or trajectory/)")

    def avalanches(self):
        """``avalanches/``: the log-binned densities; the fits are its attributes (group_attrs("avalanches"))."""
        return self.group(GROUPS["avalanches"])

    def friction_table(self):
        """``friction/``: N, v and the (n_N, n_v) tables mu, force, dF_dN, dF_dv of the friction_table study."""
        return self.group(GROUPS["friction"])

    def fields(self):
        """``fields/``: the whole slab (punch.fields: true): points (x, -z), triangles, u, w, f_x, f_z."""
        return self.group(GROUPS["fields"])

    def __repr__(self):
        return f"Case({self.id!r}, status={self.status!r})"


class Result:
    """An open tribo result file; use as a context manager or call close()."""

    def __init__(self, path):
        self.path = str(path)
        self._file = h5py.File(self.path, "r")

    def close(self):
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def attrs(self):
        """The root attributes: provenance (tribo_version, git_commit, input_yaml, ...)."""
        return {k: _plain(v) for k, v in self._file.attrs.items()}

    def has_cases(self):
        """Whether the file has a /cases group (every tribo result file has one)."""
        return "cases" in self._file

    def case_ids(self):
        return sorted(self._file["cases"]) if "cases" in self._file else []

    def cases(self, status=None):
        """The cases, sorted by id; ``status="complete"`` keeps only those."""
        out = [Case(self._file["cases"][i], i) for i in self.case_ids()]
        return out if status is None else [c for c in out if c.status == status]

    def __getitem__(self, case_id):
        if "cases" not in self._file or case_id not in self._file["cases"]:
            raise KeyError(f"{self.path} has no case {case_id!r}")
        return Case(self._file["cases"][case_id], case_id)

    def __iter__(self):
        return iter(self.cases())

    def __len__(self):
        return len(self.case_ids())

    def table(self, columns=None):
        """One row per case: its id and every scalar attribute (parameters, summaries, status).

        ``columns`` picks and orders the columns (the id always comes first)."""
        rows = []
        for c in self.cases():
            row = {"id": c.id}
            for k, v in c.attrs.items():
                if not isinstance(v, (list, np.ndarray)):
                    row[k] = v
            rows.append(row)
        if columns is None:
            seen = []
            for r in rows:
                seen += [k for k in r if k not in seen]
            columns = seen
        else:
            columns = ["id"] + [c for c in columns if c != "id"]
        return Table(columns, rows)


def open(path):  # noqa: A001 - the natural name: tribo.open("out.h5")
    """Opens a tribo result file for reading."""
    return Result(path)
