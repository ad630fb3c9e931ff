#!/usr/bin/env bash
# Runs the fuzz target over a fresh working corpus seeded from input/ and the regression inputs.
#   run.sh FUZZ_BINARY SOURCE_DIR WORK_DIR [libFuzzer options...]
# ctest: a fixed number of runs with a fixed seed (the same inputs every time); scripts/fuzz.sh: long
# runs by time. Exit 0 when nothing was found; a finding is saved as WORK_DIR/crash-* (or leak-,
# timeout-, oom-) and libFuzzer's exit code is returned.
set -u
fuzz="$1"; src="$2"; work="$3"; shift 3
rm -rf "$work/corpus"; mkdir -p "$work/corpus"
cd "$work"
# -timeout: an input validated for longer is a hang; -rss_limit_mb: one that needs more memory.
exec "$fuzz" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 "$@" \
  corpus "$src/input" "$src/tests/fuzz/regressions"
