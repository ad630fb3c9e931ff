#!/usr/bin/env bash
# Steady sliding of one large case on 1 and on 2 ranks (issue 20, goal 6; docs/performance.md, "Steady
# sliding at the goal's n_x = 8193"): every run resumes the same checkpoint, deep in steady sliding, and
# slides to the input's last event; the rate is the last progress line's (events since the resume over
# their wall time, the restore not in it). Every binary given runs on 1 rank and on 2 (--ranks-per-case 2),
# REPS times in turn (e.g. an older commit's built beside the new one); the files of all the runs are
# compared with the first's (scripts/h5compare.py: the same events and F, to the last bit; the
# memory of the condensed path per rank, condensed_bytes, is not compared).
# Not part of ctest (minutes per run, gigabytes of checkpoint).
#   scripts/bench/steady_ranks.sh RUN_DIR TRIBO...
# RUN_DIR holds an interrupted run: OUT.h5.partial, its .reserve and OUT.h5.partial.checkpoints/, made by
#   tribo run input/long_sliding.yaml --set slab.levels=13 --set contact.events=26000 \
#     --set contact.checkpoint_every=24000 -o OUT.h5
# stopped (SIGTERM) once the checkpoint at event 24 000 is on disk; RUN_DIR/sets lists the same --set
# arguments, one per line. Each run gets its own copy of the run, the checkpoint hard-linked (no copy of
# gigabytes beside the run; the resume deletes only its own link). Environment: REPS (default 2).
set -euo pipefail
dir=${1:?usage: steady_ranks.sh RUN_DIR TRIBO...}
shift
(($# > 0)) || { echo "steady_ranks.sh: give at least one tribo binary" >&2; exit 1; }
reps=${REPS:-2}
root=$(cd "$(dirname "$0")/../.." && pwd)
input=$root/input/long_sliding.yaml
partial=$(ls "$dir"/*.h5.partial)
out=$(basename "${partial%.partial}")
mapfile -t sets < <(sed 's/^/--set\n/' "$dir/sets")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d "$dir/runs.XXXX")
trap 'rm -rf "$work"' EXIT
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# resumed from $(ls "$partial.checkpoints") ($(du -h "$partial.checkpoints" | cut -f1)), ${sets[*]}"

# One resume of binary $1 on $2 ranks into $work/$3; prints the last progress line's rate.
resume() {
  local tribo=$1 ranks=$2 run=$work/$3
  mkdir -p "$run/$out.partial.checkpoints"
  cp "$partial" "$partial.reserve" "$run/"
  ln "$partial.checkpoints"/* "$run/$out.partial.checkpoints/"
  local launch=("$tribo") group=()
  ((ranks > 1)) && launch=(mpiexec -n "$ranks" "$tribo") group=(--ranks-per-case "$ranks")
  if ! "${launch[@]}" run "$input" "${sets[@]}" "${group[@]}" --resume -o "$run/$out" >"$run/log" 2>&1; then
    echo "steady_ranks.sh: $tribo on $ranks rank(s) failed:" >&2
    tail -5 "$run/log" >&2
    return 1
  fi
  grep "events/s" "$run/log" | tail -1 | sed -n 's/.* \([0-9.]*\) events\/s.*/\1/p'
}

printf "%-4s %-40s %14s %14s %8s\n" rep binary "1 rank [ev/s]" "2 ranks [ev/s]" "2 / 1"
first=""
for ((i = 1; i <= reps; ++i)); do
  b=0
  for tribo in "$@"; do
    b=$((b + 1))
    one=$(resume "$tribo" 1 "r$i-b$b-1") || exit 1
    two=$(resume "$tribo" 2 "r$i-b$b-2") || exit 1
    printf "%-4s %-40s %14s %14s %8s\n" "$i" "$tribo" "$one" "$two" "$(echo "scale=2; $two / $one" | bc)"
    for ranks in 1 2; do
      file=$work/r$i-b$b-$ranks/$out
      [[ -z $first ]] && { first=$file; continue; }
      /usr/bin/python3 "$root/scripts/h5compare.py" "$first" "$file" --ignore condensed_bytes >"$work/compare" 2>&1 &&
        echo "#   $tribo on $ranks rank(s): the same file as the first run's" ||
        { echo "#   $tribo on $ranks rank(s) differs from the first run:"; sed 's/^/#     /' "$work/compare" | head -8; }
    done
    rm -rf "$work"/r"$i"-b"$b"-*/"$out".partial.checkpoints
  done
done
