#!/usr/bin/env bash
# Issue 15's memory envelope for the shipped manifests: starts the release server with each
# manifest's own args (read from Deploy/k8s/*.yaml: --host/--port/--token-file are replaced
# by a loopback port; everything else is kept), fires the worst body shapes concurrently at
# that manifest's limits, reads the server's peak RSS (VmHWM) and fails when it passes the
# container's memory limit. About 2 minutes on the 2-core box (not in CI).
#
# Per manifest and shape, bodies of N = max-body-bytes / 2 and 2N = max-body-bytes bytes are
# posted by C = max-buffered-bytes / max-body-bytes clients at once (as many full bodies as
# the buffered cap lets the server hold, so every worker is busy and the rest wait in
# memory), each asking for one format in turn (JSON, SARIF, JUnit XML, HTML). The table
# gives, per shape and size: body bytes, statuses, the largest response, seconds for all C,
# the server's peak RSS and its RSS afterwards, and at 2N the growth of time and response
# over N. Then one server takes every shape in turn at 2N (what the allocator keeps between
# audits shows there). Last, issue 24's slow readers: SLOW_READERS clients (60; 0 skips it)
# each post a half-limit tree of bare buttons (a large answer) and never read; the statuses
# they would read (200 held, 503 refused) and the peak are printed. Loopback only; every
# request and the whole run are time-bounded.
#
#   Scripts/memory-envelope.sh [--binary PATH] [--manifest FILE ...] [--shapes a,b,...]
#                              [--sizes both|full|half|BYTES,BYTES,...] [--clients C]
# ENVELOPE_FORMATS=application/json,... narrows the formats asked for (to measure one alone).
# Without --binary it builds the release product in .build-release.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
manifests=()
shapes=""
sizes="both"
clients=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --manifest) manifests+=("$2"); shift 2 ;;
        --shapes) shapes="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --clients) clients="$2"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[ ${#manifests[@]} -gt 0 ] || manifests=(Deploy/k8s/sidecar.yaml Deploy/k8s/standalone.yaml)
if [ -z "$binary" ]; then
    swift build -c release --scratch-path .build-release --product a11y-audit 2>&1 | tail -1
    binary="$(swift build -c release --scratch-path .build-release --show-bin-path)/a11y-audit"
fi

exec timeout 900 python3 - "$binary" "$shapes" "$sizes" "$clients" "${manifests[@]}" <<'PY'
import atexit, http.client, json, os, re, signal, socket, subprocess, sys, tempfile, threading, time

binary, only, sizes, clients_override, manifests = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
slow_readers = int(os.environ.get("SLOW_READERS", "60"))

def manifest_settings(path):
    """The a11y-audit container's args and memory limit, read from the YAML text."""
    text = open(path).read()
    start = text.index("image: ghcr.io/example/a11y-audit")
    args_at = text.index("args: [", start) + len("args: ")
    depth, end = 0, args_at
    for end in range(args_at, len(text)):
        depth += {"[": 1, "]": -1}.get(text[end], 0)
        if depth == 0: break
    args = json.loads(text[args_at:end + 1])
    limit = re.search(r"limits: \{cpu: [^,]+, memory: (\d+)Mi\}", text[start:]).group(1)
    kept, i = [], 0
    while i < len(args):
        if args[i] in ("--host", "--port", "--token-file"): i += 2; continue
        kept.append(args[i]); i += 1
    return kept, int(limit) << 20

def flag(args, name, default):
    return int(args[args.index(name) + 1]) if name in args else default

