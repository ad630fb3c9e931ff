#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, runs the whole suite with ctest.
# Usage: scripts/test.sh [preset]   (release by default; `asan` for AddressSanitizer + UBSan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
bash scripts/install-deps.sh
bash scripts/build.sh "$preset"
# OpenMPI as root (containers, CI) and beyond the core count: set here, never asked of the user.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
ctest --preset "$preset" -j 2
