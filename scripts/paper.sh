#!/usr/bin/env bash
# Every study behind the figures of the three papers, then every figure: results in paper/*.h5, PNGs in
# figures/. Each study prints its wall time; Fig. 8 (input/fig8_resolution.yaml, 49 s on 2 ranks, its
# n_x = 4097 cases the longest) dominates, the others take seconds (docs/reproduction.md).
#   bash scripts/paper.sh [RANKS]      (default 2; resumes an interrupted run)
# The numbers of docs/reproduction.md are attributes of these files (see each row's command there).
set -euo pipefail
cd "$(dirname "$0")/.."
ranks="${1:-2}"
tribo=build/release/bin/tribo
[ -x "$tribo" ] || bash scripts/build.sh release
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mkdir -p paper
run() { # input name: a finished file is kept, an interrupted one resumed
  local input="input/$1.yaml" out="paper/$1.h5"
  if [ -e "$out" ]; then echo "paper: $out exists"; return; fi
  local resume=""
  [ -e "$out.partial" ] && resume="--resume"
  local start=$SECONDS
  mpiexec -n "$ranks" "$tribo" run "$input" -o "$out" $resume
  echo "paper: $out in $((SECONDS - start)) s"
}
for study in fig5_punch fig9_dynamics fig8_resolution slip_rule dynamics_coulomb disk friction_velnormalfrcdep; do
  run "$study"
done
for f in paper/*.h5; do
  /usr/bin/python3 scripts/make-figures.py "$f" --out "figures/$(basename "$f" .h5)"
done
