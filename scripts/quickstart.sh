#!/usr/bin/env bash
# The README's main job: installs what is missing, builds, runs input/quickstart.yaml on 2 ranks,
# writes quickstart.h5 and its figures into figures/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpiexec -n "${TRIBO_RANKS:-2}" build/release/bin/tribo run input/quickstart.yaml -o quickstart.h5 --overwrite
/usr/bin/python3 scripts/make-figures.py quickstart.h5 --out figures
