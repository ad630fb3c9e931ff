#!/usr/bin/env bash
# scripts/make-figures.py draws every case it has a plotter for (dynamics, friction_table, profile), lists
# the others (failed cases, groups without a plotter) without stopping, writes LaTeX-safe names in the
# --format asked for, and the plot scripts keep their own command lines. Usage: make_figures.sh TRIBO SOURCE_DIR
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

# File names are safe for LaTeX (the swept ids carry @ = ,), in the format asked for.
check "no @ = , in figure names" [ -z "$(ls figs | grep '[@=,]')" ]
"$py" "$figures" dyn.h5 --out vector --format svg > svg.txt 2>&1
check "--format svg: 6 SVG files, no PNG" [ "$(ls vector/*.svg | wc -l)" -eq 6 -a -z "$(ls vector | grep png)" ]
"$py" "$figures" dyn.h5 --out bad --format gif > gif.txt 2>&1
check "--format gif is refused" [ $? -eq 2 ]

# A profile: Fig. 6 with the first major peak, the avalanche histograms with their fits and verdicts.
"$tribo" run "$src/input/fig6_profile.yaml" -q -o prof.h5 --set 'contact.mu_i=[0.5]' \
  --set contact.avalanche_bootstrap=20 > /dev/null 2>&1 || fail "profile run"
"$py" "$figures" prof.h5 --out prof --format pdf > prof.txt 2>&1
check "profile: exit 0" [ $? -eq 0 ]
for what in profile increments avalanches; do
  check "profile: $what figure, LaTeX-safe name" [ -s "prof/profile-mu_i-0p5_$what.pdf" ]
done
check "profile: the avalanche titles state the verdicts" "$py" - "$src/scripts" <<'PY'
import sys, h5py
sys.path.insert(0, sys.argv[1])
import plot_profile
ga = dict(h5py.File("prof.h5", "r")["cases/profile-mu_i=0.5/avalanches"].attrs)
qs = ("size", "drop", "increment")
titles = [plot_profile.verdict_title(ga, q) for q in qs]
ok = all(("power law plausible" in t) == bool(ga[q + "_power_law_supported"]) for t, q in zip(titles, qs))
sys.exit(0 if ok and any("NOT a power law" in t for t in titles) else 1)
PY

# Figs. 6 and 9 in the paper's layout: both mu_i of one resolution on one axes (a short pipeline run).
"$tribo" run "$src/input/fig9_dynamics.yaml" -q -o pair.h5 --set contact.events=60 --set dynamics.duration=0.01 \
  --set dynamics.fit=none --set dynamics.allow_nonstationary_profile=true --set contact.avalanche_bootstrap=0 \
  > pair_run.txt 2>&1 || fail "pipeline pair run: $(tail -2 pair_run.txt)"
"$py" "$figures" pair.h5 --out pair > pair.txt 2>&1
for fig in fig6 fig9; do
  check "paper layout: $fig with both mu_i" [ -s "pair/paper_N7_R200_maximal_$fig.png" ]
done

# A punch with fields: Fig. 5 and the rendering of the whole slab (scripts/plot_fields.py, the .xmf's mesh).
"$tribo" run "$src/input/punch_fields.yaml" -q -o fields.h5 > /dev/null 2>&1 || fail "punch fields run"
"$py" "$figures" fields.h5 --out fields > fields.txt 2>&1
check "fields: Fig. 5 and the fields figure" [ -s fields/fig5_punch.png -a -s fields/punch_N5_fields.png ]
"$py" "$src/scripts/plot_fields.py" dyn.h5 --out nofields > nofields.txt 2>&1
check "plot_fields.py refuses a file without fields" [ $? -eq 1 ] && check "and says why" grep -q "no complete case with a fields/ group" nofields.txt

# The plot scripts' own command lines still work.
"$py" "$src/scripts/plot_dynamics.py" dyn.h5 --out cli > /dev/null 2>&1
check "plot_dynamics.py CLI" [ "$(ls cli/*.png | wc -l)" -eq 6 ]
"$py" "$src/scripts/plot_friction_law.py" fric.h5 --out cli --csv cli/table.csv > /dev/null 2>&1
check "plot_friction_law.py CLI" [ -s cli/friction_VelNormalFrcDep.png -a -s cli/table.csv ]
finish
