#!/usr/bin/env bash
# Checks the running service against its own OpenAPI document: builds the release binary,
# starts `a11y-audit serve` on a free loopback port with a bearer token, fetches
# GET /openapi.json (which must equal the block in openapi.md), runs schemathesis with
# every check (`--checks all`, including ignored_auth, negative data rejection and
# unsupported methods) on every operation of that document, then stops the server with
# SIGTERM and requires a clean exit. Exits non-zero when anything fails.
# SCHEMATHESIS_MAX_EXAMPLES (default 200) bounds the examples per operation (and the stateful
# phase's scenarios, which follow the document's links: catalogue ids into an audit); the
# whole run is cut off after SCHEMATHESIS_TIMEOUT seconds (default 420; a normal run takes
# about 66 s after the build, 28 s at 100 examples, 78 s at 300, a loaded machine up to five
# times that).
set -euo pipefail
cd "$(dirname "$0")/.."

max_examples="${SCHEMATHESIS_MAX_EXAMPLES:-200}"
budget="${SCHEMATHESIS_TIMEOUT:-420}"

. Scripts/python-tools.sh

swift build -c release --product a11y-audit
binary="$(swift build -c release --show-bin-path)/a11y-audit"

work="$(mktemp -d)"
server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap stop_server EXIT

head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/token"
token="$(cat "$work/token")"

"$binary" serve --host 127.0.0.1 --port 0 --token-file "$work/token" > "$work/server.log" 2>&1 &
server_pid=$!

# The server prints `listening on http://HOST:PORT` once it accepts connections.
base=""
for _ in $(seq 1 300); do
    base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$work/server.log" | head -n 1)"
    [ -n "$base" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$base" ]; then
    echo "schemathesis.sh: the server did not report 'listening on http://HOST:PORT'; its output:" >&2
    cat "$work/server.log" >&2
    exit 1
fi
echo "server at $base (pid $server_pid)"

# Loaded from a file rather than the URL: schemathesis leaves out the operation at the
# address it loaded the document from, and GET /openapi.json must be tested too.
curl -sf -H "Authorization: Bearer $token" -o "$work/openapi.json" "$base/openapi.json"
python3 - "$work/openapi.json" <<'PY'
import json, re, sys
served = open(sys.argv[1], encoding="utf-8").read()
block = re.search(r"^```json\n(.*?)^```$", open("openapi.md", encoding="utf-8").read(), flags=re.S | re.M).group(1)
served, block = json.loads(served), json.loads(block)
# The schemas openapi.md leaves as "Generated from ..." placeholders are filled in by the
# server from the code's declarations; everything else must be served as written.
generated = [name for name, schema in block["components"]["schemas"].items()
             if str(schema.get("description", "")).startswith("Generated from")]
for name in generated:
    if "description" in served["components"]["schemas"][name] and len(served["components"]["schemas"][name]) == 1:
        sys.exit(f"schemathesis.sh: GET /openapi.json did not fill in the generated schema {name}")
    served["components"]["schemas"][name] = block["components"]["schemas"][name]
if served != block:
    sys.exit("schemathesis.sh: GET /openapi.json differs from openapi.md outside the generated schemas (rebuild)")
PY

status=0
timeout --signal=INT "$budget" schemathesis --config-file Scripts/schemathesis.toml run "$work/openapi.json" \
    --url "$base" \
    --header "Authorization: Bearer $token" \
    --checks all \
    --max-examples "$max_examples" \
    --workers 2 \
    --request-timeout 10 \
    --generation-database none \
    --report junit --report-dir .build/schemathesis \
    || status=$?

# SIGTERM must drain and end the process with status 0.
kill -TERM "$server_pid"
server_status=0
wait "$server_pid" || server_status=$?
server_pid=""
if [ "$server_status" -ne 0 ]; then
    echo "schemathesis.sh: the server exited with $server_status after SIGTERM (expected 0)" >&2
    tail -n 20 "$work/server.log" >&2
    status=1
fi
[ "$status" -eq 0 ] && echo "schemathesis: all checks passed" || echo "schemathesis: FAILED (status $status)" >&2
exit "$status"
