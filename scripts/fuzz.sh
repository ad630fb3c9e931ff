#!/usr/bin/env bash
# Long fuzz runs of the input validation (tests/fuzz/fuzz_input.cpp): builds the release preset with its
# fuzz target (needs Debian's clang-14) and fuzzes for SECONDS (default 600) from input/ and the
# regression inputs. A finding is left as build/release/fuzz/long/crash-* (or timeout-, oom-):
# reproduce it with `build/release/fuzz/fuzz_input FILE`, fix it, and add the minimised input to
# tests/fuzz/regressions/ (ctest's fuzz_input replays them all).   Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
command -v clang++-14 > /dev/null || { echo "scripts/fuzz.sh: needs clang-14 (apt-get install clang-14)"; exit 1; }
bash scripts/build.sh release
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1
bash tests/fuzz/run.sh "$PWD/build/release/fuzz/fuzz_input" "$PWD" "$PWD/build/release/fuzz/long" \
  -max_total_time="$seconds"
