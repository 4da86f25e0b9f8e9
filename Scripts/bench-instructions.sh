#!/usr/bin/env bash
# Instruction counts (callgrind) of one request through our path, per stage, against
# Foundation's JSONDecoder + JSONEncoder on the same bytes, in one run. Unlike wall clock,
# these counts repeat exactly on a busy machine, so they are the before/after measure.
#   Scripts/bench-instructions.sh [NODES] [CALLS]     (default: 10000 nodes, 1 call)
#   Scripts/bench-instructions.sh 50 1000             (the HTTP benchmark's tree, per call)
set -euo pipefail
cd "$(dirname "$0")/.."
NODES="${1:-10000}"
CALLS="${2:-1}"

if ! command -v valgrind >/dev/null 2>&1; then
    echo "installing valgrind" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq valgrind >/dev/null
fi

# DWARF 4 for the C shim: valgrind 3.19 cannot read the DWARF 5 clang writes by default.
swift build -c release -Xswiftc -g -Xcc -gdwarf-4 --product A11yBench >&2
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

valgrind --tool=callgrind --callgrind-out-file="$WORK/ours.out" \
    .build/release/A11yBench --profile "$NODES" "$CALLS" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$WORK/foundation.out" \
    .build/release/A11yBench --profile-foundation "$NODES" "$CALLS" >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$WORK/ours.out" > "$WORK/ours.txt" 2>/dev/null
callgrind_annotate --inclusive=yes "$WORK/foundation.out" > "$WORK/foundation.txt" 2>/dev/null

# The largest inclusive count of a function whose file:symbol matches the pattern.
inclusive() {
    local value
    value="$(grep -E "$2" "$1" | head -n1 | awk '{ gsub(",", "", $1); print $1 }')"
    [ -n "$value" ] || { echo "no function matches $2 in the profile" >&2; exit 1; }
    echo "$value"
}
per_call() { echo $(( $1 / CALLS )); }

decode=$(inclusive "$WORK/ours.txt" 'DocumentDecoder\.swift:.*decodeRequest')
engines=$(inclusive "$WORK/ours.txt" 'Analyzer\.swift:.*7analyze_6budget5meter')
rules=$(inclusive "$WORK/ours.txt" 'RuleRunner\.swift:.*3run_7options')
encode=$(inclusive "$WORK/ours.txt" 'ResponseEncoder\.swift:.*4json_6pretty')
ours=$(inclusive "$WORK/ours.txt" 'Measure\.swift:.*runOurs')
foundation=$(inclusive "$WORK/foundation.txt" 'Measure\.swift:.*runFoundation')

echo "instructions per request, $NODES-node generated tree (mean of $CALLS calls, release build)"
printf '  %-34s %14s\n' "decode (DocumentDecoder)" "$(per_call "$decode")"
printf '  %-34s %14s\n' "engines (Analyzer.analyze)" "$(per_call "$engines")"
printf '  %-34s %14s\n' "rules (RuleRunner.run)" "$(per_call "$rules")"
printf '  %-34s %14s\n' "encode (ResponseEncoder.json)" "$(per_call "$encode")"
printf '  %-34s %14s\n' "ours, whole request (runOurs)" "$(per_call "$ours")"
printf '  %-34s %14s\n' "Foundation decode + encode" "$(per_call "$foundation")"
awk -v f="$foundation" -v o="$ours" 'BEGIN { printf "  ratio Foundation / ours: %.1fx\n", f / o }'
