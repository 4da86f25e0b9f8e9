#!/usr/bin/env bash
# Core benchmark: release build of A11yBench, then one run (arguments are passed through,
# e.g. --repeat 7 or --sizes 1000,10000). See docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product A11yBench
exec .build/release/A11yBench "$@"
