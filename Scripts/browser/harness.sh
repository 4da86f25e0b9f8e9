# Sourced by the headless-Chromium checks (Scripts/cors-chromium.sh, figma-plugin-chromium.sh):
# Chromium (installed from Debian when missing), a debug a11y-audit, a work folder and the
# processes to stop on exit, a bearer token, and:
#   serve_site DIR          a static server for DIR on a free port ($page_port; log $work/pages.log)
#   serve NAME ARGS...      a11y-audit serve with the token and ARGS; its address in $base
#   browse LABEL URL        opens URL, prints what the page reported (GET /result/LABEL?TEXT to
#                           the static server), or "no result within 30 s"
# The caller sets `set -euo pipefail` and works from the repository root.

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

head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/token"
token="$(cat "$work/token")"

serve_site() {
    page_port="$(free_port)"
    python3 -m http.server "$page_port" --bind 127.0.0.1 --directory "$1" > "$work/pages.log" 2>&1 &
    pids+=($!)
}

serve() {
    local name=$1; shift
    "$binary" serve --port 0 --token-file "$work/token" "$@" > "$work/$name.log" 2>&1 &
    pids+=($!)
    base=""
    for _ in $(seq 1 300); do
        base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$work/$name.log" | head -n 1)"
        [ -n "$base" ] && return
        sleep 0.1
    done
    echo "$(basename "$0"): the server did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}

browse() {
    "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile-$1" "$2" > "$work/chromium-$1.log" 2>&1 &
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
