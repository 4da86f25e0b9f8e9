#!/usr/bin/env bash
# Installs the Python readers the report tests check SARIF and JUnit output with
# (PyPI jsonschema, junitparser and markdown-it-py), when missing.
set -euo pipefail
if ! python3 -c 'import jsonschema, junitparser, markdown_it' 2>/dev/null; then
    echo "installing jsonschema, junitparser and markdown-it-py (needed by the report tests)" >&2
    python3 -m pip install --quiet jsonschema junitparser markdown-it-py
fi
