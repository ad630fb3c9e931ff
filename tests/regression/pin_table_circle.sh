#!/usr/bin/env bash
# The circle given as a table (input/pin_table_circle.yaml, pin.shape: table) reproduces the circle's
# events (type, node, state changes, contact count) and F(delta) to 1e-9 W over 200 events for each
# mu_i of Fig. 6, on both solver paths; the same table as HDF5 datasets x, h (pin.table_file *.h5,
# pin.table_group) gives the same events; a table of a slightly other circle (R/L_x = 199) does not.
# Usage: pin_table_circle.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
same="$src/tests/regression/pin_table_circle.py"
for path in condensed reference; do
  run "circle-$path" "$tribo" run "$src/input/fig6_profile.yaml" -o "circle-$path.h5" \
    --set contact.events=200 --set contact.solver_path=$path
  run "table-$path" "$tribo" run "$src/input/pin_table_circle.yaml" -o "table-$path.h5" \
    --set contact.solver_path=$path
  check "table = circle ($path path)" "$py" "$same" "circle-$path.h5" "table-$path.h5"
done
# The same table from HDF5, in a group.
"$py" - "$src/input/pin_table_circle.csv" <<'PY'
import sys, h5py, numpy as np
rows = [line.split(",") for line in open(sys.argv[1]) if line.strip() and line[0] not in "#x"]
x, h = np.array([[float(a), float(b)] for a, b in rows]).T
with h5py.File("circle.h5", "w") as f:
    f["table/x"], f["table/h"] = x, h
PY
run table-h5 "$tribo" run "$src/input/pin_table_circle.yaml" -o table-h5.h5 --set contact.solver_path=condensed \
  --set pin.table_file="$work/circle.h5" --set pin.table_group=/table
check "the HDF5 table = the CSV table" "$py" "$same" table-condensed.h5 table-h5.h5
# The comparison can fail: the circle R = 0.199 m as a table is another pin.
"$py" "$src/scripts/pin_table_circle.py" --radius 0.199 > other.csv
run other "$tribo" run "$src/input/pin_table_circle.yaml" -o other.h5 --set pin.table_file="$work/other.csv"
check_not "a table of R/L_x = 199 differs from the circle of 200" "$py" "$same" circle-condensed.h5 other.h5
finish
