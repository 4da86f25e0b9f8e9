#!/usr/bin/env bash
# Lints the service's /metrics with Prometheus's own `promtool check metrics` (names, HELP and
# TYPE lines, counter suffixes, label syntax, histogram buckets). Starts a server built from
# this checkout (debug, or the binary in A11Y_AUDIT_BINARY) on a free loopback port, makes
# requests that fill every metric family (audits with findings, a rejected audit, a 404, a
# 405), scrapes it, checks that the families docs/server.md lists are there, and runs promtool.
# Installs promtool from Debian's prometheus package when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v promtool > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus > /dev/null
fi

binary="${A11Y_AUDIT_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product a11y-audit
    binary="$(swift build --show-bin-path)/a11y-audit"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$binary" serve --port 0 --access-log off > "$work/server.log" 2>&1 &
server_pid=$!
base=""
for _ in $(seq 1 300); do
    base="$(sed -n 's#.*listening on \(http://[^[:space:]]*\).*#\1#p' "$work/server.log" | head -n 1)"
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "promtool-check.sh: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

tree='{"root":{"id":"r","type":"container","frame":{"x":0,"y":0,"width":400,"height":400},"children":[{"id":"img","type":"image","frame":{"x":0,"y":0,"width":10,"height":10}},{"id":"b","type":"button","frame":{"x":0,"y":100,"width":10,"height":10}}]}}'
curl -s -o /dev/null -H 'Content-Type: application/json' --data-binary "$tree" "$base/v1/audit"
curl -s -o /dev/null -H 'Content-Type: application/json' --data-binary '[]' "$base/v1/audit"
curl -s -o /dev/null "$base/healthz"
curl -s -o /dev/null "$base/nowhere"
curl -s -o /dev/null -X DELETE "$base/v1/rules"
curl -sf -o "$work/metrics.txt" "$base/metrics"

missing=0
for family in a11y_build_info a11y_http_requests_total a11y_http_request_duration_seconds a11y_findings_total \
              process_resident_memory_bytes process_virtual_memory_bytes process_cpu_seconds_total \
              process_open_fds process_max_fds process_start_time_seconds; do
    grep -q "^# TYPE $family " "$work/metrics.txt" || { echo "missing metric family $family" >&2; missing=1; }
done
grep -q '^a11y_http_requests_total{route="/v1/audit",method="POST",code="200"} 1$' "$work/metrics.txt" \
    || { echo "no a11y_http_requests_total with route, method and code labels" >&2; missing=1; }
grep -q '^a11y_findings_total{rule="image-name",impact="critical"} 1$' "$work/metrics.txt" \
    || { echo "no a11y_findings_total by rule and impact" >&2; missing=1; }

echo "promtool check metrics ($(promtool --version 2>&1 | head -n 1)):"
promtool check metrics < "$work/metrics.txt"
echo "promtool: no problems in $(grep -vc '^#' "$work/metrics.txt") samples"
exit "$missing"
