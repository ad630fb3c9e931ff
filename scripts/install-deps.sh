#!/usr/bin/env bash
# Installs the Debian 12 packages tribo needs to build, test and plot. Idempotent: skips what is present.
set -euo pipefail

# clang-14 + libclang-rt-14-dev: libFuzzer, for the fuzz target of the input validation (tests/fuzz/).
# libopenblas0-serial: Debian's optimised single-threaded BLAS/LAPACK, taken through the libblas.so.3
# alternative by PETSc, MUMPS and tribo's condensed contact path (2-3x faster than the reference BLAS
# there, docs/performance.md); serial, so it never competes with the MPI ranks for cores.
packages=(
  build-essential cmake pkg-config git
  libopenmpi-dev openmpi-bin
  petsc-dev libhdf5-openmpi-dev
  libyaml-cpp-dev libfmt-dev libcli11-dev libboost-dev
  googletest libgtest-dev libbenchmark-dev
  clang-14 libclang-rt-14-dev
  libopenblas0-serial
  python3 python3-numpy python3-scipy python3-matplotlib python3-h5py python3-yaml python3-meshio
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
