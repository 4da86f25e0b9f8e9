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

# shellcheck source=Scripts/browser/harness.sh
. Scripts/browser/harness.sh

mkdir "$work/site"
cp Scripts/browser/cors-page.html "$work/site/page.html"
serve_site "$work/site"
serve server --cors-origin "http://127.0.0.1:$page_port"
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$page_port/page.html" && break; sleep 0.1; done

# The page's outcome: Chromium opens it, the page reports what it could read to the static
# server (GET /result/LABEL?TEXT, in that server's log), then Chromium is stopped.
visit() { # label, page origin, service base, extra query
    browse "$1" "$2/page.html?label=$1&base=$3&token=$token${4:-}"
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
serve null-server --cors-origin null
named="$(visit named "http://127.0.0.1:$page_port" "$base" "&frame=sandbox")"
echo "from a sandboxed frame to a server started with --cors-origin null:"; echo "$named"
expect "null reads the audit when named" "$named" '^audit: read status=200 findings=image-name.* request-id=yes'
expect "null reads the 401 when named" "$named" '^no-token: read status=401 .*title=Unauthorized'

# The service saw the preflight and answered it without a token (the access log has it).
expect "preflight answered 204" "$(cat "$work/server.log")" '"method":"OPTIONS","path":"/v1/audit","status":204'
exit "$failed"
