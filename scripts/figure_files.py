"""File names and format of every figure the plot scripts write (shared by scripts/plot_*.py).

figure_path(out_dir, name) -> out_dir/<safe name>.<FORMAT>. Safe for LaTeX's \\includegraphics: only
letters, digits, '-' and '_' before the extension ('=' -> '-', '@' -> '__', a decimal point between digits
-> 'p', anything else -> '_'), e.g. "profile-mu_i=0.5@slab.levels=12,pin.radius_over_Lx=100_profile" ->
"profile-mu_i-0p5__slab_levels-12_pin_radius_over_Lx-100_profile". scripts/make-figures.py --format sets
FORMAT (png, pdf or svg); PNGs are drawn at the dpi the script asks for, vector formats ignore it.
"""
import os
import re

FORMATS = ("png", "pdf", "svg")
FORMAT = "png"


def safe_name(name):
    name = re.sub(r"(?<=\d)\.(?=\d)", "p", name)
    name = name.replace("@", "__").replace("=", "-")
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def figure_path(out_dir, name):
    if name.lower().endswith((".png", ".pdf", ".svg")):
        name = name[:-4]
    return os.path.join(out_dir, f"{safe_name(name)}.{FORMAT}")


def set_format(fmt):
    global FORMAT
    if fmt not in FORMATS:
        raise ValueError(f"figure format {fmt!r}: choose one of {', '.join(FORMATS)}")
    FORMAT = fmt


def save(fig, out_dir, name, dpi=130):
    """Writes `fig` to figure_path(out_dir, name), closes it and returns the path."""
    import matplotlib.pyplot as plt  # only the plotting scripts need matplotlib
    path = figure_path(out_dir, name)
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
    return path
