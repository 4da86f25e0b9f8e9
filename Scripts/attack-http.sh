#!/usr/bin/env bash
# Network attacks of issue 15, rebuilt against a release server on loopback; prints what
# happened and how long it took. Every step is bounded (timeouts), nothing leaves 127.0.0.1.
#
#   1. hang-up: two clients post heavy bodies and hang up after 1 s; then a normal ~3 MB
#      audit is timed (before the fix the heavy audits kept both workers busy).
#   2. heads: 400 unauthenticated heads announcing Content-Length: 8 MiB (answered 401),
#      server under `ulimit -v`; is it alive, what did it reserve?
#   3. stalled log: stdout is a pipe nobody reads; are requests still answered?
#   4. SIGTERM with --drain-seconds 2 while heavy audits run on one worker; time to exit.
#   5. small but costly: 15 KB trees 510 levels deep posted in a loop to a one-loop
#      server; the slowest of 50 /healthz answers meanwhile (such a body ran on the loop).
#
#   Scripts/attack-http.sh [--binary PATH] [--heavy FILE] [--only N]
# New settings are passed as A11Y_AUDIT_* environment variables so an older binary (which
# ignores them) can be attacked the same way for a before/after comparison.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
heavy=""
only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --heavy) heavy="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "$binary" ]; then
    swift build -c release --product a11y-audit 2>&1 | tail -1
    binary="$(swift build -c release --show-bin-path)/a11y-audit"
fi

work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

