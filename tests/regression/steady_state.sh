#!/usr/bin/env bash
# The stationarity test end to end (docs/model.md §14): a run still on its loading ramp writes
# steady_state_reached = 0 with the reason and no plateau, mu_k or mu_s, warns and counts the case;
# contact.require_steady_state makes it a failed case (exit 2); the dynamics refuses to extend it
# unless dynamics.allow_nonstationary_profile; the Fig. 6 input as shipped is stationary with the
# plateau of docs/reproduction.md; contact.events below the test's minimum is refused by validate.
# Usage: steady_state.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fig6="$src/input/fig6_profile.yaml"
# n_x = 257, 200 events, mu_i = 0.5: F/W reaches 0.18 of a 0.26 plateau -- the ramp alone (1 s).
ramp=(--set slab.levels=8 --set contact.events=200 --set 'contact.mu_i=[0.5]')

"$tribo" run "$fig6" "${ramp[@]}" -q -o ramp.h5 > ramp.log 2>&1
check "ramp run exits 0" [ $? -eq 0 ]
check "ramp run warns, naming the case" grep -q "^warning: profile-mu_i=0.5: no steady state" ramp.log
check "ramp: the case says why" "$py" - <<'PY'
import sys, h5py
f = h5py.File("ramp.h5", "r")
c = f["cases/profile-mu_i=0.5"]
a = c.attrs
ok = (a["steady_state_reached"] == 0 and c["profile"].attrs["steady_state_reached"] == 0
      and "trend" in a["steady_state_reason"] and a["steady_state_trend_t"] > 10
      and a["steady_state_trend_p"] < a["steady_state_significance"]
      and "mu_s_profile_reason" in a and f.attrs["cases_without_steady_state"] == 1)
absent = [k for k in ("plateau_mean_F_over_W", "plateau_std_F_over_W", "plateau_ratio_to_mu_i",
                      "plateau_mean_error_F_over_W", "steady_state_period_over_Lx", "mu_s_profile") if k in a]
if absent: print("present:", absent)
sys.exit(0 if ok and not absent else 1)
PY
"$tribo" run "$fig6" "${ramp[@]}" -o ramp_counted.h5 > counted.log 2>&1
check "the summary line counts the case" grep -q "^tribo: 1 case(s) without a steady state" counted.log

"$tribo" run "$fig6" "${ramp[@]}" --set contact.require_steady_state=true -q -o required.h5 > required.log 2>&1
check "require_steady_state: a failed case, exit 2" [ $? -eq 2 ]
check "require_steady_state: the error names the key" "$py" -c "
import sys, h5py
a = h5py.File('required.h5')['cases/profile-mu_i=0.5'].attrs
sys.exit(0 if a['status'] == 'failed' and 'contact.require_steady_state' in a['error'] else 1)"

# The pipeline: the profile_smoke dynamics on the ramp is refused, then allowed.
dyn=(--set dynamics.spring_stiffness=2.0e5 --set dynamics.damping_ratio=0.1 --set dynamics.stage_velocity=2.0e-3
     --set dynamics.mass=0.5 --set dynamics.duration=0.01 --set dynamics.output_stride=1000
     --set dynamics.friction=profile --set dynamics.fit=none)
"$tribo" run "$fig6" "${ramp[@]}" "${dyn[@]}" -q -o pipeline.h5 > pipeline.log 2>&1
check "dynamics on a ramp: a failed case, exit 2" [ $? -eq 2 ]
check "dynamics on a ramp: names the key" "$py" -c "
import sys, h5py
a = h5py.File('pipeline.h5')['cases/profile-mu_i=0.5'].attrs
sys.exit(0 if a['status'] == 'failed' and 'dynamics.allow_nonstationary_profile: true' in a['error'] else 1)"
"$tribo" run "$fig6" "${ramp[@]}" "${dyn[@]}" --set dynamics.allow_nonstationary_profile=true -q -o allowed.h5 \
  > allowed.log 2>&1
check "dynamics on a ramp when allowed: exit 0" [ $? -eq 0 ]

# A dynamics study reading the ramp's profile from the file: bad input (exit 1) naming the key.
cat > from_file.yaml <<YAML
study: dynamics
contact: {load: 100.0}
dynamics: {spring_stiffness: 2.0e5, damping_ratio: 0.1, stage_velocity: 2.0e-3, mass: 0.5, duration: 0.01,
           output_stride: 1000, friction: profile, fit: none, profile_file: ramp.h5,
           profile_case: profile-mu_i=0.5, slab_width: 1.0e-3}
YAML
"$tribo" validate from_file.yaml > from_file.log 2>&1
check "dynamics from a ramp's file: exit 1" [ $? -eq 1 ]
check "dynamics from a ramp's file: names file, key and reason" \
  grep -q "dynamics.profile_file: ramp.h5:/cases/profile-mu_i=0.5: the profile has no steady state" from_file.log

# The shipped Fig. 6 input: stationary, the plateau of docs/reproduction.md, mu_s at the peak.
run fig6 "$tribo" run "$fig6" -q -o fig6.h5
check "fig6: stationary with the documented plateau and mu_s" "$py" - <<'PY'
import sys, h5py
f = h5py.File("fig6.h5", "r")
want = {"0.5": (0.2615, 0.0035, 0.2728), "0.25": (0.1310, 0.0018, 0.1415)}
ok = f.attrs["cases_without_steady_state"] == 0
for mu, (mean, std, peak) in want.items():
    a = f[f"cases/profile-mu_i={mu}"].attrs
    ok &= a["steady_state_reached"] == 1 and "steady_state_reason" not in a
    ok &= abs(a["plateau_mean_F_over_W"] - mean) < 1e-4 and abs(a["plateau_std_F_over_W"] - std) < 1e-4
    ok &= abs(a["mu_s_profile"] - peak) < 1e-4 and a["steady_state_trend_p"] > a["steady_state_significance"]
sys.exit(0 if ok else 1)
PY

# contact.events the analysis cannot use: refused before any work, naming the key and the range.
for n in 1 3 39; do
  "$tribo" validate "$fig6" --set contact.events=$n > events.log 2>&1; rc=$?
  check "validate contact.events=$n: exit 1" [ "$rc" -eq 1 ]
  check "validate contact.events=$n: key and range" grep -q "contact.events: value $n is out of range; allowed integer >= 40" events.log
done
run events40 "$tribo" validate "$fig6" --set contact.events=40
finish
