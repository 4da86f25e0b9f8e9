#!/usr/bin/env bash
# Figures for docs/performance.md: size of the static release binary (as shipped in the image, and
# stripped) and the time from exec to the first 200 on /readyz (median and best of RUNS,
# default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-10}"
scratch=.build/static
swift build -c release --static-swift-stdlib --product a11y-audit --scratch-path "$scratch" >/dev/null
binary="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/a11y-audit"
size=$(stat -c %s "$binary")
tmp="$(mktemp)"; strip -o "$tmp" "$binary"; stripped=$(stat -c %s "$tmp"); rm -f "$tmp"
echo "binary: $binary"
awk -v s="$size" -v t="$stripped" 'BEGIN { printf "size: %.1f MB (%d bytes); stripped %.1f MB\n", s / 1e6, s, t / 1e6 }'
echo "dynamic libraries: $(ldd "$binary" | awk '{print $1}' | grep -v vdso | tr '\n' ' ')"

# Timed from Python so no helper process sits in the measured path: the clock starts just
# before exec, "listening" is the moment the line arrives on the pipe, "ready" the moment
# the first 200 to GET /readyz arrives (polled every millisecond over a fresh connection).
python3 - "$binary" "$runs" <<'PY'
import http.client, re, statistics, subprocess, sys, time

binary, runs = sys.argv[1], int(sys.argv[2])
listening, ready = [], []
for _ in range(runs):
    start = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--access-log", "off"],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    listening.append(time.perf_counter() - start)
    port = int(re.search(r"listening on http://[^:]+:(\d+)", line).group(1))
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                break
        except OSError:
            pass
        if time.perf_counter() - start > 10:
            sys.exit("server never became ready")
        time.sleep(0.001)
    ready.append(time.perf_counter() - start)
    server.terminate()
    if server.wait(timeout=15) != 0:
        sys.exit("server did not exit 0 on SIGTERM")

def ms(values):
    return f"median {statistics.median(values) * 1000:.1f} ms, best {min(values) * 1000:.1f} ms"
print(f"exec to 'listening' line: {ms(listening)} ({runs} runs)")
print(f"exec to first 200 on /readyz: {ms(ready)} ({runs} runs)")
PY
