#!/usr/bin/env bash
# The HTTP exchange in instructions, the steady measure next to bench-http.sh's wall clock:
# `a11y-audit serve` (one loop, one worker) under callgrind answers N1, then N2 requests on
# one keep-alive connection; (instructions at N2 - at N1) / (N2 - N1) is what one request
# costs the server, startup and shutdown cancelled out. GET /healthz (the transport and the
# middleware alone) and POST /v1/audit with the HTTP benchmark's 50-node tree.
# Usage: Scripts/bench-http-instructions.sh [N1 N2]   (default 200 2200; the audit runs a quarter)
set -euo pipefail
cd "$(dirname "$0")/.."
N1="${1:-200}"
N2="${2:-2200}"

SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
for tool in valgrind python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "installing $tool" >&2
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$tool" >/dev/null
    fi
done

swift build -c release --product a11y-audit >&2
swift build -c release --product A11yBench >&2
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
# Valgrind 3.19 cannot read the DWARF 5 the release build carries: measure a copy without it.
cp .build/release/a11y-audit "$WORK/a11y-audit"
strip --strip-debug "$WORK/a11y-audit"
.build/release/A11yBench --write-tree 50 > "$WORK/tree.json"

cat > "$WORK/client.py" <<'PY'
import http.client, sys
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
body = open(sys.argv[4], "rb").read() if len(sys.argv) > 4 else None
connection = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    if body is None:
        connection.request("GET", path)
    else:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"{path} answered {response.status}")
PY

# Instructions the server spent to answer COUNT requests to PATH (with BODY), start to exit.
instructions() {
    local path="$1" count="$2" body="${3:-}"
    valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" \
        "$WORK/a11y-audit" serve --port 0 --loops 1 --workers 1 > "$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    local port=""
    for _ in $(seq 1 600); do
        port="$(grep -o 'http://[^ ]*' "$WORK/server.log" | head -n1 | sed 's|.*:||; s|/.*||' || true)"
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "the server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }
    python3 "$WORK/client.py" "$port" "$path" "$count" $body
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || true
    SERVER_PID=""
    awk '/^(summary|totals):/ { print $2; exit }' "$WORK/callgrind.out"
}

per_request() {
    local path="$1" n1="$2" n2="$3" body="${4:-}"
    local a b
    a="$(instructions "$path" "$n1" "$body")"
    b="$(instructions "$path" "$n2" "$body")"
    printf '  %-40s %10d\n' "$path" $(( (b - a) / (n2 - n1) ))
}

echo "instructions per request, a11y-audit serve (release, 1 loop, 1 worker, access log on)"
per_request /healthz "$N1" "$N2"
per_request /v1/audit $(( N1 / 4 )) $(( N2 / 4 )) "$WORK/tree.json"