# Shapes: the hostile shapes of Sources/A11yBench/AttackShapes.swift plus legitimate large
# trees, each built from a count n; `build(shape, bytes)` picks n for a body of about `bytes`.
BIG = "a" * 65536
def frame(k): return f'"frame":{{"x":0,"y":{k * 50},"width":300,"height":44}}'
def shape_text(shape, n):
    if shape == "flat":  # legitimate: n labelled buttons with frames
        return '{"root":{"id":"r","type":"view",' + frame(0) + ',"children":[' + ",".join(
            f'{{"type":"button","label":"Button {k}",{frame(k)}}}' for k in range(n)) + "]}}"
    if shape == "flat-unlabeled":  # n bare buttons: most nodes per byte, a finding each
        return '{"root":{"type":"view","children":[' + ",".join(['{"type":"button"}'] * n) + "]}}"
    if shape == "deep":  # legitimate: n chains of views 500 deep, a button at each foot
        leaf = '{"type":"button","label":"x","frame":{"x":0,"y":0,"width":10,"height":10}}'
        chain = '{"type":"view","children":[' * 500 + leaf + "]}" * 500
        return '{"root":{"type":"view","children":[' + ",".join([chain] * n) + "]}}"
    if shape == "deep-pointers":
        return '{"root":' + '{"type":"view","children":[' * 500 + ",".join(
            f'{{"type":"button",{frame(k)}}}' for k in range(n)) + "]}" * 500 + "}"
    if shape == "merge-many":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"children":[{"id":"c","type":"cell",' + frame(1)
                + ',"strategies":{"traits":{"merge":[' + ",".join(f'"n{k}"' for k in range(n))
                + ']},"label":{"joined":[' + ",".join(f'{{"from":"n{k}"}}' for k in range(n)) + "]}}},"
                + ",".join(f'{{"id":"n{k}","type":"text","text":"t"}}' for k in range(n)) + "]}}")
    if shape == "many-sources":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"deferral":{"content":['
                + ",".join(f'{{"kind":"inherited","identifier":"s{k}"}}' for k in range(n))
                + ']},"children":[{"type":"textField","label":"f","deferralReceiver":true,' + frame(1) + "},"
                + ",".join(f'{{"type":"text","text":"t{k}","deferredSource":"s{k}"}}' for k in range(n)) + "]}}")
    if shape == "deferral-ambiguous":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"deferral":{"content":['
                + ",".join(['{"kind":"inherited","identifier":"s"}'] * n)
                + ']},"children":[{"type":"textField","label":"f","deferralReceiver":true,' + frame(1) + "},"
                + ",".join(['{"type":"text","text":"t","deferredSource":"s"}'] * n) + "]}}")
    if shape == "nested-id-fanout":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"a11yRoot":"' + BIG + '","grouping":"contain","children":['
                + ",".join(f'{{"type":"button","label":"b","nestedIdentifier":"n{k}",{frame(k)}}}' for k in range(n)) + "]}}")
    if shape == "joined-from":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"children":[{"id":"b","type":"text","text":"' + BIG + '",'
                + frame(1) + '},{"id":"c","type":"cell",' + frame(2) + ',"strategies":{"label":{"joined":['
                + ",".join(['{"from":"b"}'] * n) + "]}}}]}}")
    if shape == "nested-combine":
        return ('{"root":' + '{"type":"view","grouping":"combine","children":[' * 500
                + ",".join(f'{{"type":"text","text":"t{k}"}}' for k in range(n)) + "]}" * 500 + "}")
    if shape == "deferral-subtree":
        return ('{"root":{"id":"r","type":"view",' + frame(0) + ',"deferral":{"content":['
                + ",".join(f'{{"kind":"{"inherited" if k % 2 == 0 else "error"}","identifier":"s"}}' for k in range(n))
                + ']},"children":[{"type":"textField","label":"f","deferralReceiver":true,' + frame(1) + "},"
                + '{"type":"view","deferredSource":"s","children":['
                + ",".join(f'{{"type":"text","text":"t{k}"}}' for k in range(n)) + "]}]}}")
    if shape == "nested-deferral":
        return ('{"root":' + '{"type":"view","deferral":{"content":[{"kind":"inherited","identifier":"s"}]},"children":[' * 500
                + '{"type":"textField","label":"f","deferralReceiver":true,' + frame(1) + "},"
                + '{"type":"view","deferredSource":"s","children":['
                + ",".join(f'{{"type":"text","text":"t{k}"}}' for k in range(n)) + "]}" + "]}" * 500 + "}")
    if shape == "figma-outlines":  # issue 24: n texts over a boolean operation of n screen-tall paths
        h = n * 20
        straight = '"relativeTransform":[[1,0,0],[0,1,0]]'
        def box(x, y, w, hh): return f'"absoluteBoundingBox":{{"x":{x},"y":{y},"width":{w},"height":{hh}}}'
        def fill(v): return f'"fills":[{{"type":"SOLID","color":{{"r":{v},"g":{v},"b":{v},"a":1}}}}]'
        paths = ",".join(f'{{"path":"M{k * 400 / n} 0L{k * 400 / n + 0.05} 0L{k * 400 / n} {h}Z","windingRule":"NONZERO"}}' for k in range(n))
        texts = ",".join(f'{{"id":"3:{k}","name":"t","type":"TEXT","characters":"Text {k}",{box(10, k * 20, 300, 10)},{fill(0)}}}' for k in range(n))
        return ('{"name":"A","nodes":{"1:1":{"document":{"id":"1:1","name":"S","type":"FRAME",' + box(0, 0, 400, h) + "," + straight + ","
                + fill(1) + ',"children":[{"id":"2:1","name":"B","type":"BOOLEAN_OPERATION",' + box(0, 0, 400, h) + "," + straight + ","
                + fill(1) + ',"fillGeometry":[' + paths + "]}," + texts + ']},"components":{},"styles":{}}}}')
    if shape == "tab-titles":  # issue 24: a tab set of n titles over n buttons labelled in reverse order
        return ('{"root":{"id":"r","type":"tabSet",' + frame(0) + ',"component":{"selectedTab":"t0","tabs":['
                + ",".join(f'{{"id":"t{k}","title":"Title {k}"}}' for k in range(n)) + ']},"children":['
                + ",".join(f'{{"type":"button","label":"Tab Title {k}"' + (',"value":"Selected"' if k == 0 else "") + f",{frame(k)}}}"
                           for k in reversed(range(n))) + "]}}")
    raise SystemExit(f"unknown shape {shape}")
SHAPES = ["flat", "flat-unlabeled", "deep", "deep-pointers", "merge-many", "many-sources",
          "deferral-ambiguous", "nested-id-fanout", "joined-from", "nested-combine", "deferral-subtree",
          "nested-deferral", "figma-outlines", "tab-titles"]
if only: SHAPES = only.split(",")

def build(shape, target):
    a, b = len(shape_text(shape, 1000)), len(shape_text(shape, 2000))
    per = (b - a) / 1000
    n = max(1, int(1000 + (target - a) / per))
    body = shape_text(shape, n).encode()
    while len(body) > target and n > 1:  # stay within the body limit
        n = int(n * 0.999) - 1
        body = shape_text(shape, n).encode()
    return body

FORMATS = os.environ.get("ENVELOPE_FORMATS", "application/json,application/sarif+json,application/xml,text/html").split(",")

def status_of(pid):
    fields = {}
    for line in open(f"/proc/{pid}/status"):
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"): fields[key] = int(value.split()[0]) * 1024
    return fields

def post(port, body, accept, results, slot):
    start = time.monotonic()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("POST", "/v1/audit", body=body,
                           headers={"Content-Type": "application/json", "Accept": accept})
        response = connection.getresponse()
        data = response.read()
        results[slot] = (response.status, len(data), time.monotonic() - start)
        connection.close()
    except Exception as error:  # a dead server shows as an error here and in the RSS read
        results[slot] = (f"error {type(error).__name__}", 0, time.monotonic() - start)

def mib(n): return f"{n / 1048576:.0f} MiB"

failed = False
for manifest in manifests:
    args, limit = manifest_settings(manifest)
    max_body = flag(args, "--max-body-bytes", 8 << 20)
    max_buffered = flag(args, "--max-buffered-bytes", 64 << 20)
    workers = flag(args, "--workers", 2)
    def start():
        log = tempfile.TemporaryFile()
        server = subprocess.Popen([binary, "serve", "--port", "0", "--host", "127.0.0.1", "--access-log", "off", *args],
                                  stdout=subprocess.PIPE, stderr=log)
        atexit.register(lambda: server.poll() is None and server.kill())  # whatever happens next
        line = server.stdout.readline().decode()
        return server, log, int(re.search(r":(\d+)$", line.strip()).group(1))
    server, log, port = start()
    base = status_of(server.pid)["VmRSS"]
    server.kill(); server.wait()
    print(f"\n== {manifest}: serve {' '.join(args)}; memory limit {mib(limit)}; server RSS at start {mib(base)}")
    print(f"{'shape':<20} {'body bytes':>11} {'clients':>7} {'status':>8} {'response bytes':>15} {'seconds':>8} {'peak RSS':>9} {'RSS after':>9}")
    worst = 0
    targets = {"both": [max_body // 2, max_body], "full": [max_body], "half": [max_body // 2]}.get(sizes)
    if targets is None: targets = [int(x) for x in sizes.split(",")]
    # Then one server takes every run in turn: what the allocator keeps between audits
    # (each worker thread has its own arena) shows in its peak.
    runs = [(shape, target, False) for shape in SHAPES for target in targets]
    runs += [(shape, targets[-1], True) for shape in SHAPES]
    history_started = False
    previous = None
    for shape, target, history in runs:
        if history and not history_started:
            history_started = True
            server, log, port = start()
            print(f"-- one server, every shape in turn at {targets[-1]:,} bytes (peak so far):")
        if True:
            body = build(shape, target)
            # As many full-size bodies as the buffered cap holds, the same at both sizes so
            # that time and response grow with the body alone.
            clients = int(clients_override) if clients_override else max(workers, max_buffered // max_body)
            # A fresh server per run: the peak is this run's, not the allocator's leftovers
            # from the one before (a long-running server reuses those pages, so its peak is
            # about the largest of these, not their sum).
            if not history: server, log, port = start()
            results = [None] * clients
            threads = [threading.Thread(target=post, args=(port, body, FORMATS[i % len(FORMATS)], results, i))
                       for i in range(clients)]
            started = time.monotonic()
            for t in threads: t.start()
            for t in threads: t.join()
            seconds = time.monotonic() - started
            if server.poll() is not None:
                log.seek(0)
                print(f"{shape:<20} {len(body):>11,} {clients:>7}   SERVER DIED (exit {server.returncode}) "
                      + log.read().decode()[-300:])
                failed = True
                continue
            figures = status_of(server.pid)
            peak, after = figures["VmHWM"], figures["VmRSS"]
            if not history: server.kill(); server.wait()
            worst = max(worst, peak)
            statuses = sorted({str(r[0]) for r in results})
            largest = max(r[1] for r in results)
            over = "  OVER LIMIT" if peak > limit else ""
            growth = ""
            if not history and previous and previous[0] == shape:
                growth = f"  ×{seconds / max(previous[1], 1e-3):.1f} time, ×{largest / max(previous[2], 1):.1f} response"
            previous = (shape, seconds, largest)
            print(f"{shape:<20} {len(body):>11,} {clients:>7} {'/'.join(statuses):>8} {largest:>15,} {seconds:>8.2f} {mib(peak):>9} {mib(after):>9}{over}{growth}", flush=True)
            if peak > limit: failed = True
    if history_started and server.poll() is None: server.kill(); server.wait()
    # Issue 24: clients that post and never read. Each answer stays in the server until
    # written, so SLOW_READERS of them (60 by default) once held 60 answers; now the answers
    # are reserved against --max-audit-memory and the rest are refused with 503.
    if slow_readers > 0:
        body = build("flat-unlabeled", max_body // 2)
        server, log, port = start()
        sockets = []
        for i in range(slow_readers):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that barely reads
            s.settimeout(30)
            s.connect(("127.0.0.1", port))
            s.sendall(b"POST /v1/audit HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: "
                      + str(len(body)).encode() + b"\r\n\r\n" + body)
            sockets.append(s)
            time.sleep(0.05)  # bodies arrive one after another, as from many slow clients
        time.sleep(3)
        figures = status_of(server.pid) if server.poll() is None else {"VmHWM": 0, "VmRSS": 0}
        statuses = {}
        for s in sockets:
            try:
                head = s.recv(12).decode(errors="replace")
                key = head[9:12] if head.startswith("HTTP/1.1 ") else "none"
            except OSError:
                key = "none"
            statuses[key] = statuses.get(key, 0) + 1
            s.close()
        died = server.poll() is not None
        if not died: server.kill(); server.wait()
        peak = figures["VmHWM"]
        worst = max(worst, peak)
        over = "  OVER LIMIT" if peak > limit or died else ""
        print(f"{'slow readers':<20} {len(body):>11,} {slow_readers:>7} {'/'.join(f'{k}x{v}' for k, v in sorted(statuses.items())):>8} "
              f"{'—':>15} {'':>8} {mib(peak):>9} {mib(figures['VmRSS']):>9}{over}", flush=True)
        if over: failed = True
    print(f"worst peak {mib(worst)} of {mib(limit)} ({100 * worst / limit:.0f}%)")
print("\nFAIL: peak RSS passed a manifest's memory limit" if failed else "\nOK: every manifest stayed within its memory limit")
sys.exit(1 if failed else 0)
PY
