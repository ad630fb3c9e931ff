#!/bin/bash
# Runs every input/*.yaml with an old and a new tribo binary and compares the results with
# scripts/h5compare.py (issue 17 item 6: a refactoring changes no dataset).
#
#   scripts/h5compare_inputs.sh OLD_TRIBO NEW_TRIBO [WORK_DIR] [-- extra h5compare options]
#
# e.g. OLD_TRIBO from a worktree of the commit before the change:
#   git worktree add /work/wt-base 7b3e9aa && (cd /work/wt-base && cmake --preset release &&
#   cmake --build --preset release --target tribo-cli)
#   scripts/h5compare_inputs.sh /work/wt-base/build/release/bin/tribo build/release/bin/tribo
#
# The long inputs run cut down by --set overrides (fewer levels and events; listed in cut() below) so the
# whole comparison takes minutes. h5compare runs with --schema-changes: the attributes the output
# schema adds on purpose (description, enumeration) and integer datasets that were float64 with the
# same values are accepted (docs/output.md); every other difference fails. Exit 1 if any input differs
# or fails to run.
set -u
old=$1
new=$2
work=${3:-$(mktemp -d)}
shift $(($# < 3 ? $# : 3))
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
mkdir -p "$work"

# The cut-down overrides of the long inputs: cut NAME sets the array args.
cut() {
  case $1 in
  avalanche_scaling) args=(--set 'sweep.parameters={slab.levels: [6, 7], contact.events: [200, 400]}') ;;
  fig8_resolution) args=(--set contact.events=200
                         --set 'sweep.parameters={slab.levels: [5, 6], pin.radius_over_Lx: [100, 200]}') ;;
  fig8_steady) args=(--set 'sweep.parameters={slab.levels: [7, 8], contact.events: [400, 600]}') ;;
  long_sliding) args=(--set slab.levels=7 --set contact.events=500) ;;
  slab_convergence) args=(--set 'sweep.parameters={punch.kind: [frictionless, bonded_normal, bonded_tangential], slab.levels: [6, 7]}') ;;
  hertz_convergence) args=(--set 'sweep.parameters={punch.hertz_half_width_over_Lx: [0.05, 0.1, 0.2], slab.levels: [7, 8]}') ;;
  punch_convergence) args=(--set 'sweep.parameters={slab.levels: [8, 9]}') ;;
  *) args=() ;;
  esac
}

status=0
for input in "$src"/input/*.yaml; do
  name=$(basename "$input" .yaml)
  cut "$name"
  for which in old new; do
    bin=$old
    [ $which = new ] && bin=$new
    if ! (cd "$src/input" && "$bin" run "$input" -o "$work/$name.$which.h5" --overwrite -q ${args[@]+"${args[@]}"}) \
      > "$work/$name.$which.log" 2>&1; then
      echo "$name: the $which binary failed (see $work/$name.$which.log)"
      status=1
      continue 2
    fi
  done
  if out=$(/usr/bin/python3 "$here/h5compare.py" "$work/$name.old.h5" "$work/$name.new.h5" --schema-changes "$@"); then
    echo "$name: same${args[*]:+ (cut: ${args[*]})}"
  else
    echo "$name: DIFFERENT"
    echo "$out" | sed 's/^/    /'
    status=1
  fi
done
exit $status
