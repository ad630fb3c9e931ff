#!/usr/bin/env bash
# A profile written by one run drives the `dynamics` study of another (profile_file) exactly as the
# pipeline of the same run does: the dynamics/ groups agree bitwise. Usage: profile_to_dynamics.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
"$tribo" run "$src/input/profile_smoke.yaml" -o pipeline.h5 -q --set 'contact.mu_i=[0.5]' > run1.log 2>&1
check "pipeline run" [ $? -eq 0 ]
cat > from_file.yaml <<YAML
study: dynamics
contact: {load: 100.0}
dynamics:
  spring_stiffness: 2.0e5
  damping_ratio: 0.1
  stage_velocity: 2.0e-3
  mass: 0.5
  duration: 0.03
  output_stride: 1000
  friction: profile
  fit: none
  profile_file: pipeline.h5
  profile_case: profile-mu_i=0.5
  slab_width: 1.0e-3
YAML
"$tribo" run from_file.yaml -o from_file.h5 -q > run2.log 2>&1
check "dynamics from the file" [ $? -eq 0 ]
check "same dynamics as the pipeline" "$py" - <<'PY'
import sys, h5py, numpy as np
a = h5py.File("pipeline.h5")["cases/profile-mu_i=0.5/dynamics"]
b = next(iter(h5py.File("from_file.h5")["cases"].values()))["dynamics"]
ok = all(np.array_equal(a[k][()], b[k][()]) for k in ("t", "x", "v", "F_spring", "F_friction"))
sys.exit(0 if ok else 1)
PY
# A profile with a NaN is refused with a message naming the file and case.
"$py" -c "import h5py; f=h5py.File('pipeline.h5','r+'); d=f['cases/profile-mu_i=0.5/profile/F_over_W']; v=d[()]; v[3]=float('nan'); d[...]=v"
"$tribo" run from_file.yaml -o nan.h5 -q > run3.log 2>&1; rc=$?
check "a NaN in the profile is bad input (exit 1)" [ "$rc" -eq 1 ]
check "the message names the file" grep -q "pipeline.h5" run3.log
finish
