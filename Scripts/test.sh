#!/usr/bin/env bash
# The test command: installs what the tests need (libcurl headers for the integration
# tests, libpng and zlib headers for the PNG benchmark, which every build compiles) when
# missing, then builds and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! echo '#include <curl/curl.h>' | cc -E -x c - >/dev/null 2>&1; then
    echo "installing libcurl4-openssl-dev (needed by the integration tests)" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcurl4-openssl-dev >/dev/null
fi
if ! printf '#include <png.h>\n#include <zlib.h>\n' | cc -E -x c - >/dev/null 2>&1; then
    echo "installing libpng-dev and zlib1g-dev (linked by PNGBench only)" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libpng-dev zlib1g-dev >/dev/null
fi
# The report tests read SARIF and JUnit back with PyPI jsonschema and junitparser.
Scripts/reports/install-checkers.sh
# The PNG conformance test reads PngSuite and pypng's pixels from .build/pngsuite.
Scripts/pngsuite.sh
swift build --build-tests
swift test --skip-build
