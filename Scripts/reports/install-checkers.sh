#!/usr/bin/env bash
# Installs the Python readers the report tests check SARIF and JUnit output with
# (PyPI jsonschema and junitparser), when missing.
set -euo pipefail
if ! python3 -c 'import jsonschema, junitparser' 2>/dev/null; then
    echo "installing jsonschema and junitparser (needed by the report tests)" >&2
    python3 -m pip install --quiet jsonschema junitparser
fi
