#!/usr/bin/env bash
# Issue 20, goal 4: Fig. 6 (n_x = 129, 2000 events) on the condensed path, as a multiple of the reference
# path in the same process, and the condensed path against a baseline build. Not part of ctest (timings).
#   scripts/bench/fig6.sh NEW_BUILD [OLD_BUILD]
# Builds configured with the preset `bench` (target bench_contact). Environment: REPS (default 3) runs of
# each; MUS (default "0.25 0.5"). For each mu_i: REPS runs of NEW with both paths (the ratio of CPU times
# per event, reference / condensed), then REPS alternating condensed-only runs of OLD and NEW (CPU time),
# and whether their events are bitwise the same (`-events_out`, cmp; only when OLD has that option).
# Output: the raw lines, then the medians (docs/performance.md, "Goal 4 at Fig. 6").
set -euo pipefail
new=${1:?usage: fig6.sh NEW_BUILD [OLD_BUILD]}
old=${2:-}
reps=${REPS:-3}
mus=${MUS:-0.25 0.5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# new: $new${old:+; old: $old}"
for mu in $mus; do
  echo "## mu_i = $mu: both paths, $reps runs"
  for r in $(seq "$reps"); do
    "$new/bench/bench_contact" -levels 7 -mu_i "$mu" -events 2000 -paths condensed,reference |
      grep -E "^path|^agreement" | tee "$out/both_${mu}_$r"
  done
  [[ -z $old ]] && continue
  echo "## mu_i = $mu: condensed path, old and new alternately, $reps runs"
  for r in $(seq "$reps"); do
    for b in old new; do
      dir=$old
      [[ $b == new ]] && dir=$new
      "$dir/bench/bench_contact" -levels 7 -mu_i "$mu" -events 2000 -paths condensed \
        -events_out "$out/events_${b}_${mu}" | grep -E "^path" | tee "$out/cond_${b}_${mu}_$r"
    done
  done
  if [[ -f $out/events_old_${mu}.condensed ]]; then
    if cmp -s "$out/events_old_${mu}.condensed" "$out/events_new_${mu}.condensed"; then
      echo "events old/new: bitwise identical (type, node, state changes, delta, F of all events)"
    else
      echo "events old/new: DIFFERENT"
    fi
  else
    echo "events old/new: not compared (the old bench_contact has no -events_out)"
  fi
done

/usr/bin/python3 - "$out" "$reps" "$mus" "${old:+yes}" <<'EOF'
import re, statistics, sys
out, reps, mus, has_old = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4] == "yes"
def cpu(path, name):
    for line in open(path):
        m = re.match(rf"path {name} .* (\d+) events in .* CPU ([0-9.]+) s", line)
        if m: return float(m.group(2)) / int(m.group(1))
print("## Summary (CPU time per event)")
for mu in mus:
    c = [cpu(f"{out}/both_{mu}_{r}", "condensed") for r in range(1, reps + 1)]
    f = [cpu(f"{out}/both_{mu}_{r}", "reference") for r in range(1, reps + 1)]
    ratio = [y / x for x, y in zip(c, f)]
    print(f"mu_i {mu}: reference / condensed, same process: median {statistics.median(ratio):.0f} (runs "
          + ", ".join(f"{x:.0f}" for x in ratio) + f"); condensed {2000 * statistics.median(c):.4f} s, "
          f"reference {2000 * statistics.median(f):.2f} s per 2000 events")
    if has_old:
        o = [cpu(f"{out}/cond_old_{mu}_{r}", "condensed") for r in range(1, reps + 1)]
        n = [cpu(f"{out}/cond_new_{mu}_{r}", "condensed") for r in range(1, reps + 1)]
        print(f"mu_i {mu}: condensed old {2000 * statistics.median(o):.4f} s, new {2000 * statistics.median(n):.4f} s "
              f"per 2000 events (medians), old / new {statistics.median(o) / statistics.median(n):.2f}")
EOF
