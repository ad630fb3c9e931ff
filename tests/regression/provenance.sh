#!/usr/bin/env bash
# Provenance: the command line stored in the file keeps PETSc options with their values (issue 19).
# Usage: provenance.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
"$tribo" run "$src/input/friction_velnormalfrcdep.yaml" -o prov.h5 -q -ksp_type gmres -pc_type jacobi -options_left 0 \
  > run.txt 2>&1 || { echo "FAIL: run"; cat run.txt; exit 1; }
/usr/bin/python3 - <<'PY'
import sys, h5py
line = h5py.File("prov.h5", "r").attrs["command_line"]
line = line.decode() if isinstance(line, bytes) else str(line)
want = "-ksp_type gmres -pc_type jacobi -options_left 0"
print("command_line:", line)
if want not in line or "prov.h5" not in line:
    print(f"FAIL: the stored command line lacks '{want}'")
    sys.exit(1)
print("1 passed, 0 failed")
PY
