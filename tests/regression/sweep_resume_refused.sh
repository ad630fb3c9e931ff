#!/usr/bin/env bash
# --resume with a changed input is refused (exit 3) with a message that says why and what to do, and
# leaves the files as they were, whether the earlier run was interrupted (OUT.h5.partial) or finished
# (OUT.h5). Usage: sweep_resume_refused.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
input="$src/input/sweep_smoke.yaml"
small=(--set dynamics.fit=none --set "sweep.parameters={dynamics.duration: [0.075, 0.1]}")

refused() { # name, file that must stay, then the tribo arguments
  local name="$1" keep="$2"; shift 2
  local before; before=$(md5sum "$keep")
  mpiexec -n 2 --oversubscribe "$tribo" "$@" > "$name.log" 2>&1
  local rc=$?
  check "$name: exit 3 (rc $rc)" [ "$rc" -eq 3 ]
  check "$name: says why" grep -q "resume refused: '$keep' was written from a different input" "$name.log"
  check "$name: says what to do" grep -q "use a new output name, or --overwrite" "$name.log"
  check "$name: $keep untouched" [ "$(md5sum "$keep")" = "$before" ]
}

# A finished file, resumed with one key changed by --set, and with a changed YAML file.
"$tribo" run "$input" "${small[@]}" -o done.h5 -q || fail "first run"
refused finished-set done.h5 run "$input" "${small[@]}" --set dynamics.mu_k=0.26 -o done.h5 --resume
check "finished-set: no partial file appears" [ ! -e done.h5.partial ]
sed 's/mu_s: 0.282 /mu_s: 0.283 /' "$input" > changed.yaml
check "the changed YAML differs" [ -n "$(diff -q "$input" changed.yaml)" ]
refused finished-yaml done.h5 run changed.yaml "${small[@]}" -o done.h5 --resume

# An interrupted file (simulated: the finished one under its partial name).
cp done.h5 part.h5.partial
refused partial-set part.h5.partial run "$input" "${small[@]}" --set dynamics.mu_k=0.26 -o part.h5 --resume
check "partial-set: no final file appears" [ ! -e part.h5 ]

# The same input resumes: nothing left to run, the file is committed again.
mpiexec -n 2 --oversubscribe "$tribo" run "$input" "${small[@]}" -o part.h5 --resume > same.log 2>&1
check "same input: resume accepted" grep -q "0 to run (2 complete already)" same.log
check "same input: committed" [ -e part.h5 -a ! -e part.h5.partial ]
finish
