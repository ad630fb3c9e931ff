#!/usr/bin/env bash
# The tribo command line end to end: help, version, validate, run, and each class of bad input exits 1
# with a message naming the key and leaves no output file. Usage: cli.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fails=0; passes=0
check() { # name, expected exit code, expected text in stderr/stdout, command...
  local name="$1" code="$2" text="$3"; shift 3
  "$@" >out.txt 2>&1; local rc=$?
  if [ "$rc" -ne "$code" ] || { [ -n "$text" ] && ! grep -qF -- "$text" out.txt; }; then
    echo "FAIL $name: exit $rc (want $code), output:"; sed 's/^/    /' out.txt; fails=$((fails+1))
  else passes=$((passes+1)); fi
}
nofile() { if [ -e "$1" ] || [ -e "$1.partial" ]; then echo "FAIL $2: left $1"; fails=$((fails+1)); else passes=$((passes+1)); fi; }

good="$src/input/friction_velnormalfrcdep.yaml"
check help 0 "Usage" "$tribo" --help
check version 0 "tribo " "$tribo" --version
check validate 0 "valid input" "$tribo" validate "$good"
# Every input the project ships validates (they are the commands of docs/reproduction.md).
for f in "$src"/input/*.yaml; do check "validate $(basename "$f")" 0 "valid input" "$tribo" validate "$f"; done
check run 0 "wrote" "$tribo" run "$good" -o good.h5
check no-clobber 3 "--overwrite" "$tribo" run "$good" -o good.h5
check overwrite 0 "" "$tribo" run "$good" -o good.h5 --overwrite --quiet

printf 'study: friction_table\nfriction:\n  law: Coulomb\n  mu: 0.3\n  colour: red\ntable: {N: [1], v: [0]}\n' > unknown.yaml
check unknown-key 1 "unknown key 'friction.colour'" "$tribo" run unknown.yaml -o unknown.h5
nofile unknown.h5 unknown-key
printf 'study: friction_table\nfriction:\n  law: Coulomb\n  mu: -0.3\ntable: {N: [1], v: [0]}\n' > range.yaml
check out-of-range 1 "mu = -0.3 is outside the allowed range (0, inf)" "$tribo" run range.yaml -o range.h5
nofile range.h5 out-of-range
printf 'study: friction_table\nfriction:\n  law: Coulomb\n  mu: lots\ntable: {N: [1], v: [0]}\n' > type.yaml
check wrong-type 1 "friction.mu" "$tribo" run type.yaml -o type.h5
nofile type.h5 wrong-type
printf 'study: friction_table\nfriction:\n  law: Coulomb\n  mu: 0.3\n' > missing.yaml
check missing-key 1 "table.N" "$tribo" run missing.yaml -o missing.h5
nofile missing.h5 missing-key
printf 'study: friction_table\nfriction: {law: Coulomb, mu: [0.3\n' > malformed.yaml
check malformed 1 "malformed YAML" "$tribo" run malformed.yaml -o malformed.h5
nofile malformed.h5 malformed
printf 'study: nothing_of_the_kind\n' > study.yaml
check unknown-study 1 "friction_table" "$tribo" run study.yaml -o study.h5
check set-override 1 "mu = -1 is outside" "$tribo" run "$good" -o set.h5 --set friction.law=Coulomb --set friction.mu=-1
nofile set.h5 set-override
check bad-flag 1 "" "$tribo" run "$good" --no-such-flag

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
