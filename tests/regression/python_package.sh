#!/usr/bin/env bash
# The Python package python/tribo/ reads what the CLI writes: a punch with fields, profiles with events,
# avalanches and the pin's trajectory, the stage-driven pin (Coulomb, rate-and-state), the disk (closed
# forms, a velocity-dependent law) and a friction table, each dataset with its
# unit (tests/python/check_package.py compares with h5py reads). Usage: python_package.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
run punch "$tribo" run "$src/input/punch_fields.yaml" -o punch.h5
run profile "$tribo" run "$src/input/profile_smoke.yaml" -o profile.h5
run dynamics "$tribo" run "$src/input/dynamics_coulomb.yaml" -o dynamics.h5
run disk "$tribo" run "$src/input/disk.yaml" -o disk.h5
run friction "$tribo" run "$src/input/friction_velnormalfrcdep.yaml" -o friction.h5
run rate_state "$tribo" run "$src/input/dynamics_rate_state.yaml" -o rate_state.h5
run disk_velocity_law "$tribo" run "$src/input/disk_velocity_law.yaml" -o disk_velocity_law.h5
run read-back env PYTHONPATH="$src/python" "$py" "$src/tests/python/check_package.py" "$work"
check "python3 -m tribo prints the cases" env PYTHONPATH="$src/python" "$py" -m tribo profile.h5 mu_i status >/dev/null
check "python3 -m tribo names them" grep -q "profile-mu_i=0.5" <(PYTHONPATH="$src/python" "$py" -m tribo profile.h5 mu_i status)
finish
