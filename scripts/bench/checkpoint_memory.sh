#!/usr/bin/env bash
# Peak resident memory of a profile case on the condensed path that saves a checkpoint, and of its
# resume (docs/output.md, "Checkpoints inside a case"; docs/performance.md, "Checkpoints of the
# condensed tableau"): input/long_sliding.yaml cut to EVENTS events at slab.levels = LEVELS,
#   1. without checkpoints,
#   2. with one checkpoint half-way,
#   3. killed (SIGKILL) as soon as that checkpoint is on disk, then --resume'd,
# each on RANKS ranks (one group), with every binary given (e.g. an older commit's built beside).
# Peak memory is GNU time's largest resident set of one process (of mpiexec's ranks: the largest rank).
# Not part of ctest (minutes and gigabytes at the default size).
#   scripts/bench/checkpoint_memory.sh [LEVELS] [RANKS] [EVENTS] TRIBO...
# LEVELS defaults to 13 (n_x = 8193, 3.1 GB of tableaux), RANKS to 1, EVENTS to 200.
set -euo pipefail
levels=${1:-13} ranks=${2:-1} events=${3:-200}
shift $(($# < 3 ? $# : 3))
(($# > 0)) || set -- "$(dirname "$0")/../../build/release/bin/tribo"
input=$(cd "$(dirname "$0")/../.." && pwd)/input/long_sliding.yaml
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs tribo on the case with checkpoint_every = $2 (0: none); extra arguments follow. Prints nothing;
# GNU time's report goes to $work/time.
case_run() {
  local tribo=$1 every=$2
  shift 2
  local launch=()
  ((ranks > 1)) && launch=(mpiexec -n "$ranks")
  /usr/bin/time -v -o "$work/time" "${launch[@]}" "$tribo" run "$input" --set "slab.levels=$levels" \
    --set "contact.events=$events" --set "contact.checkpoint_every=$every" --set contact.checkpoint_minutes=0 \
    --ranks-per-case "$ranks" -o "$work/case.h5" "$@" >"$work/log" 2>&1
}
peak() { awk -F': ' '/Maximum resident/ {printf "%.2f GB", $2 / 1048576}' "$work/time"; }

echo "# n_x = $((2 ** levels + 1)), $events events, $ranks rank(s); peak resident memory of one process"
for tribo in "$@"; do
  commit="$tribo ($("$tribo" --version 2>/dev/null | head -1))"
  case_run "$tribo" 0 --overwrite
  none=$(peak)
  case_run "$tribo" $((events / 2)) --overwrite
  saving=$(peak)
  # The same run killed once its checkpoint is complete (renamed into place), then resumed.
  rm -rf "$work"/case.h5*
  case_run "$tribo" $((events / 2)) 2>/dev/null &
  runner=$!
  until compgen -G "$work/case.h5.partial.checkpoints/*.ckpt" >/dev/null; do
    kill -0 "$runner" 2>/dev/null || {
      echo "the run ended before its checkpoint: $(tail -3 "$work/log")" >&2
      exit 1
    }
    sleep 0.2
  done
  pkill -KILL -f -- "-o $work/case.h5" || true
  { wait "$runner"; } 2>/dev/null || true
  case_run "$tribo" $((events / 2)) --resume
  grep -q "resumed from its checkpoint" "$work/log" || {
    echo "the resume did not start from the checkpoint: $(tail -3 "$work/log")" >&2
    exit 1
  }
  echo "$commit: without checkpoints $none; saving one $saving; resuming from it $(peak)"
done
