#!/usr/bin/env bash
# The example Figma plugin's UI (Examples/figma-plugin/ui.html) in headless Chromium against a
# running service, with the plugin API stubbed by Examples/figma-plugin/test/harness.html (it
# plays code.js: answers `export` with test/selection.json and a PNG, records `select`). The
# harness uses the UI as a designer would: with a wrong token it must show the 401, with the
# right one the findings (each with a Select layer button naming the Figma layer), the spoken
# stops and an outline per finding; Select layer must ask for the finding's layer.
# Installs Chromium from Debian when it is missing. Exits non-zero when anything differs.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_bin="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium_bin" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq chromium > /dev/null
    chromium_bin="$(command -v chromium)"
fi

swift build --product a11y-audit
binary="$(swift build --show-bin-path)/a11y-audit"

work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

page_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
mkdir "$work/site"
cp Examples/figma-plugin/ui.html Examples/figma-plugin/test/harness.html Examples/figma-plugin/test/selection.json "$work/site/"
python3 -m http.server "$page_port" --bind 127.0.0.1 --directory "$work/site" > "$work/pages.log" 2>&1 &
pids+=($!)

head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/token"
token="$(cat "$work/token")"
# In Figma the UI's origin is null; here the harness must reach into the UI's frame, so both
# share the static server's origin, which the service allows as it would allow null.
"$binary" serve --port 0 --token-file "$work/token" --cors-origin "http://127.0.0.1:$page_port" --cors-origin null \
    > "$work/server.log" 2>&1 &
pids+=($!)
base=""
for _ in $(seq 1 300); do
    base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$work/server.log" | head -n 1)"
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "figma-plugin-chromium.sh: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$page_port/harness.html" && break; sleep 0.1; done

"$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile" "http://127.0.0.1:$page_port/harness.html?base=$base&token=$token" \
    > "$work/chromium.log" 2>&1 &
browser=$!
result=""
for _ in $(seq 1 300); do
    result="$(python3 - "$work/pages.log" <<'PY'
import re, sys, urllib.parse
for line in open(sys.argv[1], errors="replace"):
    found = re.search(r'"GET /result/figma\?(\S*) HTTP', line)
    if found:
        print(urllib.parse.unquote(found.group(1)))
        break
PY
)"
    [ -n "$result" ] && break
    sleep 0.1
done
kill -TERM "$browser" 2>/dev/null || true
wait "$browser" 2>/dev/null || true
echo "${result:-no result within 30 s}"

# What the service says about the same export, to compare the UI with.
expected="$(curl -s -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data-binary @Examples/figma-plugin/test/selection.json "$base/v1/audit" | python3 -c '
import json, sys
screen = json.load(sys.stdin)["screens"][0]
print("findings: " + " ".join(f["rule"] + "@" + (f.get("sourceId") or "-") for f in screen["findings"]))
print("finding count: %d" % len(screen["findings"]))
print("stops: " + " | ".join(e["spoken"] for e in screen["elements"]))
print("boxes: %d" % sum(1 for f in screen["findings"] if f.get("frame")))
print("selected: " + screen["findings"][0]["sourceId"])
')"

failed=0
expect() { # label, pattern
    if grep -qxF -- "$2" <<< "$result"; then echo "ok   $1"; else echo "FAIL $1: wanted the line \"$2\"" >&2; failed=1; fi
}
while IFS= read -r line; do expect "${line%%:*} as the service reports it" "$line"; done <<< "$expected"
if grep -qE '^wrong token: 401 Unauthorized: the bearer token is not valid$' <<< "$result"; then
    echo "ok   a wrong token shows the 401"; else echo "FAIL a wrong token shows the 401" >&2; failed=1; fi
if grep -qE '^status: [1-9][0-9]* findings, [1-9][0-9]* stops\.$' <<< "$result"; then
    echo "ok   the status line counts them"; else echo "FAIL the status line" >&2; failed=1; fi
exit "$failed"
