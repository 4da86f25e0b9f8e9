#!/usr/bin/env bash
# CORS as a browser enforces it: headless Chromium loads a page (Scripts/browser/cors-page.html)
# from a static server on another port, and the page calls POST /v1/audit with a bearer token
# and a JSON body (so Chromium sends a preflight first, which carries no token).
#   - from the allowed origin (--cors-origin http://127.0.0.1:PAGE_PORT) the page reads the
#     audit (200 with its findings) and the 401 it gets without a token;
#   - from another origin (the same page as http://localhost:PAGE_PORT) both calls are blocked;
#   - from a sandboxed frame (origin `null`, as a Figma plugin's UI) the calls are blocked by
#     that server, and read from a second server started with --cors-origin null.
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

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

page_port="$(free_port)"
cp Scripts/browser/cors-page.html "$work/page.html"
python3 -m http.server "$page_port" --bind 127.0.0.1 --directory "$work" > "$work/pages.log" 2>&1 &
pids+=($!)

head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/token"
token="$(cat "$work/token")"
# serve NAME ORIGIN: starts a server allowing ORIGIN, its address in $base.
serve() {
    "$binary" serve --port 0 --token-file "$work/token" --cors-origin "$2" > "$work/$1.log" 2>&1 &
    pids+=($!)
    base=""
    for _ in $(seq 1 300); do
        base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$work/$1.log" | head -n 1)"
        [ -n "$base" ] && return
        sleep 0.1
    done
    echo "cors-chromium.sh: the server did not start:" >&2; cat "$work/$1.log" >&2; exit 1
}
serve server "http://127.0.0.1:$page_port"
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$page_port/page.html" && break; sleep 0.1; done

# The page's outcome: Chromium opens it, the page reports what it could read to the static
# server (GET /result/LABEL?TEXT, in that server's log), then Chromium is stopped.
visit() { # label, page origin, service base, extra query
    "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile-$1" \
        "$2/page.html?label=$1&base=$3&token=$token${4:-}" > "$work/chromium-$1.log" 2>&1 &
    local browser=$!
    local text=""
    for _ in $(seq 1 300); do
        text="$(python3 - "$work/pages.log" "$1" <<'PY'
import re, sys, urllib.parse
for line in open(sys.argv[1], errors="replace"):
    found = re.search(r'"GET /result/' + re.escape(sys.argv[2]) + r'\?(\S*) HTTP', line)
    if found:
        print(urllib.parse.unquote(found.group(1)))
        break
PY
)"
        [ -n "$text" ] && break
        sleep 0.1
    done
    kill -TERM "$browser" 2>/dev/null || true
    wait "$browser" 2>/dev/null || true
    echo "${text:-no result within 30 s}"
}

failed=0
expect() { # label, text, pattern
    if grep -qE "$3" <<< "$2"; then echo "ok   $1"; else echo "FAIL $1: wanted /$3/ in:" >&2; echo "$2" >&2; failed=1; fi
}

allowed="$(visit allowed "http://127.0.0.1:$page_port" "$base")"
echo "from the allowed origin:"; echo "$allowed"
expect "allowed origin reads the audit" "$allowed" '^audit: read status=200 findings=image-name.* request-id=yes'
expect "allowed origin reads the 401" "$allowed" '^no-token: read status=401 .*title=Unauthorized'

other="$(visit other "http://localhost:$page_port" "$base")"
echo "from another origin:"; echo "$other"
expect "other origin is blocked" "$other" '^audit: blocked TypeError'
expect "other origin is blocked without a token too" "$other" '^no-token: blocked TypeError'

sandboxed="$(visit sandboxed "http://127.0.0.1:$page_port" "$base" "&frame=sandbox")"
echo "from a sandboxed frame (origin null) to the server that does not name null:"; echo "$sandboxed"
expect "null is blocked unless named" "$sandboxed" '^audit: blocked TypeError'
serve null-server null
named="$(visit named "http://127.0.0.1:$page_port" "$base" "&frame=sandbox")"
echo "from a sandboxed frame to a server started with --cors-origin null:"; echo "$named"
expect "null reads the audit when named" "$named" '^audit: read status=200 findings=image-name.* request-id=yes'
expect "null reads the 401 when named" "$named" '^no-token: read status=401 .*title=Unauthorized'

# The service saw the preflight and answered it without a token (the access log has it).
expect "preflight answered 204" "$(cat "$work/server.log")" '"method":"OPTIONS","path":"/v1/audit","status":204'
exit "$failed"
