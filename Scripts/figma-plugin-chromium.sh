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

# shellcheck source=Scripts/browser/harness.sh
. Scripts/browser/harness.sh

mkdir "$work/site"
cp Examples/figma-plugin/ui.html Examples/figma-plugin/test/harness.html Examples/figma-plugin/test/selection.json "$work/site/"
serve_site "$work/site"
# In Figma the UI's origin is null; here the harness must reach into the UI's frame, so both
# share the static server's origin, which the service allows as it would allow null.
serve server --cors-origin "http://127.0.0.1:$page_port" --cors-origin null
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$page_port/harness.html" && break; sleep 0.1; done

result="$(browse figma "http://127.0.0.1:$page_port/harness.html?base=$base&token=$token")"
echo "$result"

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
