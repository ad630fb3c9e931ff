#!/usr/bin/env bash
# A case that fails while running is recorded (status = failed, its error message) and the study goes
# on: the other cases complete, the file is committed, the exit code is 2; --fail-fast stops the
# hand-out at the first failure. Usage: sweep_failure.sh TRIBO SOURCE_DIR
#
# The failure is a genuine run-time one: the dynamics study's closed-form fit runs PETSc TAO with the
# options prefix dynamics_fit_, and an unknown -dynamics_fit_tao_type makes TaoSetFromOptions fail
# inside the case (SolverError), only in the cases that fit. Every input key is checked when the study
# is built, so no value in the YAML of the existing studies fails later, during the run.
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
args=(run "$src/input/sweep_smoke.yaml" --set "sweep.parameters={dynamics.duration: [0.075, 0.1, 0.125],
      dynamics.fit: [none, two_static]}" -dynamics_fit_tao_type no_such_method)

mpiexec -n 2 --oversubscribe "$tribo" "${args[@]}" -o failing.h5 > failing.log 2>&1
rc=$?
check "exit code 2 when cases failed (rc $rc)" [ "$rc" -eq 2 ]
check "the file is committed" [ -e failing.h5 -a ! -e failing.h5.partial ]
check "the three fitting cases failed" [ "$(cases failing.h5 failed)" = "$(printf '%s\n' \
  'dynamics-coulomb@dynamics.duration=0.075,dynamics.fit=two_static' \
  'dynamics-coulomb@dynamics.duration=0.1,dynamics.fit=two_static' \
  'dynamics-coulomb@dynamics.duration=0.125,dynamics.fit=two_static')" ]
check "the other three completed" [ "$(cases failing.h5 complete | grep -c 'fit=none')" -eq 3 ]
check "the error message is recorded" "$py" - failing.h5 <<'PY'
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    for cid, g in f["cases"].items():
        if g.attrs["status"] == "failed":
            assert "TaoSetFromOptions" in g.attrs["error"], g.attrs["error"]
            assert "dynamics" not in g, "a failed case has no datasets"
    assert f.attrs["cases_failed"] == 3 and f.attrs["cases_total"] == 6
PY
check "the progress lines count the failures" grep -q "FAILED: PETSc error.*| failures 3 |" failing.log
check "the summary names the failures" grep -q "3 case(s) failed" failing.log

# --fail-fast: the first failure empties the queue; with one rank the hand-out order is known
# (costliest first: duration 0.125 fit=none, then 0.125 two_static fails, nothing after).
"$tribo" "${args[@]}" -o fast.h5 --fail-fast > fast.log 2>&1
rc=$?
check "--fail-fast exits 2 (rc $rc)" [ "$rc" -eq 2 ]
check "--fail-fast stops after the first failure" [ "$(cases fast.h5 failed | wc -l)" -eq 1 -a \
  "$(cases fast.h5 complete | wc -l)" -le 1 ]

# A resumed run redoes the failed cases; without the bad option they now complete.
"$tribo" run "$src/input/sweep_smoke.yaml" --set "sweep.parameters={dynamics.duration: [0.075, 0.1, 0.125],
      dynamics.fit: [none, two_static]}" -o failing.h5 --resume > resume.log 2>&1
rc=$?
check "resume after failures exits 0 (rc $rc)" [ "$rc" -eq 0 ]
check "resume redoes only the failed cases" grep -q "3 to run (3 complete already)" resume.log
check "all six complete after the resume" [ "$(cases failing.h5 complete | wc -l)" -eq 6 ]
finish
