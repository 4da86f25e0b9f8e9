#!/usr/bin/env bash
# Soak: mixed valid, invalid and slow traffic against a release server, then checks that
# the process is alive, its open descriptors are back to the idle count, its RSS grew by
# less than the bound, every valid request got the right answer, running out of
# descriptors on accept does not spin a core, and SIGTERM still exits 0. Prints figures.
#
#   Scripts/soak.sh [--minutes N] [--rss-bound-mib M]     (defaults: 10 minutes, 64 MiB)
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=10
rss_bound=64
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --rss-bound-mib) rss_bound="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

swift build -c release --product a11y-audit 2>&1 | tail -1
binary="$(swift build -c release --show-bin-path)/a11y-audit"
log=$(mktemp)
"$binary" serve --port 0 --access-log off --header-timeout 2 --body-timeout 2 --idle-timeout 5 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.1; done
port=$(sed -n 's|^listening on http://127.0.0.1:||p' "$log")
[ -n "$port" ] || { echo "server did not start"; cat "$log"; exit 1; }

status=0
python3 - "$pid" "$port" "$minutes" "$rss_bound" <<'PY' || status=$?
import os, random, socket, struct, subprocess, sys, threading, time

pid, port, minutes, rss_bound = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
root = os.getcwd()

def fds():
    return len(os.listdir(f"/proc/{pid}/fd"))

def rss_kib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

def cpu_ticks():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])

