#!/usr/bin/env bash
# Every command quoted in docs/reproduction.md and docs/cluster.md names inputs, scripts and tests that
# exist, and each `tribo run` line passes `tribo validate` with its --set overrides
# (tests/regression/docs_commands.py). Usage: docs_commands.sh TRIBO SOURCE_DIR
set -u
exec /usr/bin/python3 "$2/tests/regression/docs_commands.py" "$1" "$2"
