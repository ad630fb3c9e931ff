#!/usr/bin/env bash
# `cmake --install` puts the driver, the library, the headers (with the generated version header), the
# inputs, the Python package and the CMake package under a prefix; a downstream project
# (tests/consumer/) finds it with find_package(tribo), links tribo::tribo and runs a slab solve.
# Usage: install_consumer.sh TRIBO SOURCE_DIR (the build directory is the one holding TRIBO's bin/)
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
build=$(cd "$(dirname "$tribo")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
prefix="$work/prefix"
run install cmake --install "$build" --prefix "$prefix"
for f in bin/tribo include/tribo/core/version.hpp include/tribo/slab/slab_system.hpp \
         include/tribo/io/field_output.hpp share/tribo/input/quickstart.yaml share/tribo/input/punch_fields.yaml \
         share/doc/tribo/LICENSE share/doc/tribo/CITATION.cff lib/python3/dist-packages/tribo/__init__.py; do
  check "installed $f" [ -f "$prefix/$f" ]
done
check "installed the static library" compgen -G "$prefix/lib*/libtribo.a" >/dev/null
check "installed the CMake package" compgen -G "$prefix/lib*/cmake/tribo/tribo-config.cmake" >/dev/null
check_not "no version.hpp.in installed" [ -e "$prefix/include/tribo/core/version.hpp.in" ]
run installed-version "$prefix/bin/tribo" --version
check "the installed driver runs an installed input" "$prefix/bin/tribo" validate "$prefix/share/tribo/input/punch_fields.yaml"

run consumer-configure cmake -S "$src/tests/consumer" -B consumer -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
check "find_package found the installed tribo" grep -q "tribo 0.1.0 from $prefix" consumer-configure.log
run consumer-build cmake --build consumer -j 2
run consumer-run mpiexec -n 1 ./consumer/consumer
check "the consumer's solve" grep -q "consumer: tribo 0.1.0, 51 nodes" consumer-run.log
run consumer-run-np2 mpiexec -n 2 ./consumer/consumer
# The Python package as README says: PYTHONPATH=<prefix>/lib/python3/dist-packages.
check "import tribo from the prefix" env PYTHONPATH="$prefix/lib/python3/dist-packages" "$py" -c \
  "import tribo, sys; sys.exit(not tribo.__file__.startswith('$prefix'))"
finish
