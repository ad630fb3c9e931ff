#!/usr/bin/env bash
# Checkpoints inside a case (issue 18): a profile case at n_x = 1025 killed with SIGKILL in the middle
# of its sliding resumes from its last checkpoint and ends bitwise as the uninterrupted run, on one
# rank and on a group of two, with checkpoints by event count and by wall time; checkpoints change
# no result; an unusable checkpoint is a warning and the case runs from its start; a checkpoint of an
# earlier tribo resumes. Usage: checkpoint_resume.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
work=$(mktemp -d); trap 'pkill -KILL -f "$work/" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
cat > case.yaml <<'YAML'
study: profile
slab:
  levels: 10
contact:
  mu_i: 0.5
  events: 1500
  avalanche_bootstrap: 0
  checkpoint_every: 250
YAML
args=(run "$work/case.yaml")

resumed_at() { sed -n 's/.*resumed from its checkpoint at event \([0-9]*\)\/.*/\1/p' "$1"; }

# One rank: the uninterrupted run, the same without checkpoints, and the killed one resumed.
run reference "$tribo" "${args[@]}" -o reference.h5
check "the checkpoints are gone after the run" [ ! -e reference.h5.partial.checkpoints ]
run plain "$tribo" "${args[@]}" -o plain.h5 --set contact.checkpoint_every=0 --set contact.checkpoint_minutes=0
check "checkpoints change no result" "$py" "$src/scripts/h5compare.py" reference.h5 plain.h5 --ignore input_yaml input_defaults
kill_mid_case killed
run resumed "$tribo" "${args[@]}" -o "$work/killed.h5" --resume
at=$(resumed_at resumed.log)
check "resumed in the middle of the case (event ${at:-none})" strictly_inside "$at" 0 1500
check "resumed = uninterrupted, bitwise" same_results reference.h5 killed.h5
check "the checkpoints are gone after the resume" [ ! -e killed.h5.partial.checkpoints ]

# A group of two ranks: the checkpoint holds the tableau in global row order. The default solvers: the
# condensation runs on serial copies of the slab, the same to the last bit from run to run and on any
# number of ranks (docs/model.md §16, "Distribution").
two=(mpiexec -n 2 --oversubscribe)
args+=(--ranks-per-case 2)
run reference2 "${two[@]}" "$tribo" "${args[@]}" -o reference2.h5
kill_mid_case killed2 "${two[@]}"
run resumed2 "${two[@]}" "$tribo" "${args[@]}" -o "$work/killed2.h5" --resume
check "two ranks: resumed in the middle" [ -n "$(resumed_at resumed2.log)" ]
check "two ranks: resumed = uninterrupted, bitwise" same_results reference2.h5 killed2.h5

# An unusable checkpoint (cut short) is a warning; the case runs from its start, to the same result.
kill_mid_case broken "${two[@]}"
for f in broken.h5.partial.checkpoints/*.ckpt; do truncate -s 1000 "$f"; done
run resumed3 "${two[@]}" "$tribo" "${args[@]}" -o "$work/broken.h5" --resume
check "the unusable checkpoint is named in a warning" grep -q "warning: .*checkpoint .* is unusable (truncated)" resumed3.log
check "it did not resume" [ -z "$(resumed_at resumed3.log)" ]
check "unusable checkpoint: the same result" same_results reference2.h5 broken.h5

# A checkpoint written by an earlier tribo resumes: tests/data/checkpoint_aff83bf holds the .partial
# file and the checkpoint (at event 2000 of 3000, n_x = 65) that tribo aff83bf left when killed, before the
# tableau's rows were put in node order in memory (81d04c7; a checkpoint keeps the first order). Resumed
# on 1 and on 2 ranks, it ends bitwise as today's uninterrupted run.
old="$src/tests/data/checkpoint_aff83bf"
run reference_old "$tribo" run "$old/case.yaml" -o reference_old.h5
for n in 1 2; do
  cp "$old/run.h5.partial" "old$n.h5.partial"
  mkdir "old$n.h5.partial.checkpoints"
  gunzip -c "$old/c47472ac83afb873.ckpt.gz" > "old$n.h5.partial.checkpoints/c47472ac83afb873.ckpt"
  run resumed_old$n mpiexec -n $n "$tribo" run "$old/case.yaml" -o "$work/old$n.h5" --resume --ranks-per-case $n
  check "aff83bf's checkpoint on $n rank(s): resumed at event 2000" [ "$(resumed_at resumed_old$n.log)" = 2000 ]
  check "aff83bf's checkpoint on $n rank(s): resumed = uninterrupted, bitwise" \
    "$py" "$src/scripts/h5compare.py" reference_old.h5 "old$n.h5" --ignore condensed_bytes
done

# Checkpoints by wall time alone, every 12 ms, on a small slab (n_x = 129): 30 000 events slide for about
# a second, so the first checkpoint comes long before the end. A save there soon takes longer than 12 ms
# (the saved events grow with the case); the saves wait 9 times their cost, so the case is not slowed
# more than a tenth (it was 20 times slower when they came after every event).
args=(run "$work/case.yaml" --set slab.levels=7 --set contact.events=30000 --set contact.checkpoint_every=0
      --set contact.checkpoint_minutes=0.0002)
run reference_timed "$tribo" "${args[@]}" -o reference_timed.h5
kill_mid_case timed
run resumed_timed "$tribo" "${args[@]}" -o "$work/timed.h5" --resume
at=$(resumed_at resumed_timed.log)
check "by time: resumed in the middle (event ${at:-none})" strictly_inside "$at" 0 30000
check "by time: resumed = uninterrupted, bitwise" same_results reference_timed.h5 timed.h5
finish