python3 - "$work" "$heavy" <<'PY'
import json, sys
work, heavy = sys.argv[1], sys.argv[2]
# A normal audit: ~3 MB of ordinary screens (buttons and texts with frames).
def node(i):
    return {"type": "button" if i % 3 == 0 else "text", "label": f"Item {i}",
            "frame": {"x": (i % 20) * 50, "y": (i // 20) * 50, "width": 44, "height": 44}}
normal = {"root": {"type": "view", "children": [node(i) for i in range(30000)]}}
open(f"{work}/normal.json", "w").write(json.dumps(normal))
if not heavy:
    # Heavy by default (~6.5 MB; 225,450 nodes, under the 250,000-node limit): 450 chains of views 500 levels
    # deep, each ending in a button. The answer's node pointers grow with depth times nodes
    # (300 chains: 2.2 s and 620 MB in one audit on the 2-core box, most of it rendering).
    leaf = '{"type":"button","label":"x","frame":{"x":0,"y":0,"width":10,"height":10}}'
    chain = '{"type":"view","children":[' * 500 + leaf + ']}' * 500
    open(f"{work}/heavy.json", "w").write('{"root":{"type":"view","children":[' + ",".join([chain] * 450) + ']}}')
leaf = '{"type":"button","label":"x","frame":{"x":0,"y":0,"width":10,"height":10}}'
open(f"{work}/deep.json", "w").write('{"root":' + '{"type":"view","children":[' * 510 + leaf + ']}' * 510 + '}')
PY
[ -n "$heavy" ] && cp "$heavy" "$work/heavy.json"
echo "binary: $binary"
echo "normal body $(wc -c < "$work/normal.json") bytes, heavy body $(wc -c < "$work/heavy.json") bytes"

# start_server LOG [ARGS...]: starts the server on a free port in the background; sets
# $server_pid and $url. The command runs in a subshell so `ulimit` can apply to it alone.
start_server() {
    local log="$1"; shift
    ( eval "${prelude:-true}"; exec "$binary" serve --port 0 --loops 2 --workers 2 "$@" ) >"$log" 2>"$log.err" &
    server_pid=$!
    pids+=("$server_pid")
    url=""
    for _ in $(seq 100); do
        url="$(grep -o 'http://[^ ]*' "$log" 2>/dev/null | head -n1 || true)"
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "server did not start"; cat "$log" "$log.err"; return 1; }
}

stop_server() { kill -9 "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

if [ -z "$only" ] || [ "$only" = 1 ]; then
    echo
    echo "== 1. two heavy audits whose clients hang up after 1 s, then a normal audit"
    start_server "$work/s1.log" --access-log off
    for _ in 1 2; do
        curl -s -o /dev/null --max-time 1 -H 'Content-Type: application/json' \
            --data-binary @"$work/heavy.json" "$url/v1/audit" &
    done
    wait_start=$(now)
    sleep 1.2
    start=$(now)
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -H 'Content-Type: application/json' \
        --data-binary @"$work/normal.json" "$url/v1/audit" || echo timeout)
    echo "normal audit: status $code after $(elapsed "$start") s (heavy clients left $(awk -v a="$wait_start" -v b="$start" 'BEGIN{printf "%.1f", b-a}') s earlier)"
    curl -s "$url/metrics" | grep -E '^a11y_(http_requests_cancelled_total|audits_cancelled_total|audits_timed_out_total) ' || true
    stop_server
fi

if [ -z "$only" ] || [ "$only" = 2 ]; then
    echo
    echo "== 2. 400 unauthenticated heads with Content-Length: 8388608 under ulimit -v 2 GiB"
    head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/token"
    prelude="ulimit -v 2097152" start_server "$work/s2.log" --access-log off --token-file "$work/token"
    python3 - "${url#http://}" "$server_pid" <<'PY'
import socket, sys, time
host, port = sys.argv[1].rsplit(":", 1)
pid = sys.argv[2]
held, answered = [], 0
for i in range(400):
    try:
        s = socket.create_connection(("127.0.0.1", int(port)), timeout=5)
        s.sendall(b"POST /v1/audit HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 8388608\r\n\r\n{")
        held.append(s)
    except OSError as error:
        print(f"connection {i}: {error}")
        break
for s in held:
    try:
        if s.recv(64).startswith(b"HTTP/1.1 401"): answered += 1
    except OSError:
        pass
time.sleep(0.3)
alive = True
try:
    status = open(f"/proc/{pid}/status").read()
    vm = {l.split(":")[0]: l.split(":")[1].strip() for l in status.splitlines() if l.startswith(("VmPeak", "VmRSS"))}
except FileNotFoundError:
    alive, vm = False, {}
try:
    probe = socket.create_connection(("127.0.0.1", int(port)), timeout=5)
    probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
    healthy = probe.recv(64).startswith(b"HTTP/1.1 200")
except OSError:
    healthy = False
print(f"heads sent {len(held)}, answered 401: {answered}; server alive: {alive}, /healthz: {'200' if healthy else 'no answer'}; {vm}")
PY
    stop_server
    prelude=""
fi

if [ -z "$only" ] || [ "$only" = 3 ]; then
    echo
    echo "== 3. stdout is a pipe nobody reads; 3 s of /healthz from 8 connections"
    mkfifo "$work/stalled"
    sleep 600 < "$work/stalled" &   # holds the read end open, never reads
    pids+=("$!")
    ( exec "$binary" serve --port 0 --loops 2 > "$work/stalled" 2>"$work/s3.err" ) &
    server_pid=$!
    pids+=("$server_pid")
    # The start line went into the pipe: find the port from the process's socket instead.
    port=""
    for _ in $(seq 100); do
        port="$(ss -ltnpH 2>/dev/null | awk -v p="pid=$server_pid," '$0 ~ p { n = split($4, a, ":"); print a[n]; exit }')"
        [ -n "$port" ] && break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        echo "could not find the server's port"
    else
        url="http://127.0.0.1:$port"
        if command -v wrk >/dev/null 2>&1; then
            wrk -t1 -c8 -d3s --timeout 1s "$url/healthz" | grep -E 'requests in|Socket errors|Requests/sec' || true
        else
            ok=0; for _ in $(seq 2000); do curl -s -o /dev/null --max-time 1 "$url/healthz" && ok=$((ok + 1)); done
            echo "$ok of 2000 answered"
        fi
        curl -s --max-time 2 "$url/metrics" | grep -E '^a11y_access_log_dropped_total ' || echo "(no drop counter: older binary or no answer)"
    fi
    stop_server
fi

if [ -z "$only" ] || [ "$only" = 4 ]; then
    echo
    echo "== 4. SIGTERM with --drain-seconds 2 while heavy audits run (one worker, three clients: ~3x the drain of work)"
    start_server "$work/s4.log" --access-log off --drain-seconds 2 --workers 1
    clients=()
    for _ in 1 2 3; do
        curl -s -o /dev/null -w '%{http_code} ' --max-time 60 -H 'Content-Type: application/json' \
            --data-binary @"$work/heavy.json" "$url/v1/audit" >> "$work/s4.codes" &
        clients+=("$!")
        pids+=("$!")
    done
    sleep 0.5
    start=$(now)
    kill -TERM "$server_pid"
    for _ in $(seq 600); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.05; done
    if kill -0 "$server_pid" 2>/dev/null; then
        echo "still running 30 s after SIGTERM"
    else
        wait "$server_pid" 2>/dev/null && rc=0 || rc=$?
        echo "exited with $rc after $(elapsed "$start") s"
    fi
    for pid in "${clients[@]}"; do wait "$pid" 2>/dev/null || true; done
    echo "the three clients got: $(cat "$work/s4.codes" 2>/dev/null) (000: connection closed without an answer)"
    stop_server
fi

if [ -z "$only" ] || [ "$only" = 5 ]; then
    echo
    echo "== 5. $(wc -c < "$work/deep.json")-byte trees 510 levels deep, 4 clients in a loop, one event loop; /healthz meanwhile"
    start_server "$work/s5.log" --access-log off --loops 1
    loopers=()
    for _ in 1 2 3 4; do
        ( end=$(( $(date +%s) + 4 )); while [ "$(date +%s)" -lt "$end" ]; do
            curl -s -o /dev/null --max-time 5 -H 'Content-Type: application/json' --data-binary @"$work/deep.json" "$url/v1/audit"
        done ) &
        loopers+=("$!")
        pids+=("$!")
    done
    sleep 0.5
    for _ in $(seq 50); do curl -s -o /dev/null -w '%{time_total}\n' --max-time 5 "$url/healthz"; sleep 0.02; done \
        | sort -n | awk '{ t[NR] = $1 } END { printf "/healthz: median %.1f ms, slowest %.1f ms of %d\n", t[int((NR + 1) / 2)] * 1000, t[NR] * 1000, NR }'
    for pid in "${loopers[@]}"; do wait "$pid" 2>/dev/null || true; done
    stop_server
fi
