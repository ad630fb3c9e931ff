#!/usr/bin/env bash
# scripts/make-figures.py draws every case it has a plotter for (dynamics, friction_table), lists the
# others (failed cases, groups without a plotter) without stopping, and the plot scripts keep their
# own command lines. Usage: make_figures.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
figures="$src/scripts/make-figures.py"

"$tribo" run "$src/input/sweep_smoke.yaml" -q -o dyn.h5 --set dynamics.fit=none \
  --set "sweep.parameters={dynamics.duration: [0.075, 0.1]}" > /dev/null 2>&1 || fail "dynamics run"
"$tribo" run "$src/input/friction_velnormalfrcdep.yaml" -q -o fric.h5 > /dev/null 2>&1 || fail "friction run"

"$py" "$figures" dyn.h5 --out figs > dyn.txt 2>&1
check "dynamics: exit 0" [ $? -eq 0 ]
check "dynamics: 3 figures per case" [ "$(ls figs/*.png | wc -l)" -eq 6 ]
check "dynamics: nothing skipped" grep -q "6 figure(s) in figs/" dyn.txt
check_not "dynamics: no skip list" grep -q "not plotted" dyn.txt

"$py" "$figures" fric.h5 --out figs > fric.txt 2>&1
check "friction: one figure" [ -s figs/friction_VelNormalFrcDep.png ]

# A file with a failed case and a case no plotter knows: both listed, the rest drawn.
"$py" - dyn.h5 mixed.h5 <<'PY'
import shutil, sys, h5py
shutil.copy(sys.argv[1], sys.argv[2])
with h5py.File(sys.argv[2], "r+") as f:
    g = f["cases"].create_group("odd-case")
    g.create_group("oddities").create_dataset("t", data=[0.0, 1.0])
    g.attrs["status"] = "complete"
    h = f["cases"].create_group("broken-case")
    h.attrs["status"] = "failed"
    h.attrs["error"] = "diverged on purpose"
PY
"$py" "$figures" mixed.h5 --out mixed > mixed.txt 2>&1
check "mixed: exit 0" [ $? -eq 0 ]
check "mixed: draws the dynamics cases" grep -q "6 figure(s) in mixed/" mixed.txt
check "mixed: lists the case without a plotter" grep -q "odd-case: no plotter for its groups: oddities" mixed.txt
check "mixed: lists the failed case with its error" grep -q "broken-case: status failed: diverged on purpose" mixed.txt

# The plot scripts' own command lines still work.
"$py" "$src/scripts/plot_dynamics.py" dyn.h5 --out cli > /dev/null 2>&1
check "plot_dynamics.py CLI" [ "$(ls cli/*.png | wc -l)" -eq 6 ]
"$py" "$src/scripts/plot_friction_law.py" fric.h5 --out cli --csv cli/table.csv > /dev/null 2>&1
check "plot_friction_law.py CLI" [ -s cli/friction_VelNormalFrcDep.png -a -s cli/table.csv ]
finish
