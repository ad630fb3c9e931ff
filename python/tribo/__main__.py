"""python3 -m tribo OUT.h5 [COLUMN ...]: the cases of a result file as a table."""

import sys

from . import open as open_result


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 1
    with open_result(argv[1]) as run:
        print(run.table(argv[2:] or None))
    return 0


sys.exit(main(sys.argv))
