#!/usr/bin/env bash
# The fused slip kernels (issue 20, goals 1, 4, 5) against a baseline build, in the same script: runs the
# two bench_contact binaries alternately, takes medians, and adds callgrind instruction counts (noise-
# free on a busy machine) and the triad bandwidth of this machine. Not part of ctest (timings).
#   scripts/bench/kernels.sh NEW_BUILD OLD_BUILD [quick]
# Both builds configured with the preset `bench` (target bench_contact; NEW_BUILD also bench_triad), e.g.
# OLD_BUILD from `git worktree add ../wt-6a880f1 6a880f1`. Environment: REPS (default 3) alternating
# runs of Fig. 6; SLIDE_EVENTS (default 13000) and SLIDE_FROM (default 11000): the n_x = 4097 case runs
# SLIDE_EVENTS events and the cost per state change is taken over events SLIDE_FROM..SLIDE_EVENTS (CPU
# time between the progress lines); SLIDE_REPS (default 1) alternating runs of it.
# Output: the raw lines of each run, then a summary (docs/performance.md, "Fused slip kernels").
set -euo pipefail
new=${1:?usage: kernels.sh NEW_BUILD OLD_BUILD [quick]}
old=${2:?usage: kernels.sh NEW_BUILD OLD_BUILD [quick]}
mode=${3:-full}
reps=${REPS:-3}
slide_events=${SLIDE_EVENTS:-13000}
slide_from=${SLIDE_FROM:-11000}
slide_reps=${SLIDE_REPS:-1}
if [[ $mode == quick ]]; then reps=1 slide_events=3000 slide_from=2000; fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# new: $new; old: $old"

echo "## Triad bandwidth (bench_triad)"
"$new/bench/bench_triad" | tee "$out/triad"

echo "## Fig. 6: n_x = 129, 2000 events, both paths, one core; $reps alternating runs"
for r in $(seq "$reps"); do
  for b in old new; do
    dir=$old
    [[ $b == new ]] && dir=$new
    "$dir/bench/bench_contact" -levels 7 -mu_i 0.5 -events 2000 -paths condensed,reference |
      grep -E "^path|^agreement|^ratio" | tee "$out/fig6_${b}_$r"
  done
done

echo "## Fig. 6, condensed path: instructions (callgrind), both builds"
for b in old new; do
  dir=$old
  [[ $b == new ]] && dir=$new
  valgrind --tool=callgrind --callgrind-out-file="$out/cg_$b" "$dir/bench/bench_contact" -levels 7 -mu_i 0.5 \
    -events 2000 -paths condensed >/dev/null 2>&1
  echo "$b $(callgrind_annotate "$out/cg_$b" 2>/dev/null | grep 'PROGRAM TOTALS')" | tee "$out/cg_total_$b"
done
# The normal contact alone, to subtract (the events' instructions are the difference).
for b in old new; do
  dir=$old
  [[ $b == new ]] && dir=$new
  valgrind --tool=callgrind --callgrind-out-file="$out/cg0_$b" "$dir/bench/bench_contact" -levels 7 -mu_i 0.5 \
    -events 0 -paths condensed >/dev/null 2>&1
  echo "$b $(callgrind_annotate "$out/cg0_$b" 2>/dev/null | grep 'PROGRAM TOTALS')" | tee "$out/cg0_total_$b"
done

echo "## Sliding at n_x = 4097: $slide_events events, cost per change over events $slide_from-$slide_events; $slide_reps alternating runs"
for r in $(seq "$slide_reps"); do
  for b in old new; do
    dir=$old
    [[ $b == new ]] && dir=$new
    "$dir/bench/bench_contact" -levels 12 -mu_i 0.5 -events "$slide_events" -paths condensed -progress 250 \
      -max_state_changes 100000000 | tee "$out/slide_${b}_$r" | grep -E "^path|^  condensed"
  done
done

/usr/bin/python3 - "$out" "$reps" "$slide_reps" "$slide_from" <<'EOF'
import re, statistics, sys
out, reps, slide_reps, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def cpu(path, name):
    for line in open(path):
        m = re.match(rf"path {name} .* CPU ([0-9.]+) s", line)
        if m: return float(m.group(1))
print("## Summary")
for b in ("old", "new"):
    c = [cpu(f"{out}/fig6_{b}_{r}", "condensed") for r in range(1, reps + 1)]
    f = [cpu(f"{out}/fig6_{b}_{r}", "reference") for r in range(1, reps + 1)]
    ratio = [x / y for x, y in zip(f, c)]
    print(f"fig6 {b}: condensed CPU median {statistics.median(c):.4f} s, reference {statistics.median(f):.2f} s, "
          f"reference/condensed CPU per event median {statistics.median(ratio):.0f} (runs: "
          + ", ".join(f"{x:.0f}" for x in ratio) + ")")
tot = {}
for b in ("old", "new"):
    ir = lambda p: int(open(p).read().split()[1].replace(",", ""))
    tot[b] = ir(f"{out}/cg_total_{b}") - ir(f"{out}/cg0_total_{b}")
    print(f"fig6 {b}: condensed path, instructions of the 2000 events {tot[b]:,}")
print(f"fig6 instructions old/new {tot['old'] / tot['new']:.2f}")
def window(path):
    rows = []
    for line in open(path):
        m = re.match(r"  (\d+) events, (\d+) state changes, ([0-9.]+) s \(CPU ([0-9.]+) s\), (.*)", line)
        if m: rows.append((int(m.group(1)), int(m.group(2)), float(m.group(3)), float(m.group(4)), m.group(5)))
    a = next(r for r in rows if r[0] >= start)
    z = rows[-1]
    blocks = [(q[3] - p[3]) / max(q[1] - p[1], 1) * 1e6 for p, q in zip(rows, rows[1:]) if p[0] >= start]
    return rows, (z[3] - a[3]) / (z[1] - a[1]) * 1e6, (z[2] - a[2]) / (z[1] - a[1]) * 1e6, z[1] - a[1], z[0] - a[0], blocks
per = {"old": [], "new": []}
for r in range(1, slide_reps + 1):
    w = {b: window(f"{out}/slide_{b}_{r}") for b in ("old", "new")}
    same = [x[:2] + x[4:] for x in w["old"][0]] == [x[:2] + x[4:] for x in w["new"][0]]
    for b in ("old", "new"):
        rows, c, wall, changes, events, _ = w[b]
        per[b].append(c)
        print(f"slide {b} run {r}: events {start}-{rows[-1][0]} ({events} events, {changes} state changes, "
              f"{changes / max(events, 1):.0f} per event): {c:.2f} us CPU per change ({wall:.2f} us wall); "
              f"per block of 250 events median {statistics.median(w[b][5]):.2f} us CPU")
    print(f"slide run {r}: progress lines (events, state changes, delta, F) identical old/new: {same}")
print(f"slide old/new CPU per change: {statistics.median(per['old']) / statistics.median(per['new']):.2f}")
EOF
