#!/usr/bin/env bash
# HTTP benchmark: wrk against a release server with two event loops.
#   GET /healthz and POST /v1/audit (50-node tree), 64 connections, latency percentiles;
#   then the same POST against the transport alone (A11yBench --serve-baseline: our server
#   answering with the real response's bytes, no audit) as the baseline of the same run.
# Usage: Scripts/bench-http.sh [DURATION_SECONDS]   (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
CONNECTIONS=64
THREADS=2

if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
fi

# One product per call: given twice, swift build builds only the last.
swift build -c release --product a11y-audit
swift build -c release --product A11yBench
WORK="$(mktemp -d)"
SERVER_PID=""
BASELINE_PID=""
cleanup() {
    for pid in $SERVER_PID $BASELINE_PID; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# The request body: a generated 50-node tree, as the core benchmark generates them.
.build/release/A11yBench --write-tree 50 > "$WORK/tree.json"
# wrk's Lua escapes nothing for us: load the body from the file.
cat > "$WORK/post.lua" <<LUA
local f = assert(io.open("$WORK/tree.json", "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
LUA

.build/release/a11y-audit serve --port 0 --loops 2 > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
# Prints the address a server wrote to LOG once it is listening.
address_of() {
    local log="$1" pid="$2" url=""
    for _ in $(seq 1 100); do
        url="$(grep -o 'http://[^ ]*' "$log" | head -n1 || true)"
        [ -n "$url" ] && { echo "${url%/}"; return 0; }
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "server did not print its address" >&2; cat "$log" >&2; exit 1
}
URL="$(address_of "$WORK/server.log" "$SERVER_PID")"
echo "server: $URL (2 loops); wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s"

# A request that fails would make the numbers meaningless: check both routes first.
curl -fsS "$URL/healthz" >/dev/null
curl -fsS -X POST -H 'Content-Type: application/json' --data-binary @"$WORK/tree.json" "$URL/v1/audit" > "$WORK/response.json"

for route in healthz audit; do
    echo
    if [ "$route" = healthz ]; then
        echo "== GET /healthz"
        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$URL/healthz" | tee "$WORK/$route.txt"
    else
        echo "== POST /v1/audit (50-node tree, $(wc -c < "$WORK/tree.json") bytes)"
        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/post.lua" "$URL/v1/audit" | tee "$WORK/$route.txt"
    fi
    # Any non-2xx answer is a failure of the run, not a data point.
    if grep -q "Non-2xx" "$WORK/$route.txt"; then echo "error: $route answered non-2xx responses" >&2; exit 1; fi
done

# The baseline: the same exchange (request and response bytes, route, two loops) without the audit.
.build/release/A11yBench --serve-baseline "$WORK/response.json" 2 > "$WORK/baseline.log" 2>&1 &
BASELINE_PID=$!
BASELINE_URL="$(address_of "$WORK/baseline.log" "$BASELINE_PID")"
curl -fsS -X POST --data-binary @"$WORK/tree.json" "$BASELINE_URL/v1/audit" | cmp -s - "$WORK/response.json" \
    || { echo "error: the baseline does not answer the real response" >&2; exit 1; }
echo
echo "== baseline: POST /v1/audit on the transport alone ($(wc -c < "$WORK/response.json")-byte canned response, no audit)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/post.lua" "$BASELINE_URL/v1/audit" | tee "$WORK/baseline.txt"

# Two cores serve wrk and the server alike, so 2 s / (requests per second) is the machine time
# one request costs; the baseline's share is the exchange itself, the rest is the audit.
rps() { awk '/Requests\/sec/ { print $2 }' "$1"; }
echo
awk -v audit="$(rps "$WORK/audit.txt")" -v base="$(rps "$WORK/baseline.txt")" 'BEGIN {
    a = 2e6 / audit; b = 2e6 / base
    printf "machine time per request (2 cores): audit %.1f us, transport baseline %.1f us, audit share %.1f us\n", a, b, a - b
    printf "30k req/s leaves %.1f us per request, %.1f us after the exchange itself\n", 2e6 / 30000, 2e6 / 30000 - b
}'
