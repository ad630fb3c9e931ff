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
printf 'study: profile\ncontact: {mu_i: []}\n' > emptymu.yaml
check empty-list 1 "contact.mu_i: an empty list" "$tribo" validate emptymu.yaml
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
check set-line 1 "(from --set): friction: Coulomb: parameter mu = -1" "$tribo" validate "$good" --set friction.law=Coulomb --set friction.mu=-1

# Issue 18: mistakes that used to pass silently, and inputs that cost without bound.
printf 'study: friction_table\nfriction:\n  law: Coulomb\n  mu: 0.3\nstudy: disk\ntable: {N: [1], v: [0]}\n' > dup.yaml
check duplicate-key 1 "dup.yaml:5: study: duplicate key (first at line 1)" "$tribo" run dup.yaml -o dup.h5
nofile dup.h5 duplicate-key
check set-empty 1 "friction.muSlow: no value after '='" "$tribo" run "$good" -o empty.h5 --set friction.muSlow=
nofile empty.h5 set-empty
smoke="$src/input/sweep_smoke.yaml"
check set-swept-key 1 "sweep.parameters.dynamics.mu_k: is also set by a --set of 'dynamics.mu_k'" \
  "$tribo" validate "$smoke" --set dynamics.mu_k=0.3
{ printf 'study: friction_table\nfriction: {law: Coulomb, mu: 0.3}\ntable: {N: [1], v: [0]}\nsweep:\n  parameters:\n'
  for k in friction.mu table.N table.v a b c d e f; do printf '    %s: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n' $k; done; } > product.yaml
check sweep-too-large 1 "the product sweep has 1000000000 points" "$tribo" run product.yaml -o product.h5
check max-cases 1 "the product sweep has 8 points (4 x 2); allowed at most 4" "$tribo" validate "$smoke" --max-cases 4
check dev-zero 1 "the input file is larger than allowed" "$tribo" validate /dev/zero
{ printf 'study: friction_table\nfriction: {law: Coulomb, mu: 0.3}\ntable: {N: [1], v: [0]}\na0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1]\n'
  for i in 1 2 3 4 5 6 7 8 9 10; do j=$((i-1)); printf 'a%s: &a%s [*a%s, *a%s, *a%s, *a%s, *a%s, *a%s, *a%s, *a%s, *a%s]\n' $i $i $j $j $j $j $j $j $j $j $j; done
  printf 'sweep:\n  parameters:\n    table.N: [*a10]\n'; } > aliases.yaml
check alias-expansion 1 "once its aliases are expanded; allowed at most 200000" "$tribo" validate aliases.yaml
# 10 000 sweep points validate in time linear in their number (over 10 minutes before: each point
# re-read and re-expanded the whole sweep); the limit is the default --max-cases, not more.
{ printf 'study: friction_table\nfriction: {law: Coulomb, mu: 0.3}\ntable: {N: [1], v: [0]}\nsweep:\n  mode: zip\n  parameters:\n'
  printf '    friction.mu: ['; seq -s ', ' 1 10000 | tr -d '\n'; printf ']\n'
  printf '    table.N: ['; seq -s ', ' 1 10000 | tr -d '\n'; printf ']\n'; } > zip.yaml
check zip-10000 0 "with 10000 case(s)" "$tribo" validate zip.yaml
# PETSc options nobody reads are reported (PETSc's -options_left convention); -options_left 0 silences.
check petsc-unused 0 "PETSc option -ksp_typo was not used" "$tribo" run "$good" -o petsc.h5 -q -ksp_typo gmres
# A closed stdout (`| head`, a pager that quit) drops the progress lines, never the run: exit 0 and the
# same file as with stdout open (the pipe's reading end is closed before tribo starts; it died of SIGPIPE).
closed_stdout() {
  /usr/bin/python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r); sys.exit(subprocess.call(sys.argv[1:], stdout=w))' "$@"
}
check closed-stdout 0 "" closed_stdout "$tribo" run "$good" -o piped.h5
check closed-stdout-same-file 0 "agree" /usr/bin/python3 "$src/scripts/h5compare.py" good.h5 piped.h5
"$tribo" run "$good" -o petsc.h5 --overwrite -q -ksp_typo gmres -options_left 0 > silent.txt 2>&1
if grep -q "was not used" silent.txt; then echo "FAIL petsc-unused: -options_left 0 did not silence"; fails=$((fails+1)); else passes=$((passes+1)); fi

# A bad PETSc value fails its case with PETSc's message in one line, not PETSc's error dump.
quick=(run "$src/input/quickstart.yaml" -o ksp.h5 --set contact.events=40 --set contact.solver_path=reference
       --set "contact.mu_i=[0.5]" --set dynamics.duration=0.001)
check petsc-bad-value 2 "Unable to find requested KSP type gmress" "$tribo" "${quick[@]}" -slab_ksp_type gmress
if grep -q "PETSC ERROR" out.txt; then echo "FAIL petsc-bad-value: PETSc's error dump printed"; fails=$((fails+1)); else passes=$((passes+1)); fi

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
