#!/usr/bin/env bash
# HTTP benchmark: wrk against a release server with two event loops.
#   GET /healthz and POST /v1/audit (50-node tree), 64 connections, latency percentiles.
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

swift build -c release --product a11y-audit --product A11yBench
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
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
URL=""
for _ in $(seq 1 100); do
    URL="$(grep -o 'http://[^ ]*' "$WORK/server.log" | head -n1 || true)"
    [ -n "$URL" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$URL" ] || { echo "server did not print its address" >&2; cat "$WORK/server.log" >&2; exit 1; }
URL="${URL%/}"
echo "server: $URL (2 loops); wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s"

# A request that fails would make the numbers meaningless: check both routes first.
curl -fsS "$URL/healthz" >/dev/null
curl -fsS -X POST -H 'Content-Type: application/json' --data-binary @"$WORK/tree.json" "$URL/v1/audit" >/dev/null

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
