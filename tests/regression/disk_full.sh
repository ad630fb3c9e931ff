#!/usr/bin/env bash
# A full disk ends the run with exit 3 and a clear message, never a signal: the writer drops the case
# it could not write, stops the hand-out, closes the file, and every case reported done stays complete
# in OUT.h5.partial, which --resume finishes (with room again) to the uninterrupted run's datasets. On
# 1 and 2 ranks, on a small tmpfs; skipped (exit 77) where mounting one is not allowed.
# Usage: disk_full.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); small="$work/small"; mkdir "$small"
trap 'umount "$small" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
remount() { # SIZE: an empty tmpfs of that size on $small
  umount "$small" 2>/dev/null
  mount -t tmpfs -o "size=$1" tmpfs "$small" 2>/dev/null
}
if ! remount 300k; then echo "SKIP: cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)"; exit 77; fi

# Cases of 48-96 kB (every 1000th step): a few fit in 300 kB, the rest do not.
args=(run "$src/input/sweep_smoke.yaml" --set dynamics.output_stride=1000 --set dynamics.fit=none)
run reference "$tribo" "${args[@]}" -o reference.h5

for np in 1 2; do
  name="np=$np"
  remount 300k
  timeout 120 mpiexec -n "$np" --oversubscribe "$tribo" "${args[@]}" -o "$small/full.h5" > "full-$np.log" 2>&1
  rc=$?
  check "$name: exit 3, not a signal nor a hang (timeout: 124) (rc $rc)" [ "$rc" -eq 3 ]
  check "$name: names the cause" grep -q "No space left on device" "full-$np.log"
  check "$name: says what is kept" grep -q "complete case(s) are kept in '$small/full.h5.partial'" "full-$np.log"
  check "$name: no final file" [ ! -e "$small/full.h5" ]
  check "$name: the partial file opens" "$py" -c "import h5py, sys; h5py.File(sys.argv[1], 'r')['cases']" "$small/full.h5.partial"
  complete=$(cases "$small/full.h5.partial" complete | wc -l)
  check "$name: the disk filled part-way ($complete of 8 complete)" [ "$complete" -ge 1 -a "$complete" -lt 8 ]
  check "$name: every case reported done is complete" \
    [ -z "$(comm -23 <(done_lines "full-$np.log") <(cases "$small/full.h5.partial" complete))" ]
  # Room again: the file moved to a disk with space, and resumed there.
  cp "$small/full.h5.partial" "resumed-$np.h5.partial"
  mpiexec -n "$np" --oversubscribe "$tribo" "${args[@]}" -o "resumed-$np.h5" --resume > "resume-$np.log" 2>&1
  rc=$?
  check "$name: resume exits 0 (rc $rc)" [ "$rc" -eq 0 ]
  check "$name: resume skips the $complete complete cases" grep -q "($complete complete already)" "resume-$np.log"
  check "$name: resumed = uninterrupted" same_results reference.h5 "resumed-$np.h5"
done

# The issue's reproduction: not even the first case fits; the skeleton file stays valid, with 0 cases.
remount 200k
"$tribo" run "$src/input/sweep_smoke.yaml" -o "$small/a.h5" > first.log 2>&1
rc=$?
check "first case too big: exit 3 (rc $rc)" [ "$rc" -eq 3 ]
check "first case too big: 0 cases kept" grep -q "the 0 complete case(s) are kept" first.log
check "first case too big: the partial file opens" "$py" -c "import h5py, sys; h5py.File(sys.argv[1], 'r')['cases']" "$small/a.h5.partial"
finish
