#!/usr/bin/env bash
# scripts/avalanche_scaling.py end to end on a tiny resolution sweep of the shipped input (n_x = 65 and
# 129, 300 and 500 events, both past the static peak into a steady state, and n_x = 257 with 200 events,
# still on its loading ramp; a few seconds): the ramp case is listed without a steady state, warned about
# and left out of the fits; the script prints the sizes' and the drops' tables with one row per n_x, the moment-ratio cut-off in the table is <s^2>/<s>
# over the case's steady-state window (computed here independently), the exponent lines and the collapse,
# and writes the three figures under LaTeX-safe names in the asked format; a file with a single case is
# refused (no scaling from one resolution), and so is an unknown --format.
# Usage: avalanche_scaling.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
script="$src/scripts/avalanche_scaling.py"
tiny=(--set "sweep.parameters={slab.levels: [6, 7, 8], contact.events: [300, 500, 200]}" --set contact.avalanche_bootstrap=20)

run tiny "$tribo" run "$src/input/avalanche_scaling.yaml" "${tiny[@]}" -q -o tiny.h5
run analysis "$py" "$script" tiny.h5 --out figs --format pdf --bootstrap 50 --collapse-bootstrap 5
check "two tables" [ "$(grep -c '^| n_x | events in window' analysis.log)" -eq 2 ]
check "the ramp case: warned about" grep -q "^warning: .*(n_x = 257): no steady state, left out" analysis.log
check "the ramp case: listed without a steady state in both tables" [ "$(grep -c '^| 257 | – (no steady state' analysis.log)" -eq 2 ]
check "the header counts the cases" grep -q "3 case(s), 2 with a steady state" analysis.log
check "a row per n_x in each table" [ "$(grep -cE '^\| (65|129) \| [0-9]+ \([0-9]+–[0-9]+\)' analysis.log)" -eq 4 ]
check "exponent lines for both cut-offs of both quantities" [ "$(grep -c '~ n_x^D: D = ' analysis.log)" -eq 4 ]
check "collapse lines" [ "$(grep -c '^collapse spread' analysis.log)" -eq 2 ]
check "the moment ratio over the steady-state window" "$py" - <<'PY'
import re, sys, h5py, numpy as np
f = h5py.File("tiny.h5", "r")
table = open("analysis.log").read().split("## drops")[0]
ok = True
for cid, c in f["cases"].items():
    a = c.attrs
    if a["steady_state_reached"] != 1:
        continue
    n_x = 2 ** int(a["levels"]) + 1
    s = c["events/state_changes"][a["steady_state_start_index"]:a["steady_state_end_index"] + 1].astype(float)
    want = np.mean(s * s) / np.mean(s)
    row = re.search(rf"^\| {n_x} \| (\d+) \(.*$", table, re.M)
    cells = [x.strip() for x in row.group(0).strip("|").split("|")]
    got = float(cells[7].split("±")[0])
    ok &= int(row.group(1)) == len(s) and abs(got - want) <= 5e-3 * want
    if not ok:
        print(n_x, len(s), row.group(0), want)
sys.exit(0 if ok else 1)
PY
for q in cutoffs size_collapse drop_collapse; do
  check "figure $q (pdf, LaTeX-safe name)" [ -s "figs/avalanche_scaling-mu_i-0p5_$q.pdf" ]
done
check_not "no unsafe figure names" ls figs | grep -q '[=@,]'

# One resolution: refused, naming why.
run one "$tribo" run "$src/input/avalanche_scaling.yaml" --set "sweep.parameters={slab.levels: [6], contact.events: [300]}" \
  --set contact.avalanche_bootstrap=20 -q -o one.h5
"$py" "$script" one.h5 --out figs1 --bootstrap 10 --collapse-bootstrap 0 > one_analysis.log 2>&1
check "a single case: exit non-zero" [ $? -ne 0 ]
check "a single case: says why" grep -q "fewer than two cases with a steady state" one_analysis.log
"$py" "$script" tiny.h5 --out figs2 --format jpg > fmt.log 2>&1
check "unknown --format: exit non-zero" [ $? -ne 0 ]
finish
