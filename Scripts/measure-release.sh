#!/usr/bin/env bash
# Figures for README: size of the static release binary (as shipped in the image, and
# stripped) and the time from exec to the first 200 on /readyz (best of RUNS, default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
scratch=.build/static
swift build -c release --static-swift-stdlib --product a11y-audit --scratch-path "$scratch" >/dev/null
binary="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/a11y-audit"
size=$(stat -c %s "$binary")
tmp="$(mktemp)"; strip -o "$tmp" "$binary"; stripped=$(stat -c %s "$tmp"); rm -f "$tmp"
echo "binary: $binary"
printf 'size: %.1f MB (%d bytes); stripped %.1f MB\n' "$(echo "$size/1000000" | bc -l)" "$size" "$(echo "$stripped/1000000" | bc -l)"
echo "dynamic libraries: $(ldd "$binary" | awk '{print $1}' | grep -v vdso | tr '\n' ' ')"

best=""
for _ in $(seq 1 "$runs"); do
    log="$(mktemp)"
    start=$(date +%s%N)
    "$binary" serve --host 127.0.0.1 --port 0 >"$log" 2>&1 &
    pid=$!
    ready=""
    for _ in $(seq 1 5000); do
        base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$log" | head -n 1)"
        if [ -n "$base" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ]; then
            ready=$(date +%s%N); break
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.001
    done
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$log"
    [ -n "$ready" ] || { echo "server never became ready" >&2; exit 1; }
    ms=$(( (ready - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done
echo "start to ready (first 200 on /readyz, best of $runs, includes curl): ${best} ms"