def connect(timeout=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s

def read_response(s, buf=b""):
    """(status, body, rest) of one response; raises on close or timeout."""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk: raise ConnectionError("closed")
        buf += chunk
    head, buf = buf.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length": length = int(value)
    while len(buf) < length:
        chunk = s.recv(65536)
        if not chunk: raise ConnectionError("closed")
        buf += chunk
    return status, buf[:length], buf[length:]

def post(path, body, extra=b""):
    return (b"POST " + path + b" HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\n" + extra
            + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)

# Valid requests and their reference answers, taken once before the load starts.
examples = sorted(os.listdir(f"{root}/Examples"))
valid = [(b"GET /healthz HTTP/1.1\r\nHost: soak\r\n\r\n"), (b"GET /v1/rules HTTP/1.1\r\nHost: soak\r\n\r\n")]
valid += [post(b"/v1/audit", open(f"{root}/Examples/{name}", "rb").read()) for name in examples if name.endswith(".json")]
reference = {}
s = connect()
for request in valid:
    s.sendall(request)
    status, body, _ = read_response(s)
    assert status == 200, (status, request[:60])
    reference[request] = body
s.close()

# Invalid: bad JSON and bad trees (400 with a pointer), and the conformance corpus's
# non-timeout cases with the status each must get.
invalid = [(post(b"/v1/audit", b'{"root": {"kind": "button", "children": 3}}'), 400),
           (post(b"/v1/audit", b'{"root": [1, 2'), 400),
           (post(b"/v1/audit", b'{}'), 400),
           (b"POST /v1/audit HTTP/1.1\r\nHost: soak\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 415)]
import importlib.util
spec = importlib.util.spec_from_file_location("diff", f"{root}/Scripts/conformance-diff.py")
corpus = importlib.util.module_from_spec(spec); spec.loader.exec_module(corpus)
# The corpus targets the transport test routes; keep only cases the parser decides.
for name, statuses, raw in corpus.cases():
    if statuses[0] in corpus.REJECTING and statuses[0] not in (413,):
        # The service's routes instead of the transport test's.
        invalid.append((raw.replace(b" /echo ", b" /v1/audit ").replace(b" /hello ", b" /healthz "), statuses[0]))

idle_fds = fds()
stop = time.monotonic() + minutes * 60
lock = threading.Lock()
stats = {"valid": 0, "valid_wrong": 0, "invalid": 0, "invalid_wrong": 0, "slow": 0, "vanished": 0, "errors": 0}
latencies = []
wrong = []

def count(key, n=1):
    with lock: stats[key] += n

def valid_client():
    rng = random.Random()
    while time.monotonic() < stop:
        try:
            s = connect()
            for _ in range(rng.randint(1, 20)):
                request = rng.choice(valid)
                started = time.monotonic()
                s.sendall(request)
                status, body, rest = read_response(s)
                elapsed = time.monotonic() - started
                ok = status == 200 and body == reference[request] and not rest
                with lock:
                    latencies.append(elapsed)
                    stats["valid"] += 1
                    if not ok:
                        stats["valid_wrong"] += 1
                        wrong.append((status, request[:40]))
            s.close()
        except Exception as error:
            count("errors"); wrong.append(("error", repr(error)))

def invalid_client():
    rng = random.Random()
    while time.monotonic() < stop:
        raw, expected = rng.choice(invalid)
        try:
            s = connect()
            s.sendall(raw)
            status, _, _ = read_response(s)
            count("invalid")
            if status != expected:
                count("invalid_wrong"); wrong.append((status, expected, raw[:50]))
            s.close()
        except Exception as error:
            count("errors"); wrong.append(("error", repr(error), raw[:50]))

def slow_client():
    rng = random.Random()
    while time.monotonic() < stop:
        try:
            s = connect()
            request = rng.choice(valid)
            # Trickle part of a request, then vanish (close or reset) or go quiet past the timeout.
            try:
                for byte in request[:rng.randint(1, min(60, len(request) - 1))]:
                    s.send(bytes([byte])); time.sleep(rng.uniform(0.01, 0.2))
            except (BrokenPipeError, ConnectionResetError):
                # Slower than the header timeout: the server answered 408 and closed meanwhile.
                count("slow"); s.close(); continue
            choice = rng.random()
            if choice < 0.3:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                count("vanished")
            elif choice < 0.6:
                count("vanished")
            else:
                s.settimeout(10)
                status, _, _ = read_response(s)
                assert status == 408, status
                count("slow")
            s.close()
        except Exception as error:
            count("errors"); wrong.append(("slow error", repr(error)))

def reader_vanishes():
    # Asks for a large answer and resets without reading it: writes hit a dead peer.
    big = post(b"/v1/audit", open(f"{root}/Examples/{examples[0]}", "rb").read(), b"") * 20
    while time.monotonic() < stop:
        try:
            s = connect()
            s.sendall(big)
            time.sleep(0.02)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
            count("vanished")
        except Exception:
            count("errors")

threads = [threading.Thread(target=f) for f in [valid_client] * 3 + [invalid_client] * 2 + [slow_client] * 20 + [reader_vanishes]]
rss_start = rss_kib()
print(f"soak: pid {pid} port {port}, {minutes} min, idle fds {idle_fds}, RSS {rss_start // 1024} MiB after warm-up")
for t in threads: t.start()
peak_fds = 0
while any(t.is_alive() for t in threads):
    peak_fds = max(peak_fds, fds())
    time.sleep(1)
for t in threads: t.join()

# Back to idle: the server closes what it held within its timeouts.
deadline = time.monotonic() + 15
while fds() != idle_fds and time.monotonic() < deadline: time.sleep(0.2)
end_fds, rss_end = fds(), rss_kib()

# Out of descriptors on accept: the listener must rest, not spin a core.
limit = idle_fds + 4
hard = int(subprocess.run(["prlimit", f"--pid={pid}", "--nofile", "-o", "HARD", "--noheadings"],
                          capture_output=True, text=True, check=True).stdout.split()[0])
subprocess.run(["prlimit", f"--pid={pid}", f"--nofile={limit}:{hard}"], check=True)
waiting = []
for _ in range(30):
    waiting.append(connect()); waiting[-1].sendall(valid[0])
time.sleep(0.5)
ticks = cpu_ticks(); time.sleep(3); spin = (cpu_ticks() - ticks) / os.sysconf("SC_CLK_TCK") / 3
subprocess.run(["prlimit", f"--pid={pid}", f"--nofile={hard}:{hard}"], check=True)
answered = 0
for s in waiting:
    try:
        s.settimeout(5)
        if read_response(s)[0] == 200: answered += 1
    except Exception as error: wrong.append(("after exhaustion", repr(error)))
    s.close()

lat = sorted(latencies)
pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")
print(f"valid requests: {stats['valid']} ({stats['valid_wrong']} wrong), invalid: {stats['invalid']} "
      f"({stats['invalid_wrong']} wrong status), slow clients answered 408: {stats['slow']}, vanished: {stats['vanished']}, "
      f"client errors: {stats['errors']}")
print(f"valid latency ms: p50 {pct(0.5):.2f} p99 {pct(0.99):.2f} max {pct(1.0):.2f}")
print(f"fds: idle {idle_fds}, peak {peak_fds}, after {end_fds}; RSS MiB: start {rss_start / 1024:.1f}, "
      f"end {rss_end / 1024:.1f}, growth {(rss_end - rss_start) / 1024:.1f} (bound {rss_bound:.0f})")
print(f"accept with descriptors exhausted: {spin * 100:.1f}% of a core; {answered}/30 queued clients answered afterwards")
from collections import Counter
for item, n in Counter(str(w)[:150] for w in wrong).most_common(10): print(f"  {n}x wrong: {item}")
failed = (stats["valid_wrong"] or stats["invalid_wrong"] or stats["errors"] or end_fds != idle_fds
          or rss_end - rss_start > rss_bound * 1024 or spin > 0.5 or answered < 30 or stats["valid"] == 0)
sys.exit(1 if failed else 0)
PY
kill -0 "$pid" || { echo "server died"; exit 1; }
kill -TERM "$pid"
wait "$pid" && echo "server alive to the end; SIGTERM exit 0" || { echo "server exit $?"; exit 1; }
exit $status
