#!/usr/bin/env bash
# Checkpoints inside a dynamics case (issue 18): the stage-driven pin killed with SIGKILL in the middle
# of its RK4 integration resumes from its last checkpoint and ends bitwise as the uninterrupted run:
# Coulomb stick-slip on one rank and on a group of two, rate-and-state, checkpoints by step count and by
# wall time, and a profile case killed in its pipeline's dynamics, which resumes there without sliding
# again. Checkpoints change no result. Usage: dynamics_checkpoint_resume.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
work=$(mktemp -d); trap 'pkill -KILL -f "$work/" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
# input/dynamics_coulomb.yaml over 1 s: 10^7 RK4 steps (about a second), a checkpoint every 10^6.
cat > coulomb.yaml <<'YAML'
study: dynamics
contact:
  load: 100.0
dynamics:
  spring_stiffness: 2.0e5
  damping_ratio: 0.1
  stage_velocity: 2.0e-3
  mass: 0.5
  time_step: 1.0e-7
  duration: 1.0
  output_stride: 1000
  friction: coulomb
  mu_s: 0.282
  mu_s_after_switch: 0.272
  mu_s_switch_time: 0.089
  mu_k: 0.267
  checkpoint_every: 1000000
YAML
steps=10000000
resumed_at() { sed -n 's/.*resumed from its checkpoint at step \([0-9]*\)\/.*/\1/p' "$1"; }
# resumed_mid NAME LOG TOTAL: the run of LOG resumed at a step strictly inside the integration.
resumed_mid() {
  local at; at=$(resumed_at "$2")
  check "$1: resumed in the middle of the pin (step ${at:-none} of $3)" strictly_inside "$at" 0 "$3"
}
ignore_input=(--ignore input_yaml input_defaults)

# One rank: the uninterrupted run, the same without checkpoints, and the killed one resumed.
args=(run "$work/coulomb.yaml")
run reference "$tribo" "${args[@]}" -o reference.h5
check "the checkpoints are gone after the run" [ ! -e reference.h5.partial.checkpoints ]
run plain "$tribo" "${args[@]}" -o plain.h5 --set dynamics.checkpoint_every=0 --set dynamics.checkpoint_minutes=0
check "checkpoints change no result" "$py" "$src/scripts/h5compare.py" reference.h5 plain.h5 "${ignore_input[@]}"
kill_mid_case killed
run resumed "$tribo" "${args[@]}" -o "$work/killed.h5" --resume
resumed_mid "one rank" resumed.log "$steps"
check "resumed = uninterrupted, bitwise" same_results reference.h5 killed.h5
check "the checkpoints are gone after the resume" [ ! -e killed.h5.partial.checkpoints ]

# A group of two ranks (each computes the pin, the group's root saves and writes).
two=(mpiexec -n 2 --oversubscribe)
args+=(--ranks-per-case 2)
run reference2 "${two[@]}" "$tribo" "${args[@]}" -o reference2.h5
kill_mid_case killed2 "${two[@]}"
run resumed2 "${two[@]}" "$tribo" "${args[@]}" -o "$work/killed2.h5" --resume
resumed_mid "two ranks" resumed2.log "$steps"
check "two ranks: resumed = uninterrupted, bitwise" same_results reference2.h5 killed2.h5

# Checkpoints by wall time alone, every 12 ms (the clock is read every 2^14 steps): the case takes a
# second, so its first checkpoint comes long before its end.
args=(run "$work/coulomb.yaml" --set dynamics.checkpoint_every=0 --set dynamics.checkpoint_minutes=0.0002)
kill_mid_case timed
run resumed_timed "$tribo" "${args[@]}" -o "$work/timed.h5" --resume
resumed_mid "by time" resumed_timed.log "$steps"
check "by time: resumed = uninterrupted, bitwise" "$py" "$src/scripts/h5compare.py" plain.h5 timed.h5 \
  "${ignore_input[@]}"

# Rate-and-state (input/dynamics_rate_state.yaml over 0.5 s): theta and the stiffest state met carry over.
args=(run "$src/input/dynamics_rate_state.yaml" --set dynamics.duration=0.5 --set dynamics.checkpoint_every=500000)
run reference_rs "$tribo" "${args[@]}" -o reference_rs.h5
kill_mid_case killed_rs
run resumed_rs "$tribo" "${args[@]}" -o "$work/killed_rs.h5" --resume
resumed_mid "rate-and-state" resumed_rs.log 5000000
check "rate-and-state: resumed = uninterrupted, bitwise" same_results reference_rs.h5 killed_rs.h5

# A profile case killed in its pipeline's dynamics (the contact takes no checkpoints here, so the first
# one is the pin's): the resume restores the profile phase's results and does not slide again.
args=(run "$src/input/profile_smoke.yaml" --set 'contact.mu_i=[0.5]' --set dynamics.duration=1.0
      --set dynamics.checkpoint_every=1000000 --set contact.checkpoint_minutes=0)
run reference_pipeline "$tribo" "${args[@]}" -o reference_pipeline.h5
kill_mid_case killed_pipeline
run resumed_pipeline "$tribo" "${args[@]}" -o "$work/killed_pipeline.h5" --resume
resumed_mid "pipeline" resumed_pipeline.log "$steps"
check_not "pipeline: the resume did not slide again" grep -q "normal contact in" resumed_pipeline.log
check "pipeline: resumed = uninterrupted, bitwise" same_results reference_pipeline.h5 killed_pipeline.h5
finish
