#!/usr/bin/env bash
# Outputs that cannot be right are refused before any work, and nothing on disk changes: -o naming the
# input file (even with --overwrite), -o naming a directory, and a --ranks-per-case that does not
# divide the ranks, which must leave an earlier run's resumable .partial as it was.
# Usage: output_refused.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
small=(--set dynamics.fit=none --set "sweep.parameters={dynamics.duration: [0.075, 0.1]}")
input="$src/input/sweep_smoke.yaml"

# expect NAME CODE TEXT COMMAND...: exit CODE with TEXT in the output, and no case run.
expect() {
  local name="$1" code="$2" text="$3"; shift 3
  "$@" > "$name.log" 2>&1; local rc=$?
  check "$name: exit $code (rc $rc)" [ "$rc" -eq "$code" ]
  check "$name: says '$text'" grep -qF -- "$text" "$name.log"
  check "$name: no case ran" [ "$(grep -c '^\[' "$name.log")" -eq 0 ]
}

cp "$input" in.yaml
before=$(md5sum in.yaml)
expect output-is-input 1 "-o 'in.yaml': that is the input file" "$tribo" run in.yaml "${small[@]}" -o in.yaml --overwrite
expect output-is-input-other-path 1 "is the input file" "$tribo" run "$work/in.yaml" "${small[@]}" -o ./in.yaml --overwrite
check "the input is untouched" [ "$(md5sum in.yaml)" = "$before" ]

mkdir outdir
expect output-is-directory 3 "output 'outdir' is a directory" "$tribo" run "$input" "${small[@]}" -o outdir --overwrite
check "no outdir.partial" [ ! -e outdir.partial ]
check "the directory stays" [ -d outdir ]

# A resumable partial file (a finished run's file under its partial name).
"$tribo" run "$input" "${small[@]}" -o done.h5 -q || fail "first run"
cp done.h5 part.h5.partial
before=$(md5sum part.h5.partial)
expect ranks-per-case-1 1 "--ranks-per-case 3: does not divide the 1 rank(s)" "$tribo" run "$input" "${small[@]}" -o part.h5 --ranks-per-case 3
expect ranks-per-case-2 1 "--ranks-per-case 3: does not divide the 2 rank(s)" mpiexec -n 2 --oversubscribe "$tribo" run "$input" "${small[@]}" -o part.h5 --ranks-per-case 3 --resume
check "the partial file is untouched" [ "$(md5sum part.h5.partial)" = "$before" ]
check "no final file" [ ! -e part.h5 ]
finish
