#!/usr/bin/env bash
# Renders the HTML reports the tests build (real login.json tree through the real pipeline)
# and screenshots them in headless Chromium, so a person can look at the result.
# Usage: Scripts/reports/html-screenshot.sh [OUT_DIR]   (default /tmp/a11y-html)
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-/tmp/a11y-html}"
mkdir -p "$out"
if ! command -v chromium >/dev/null; then
    echo "installing chromium (Debian) for the screenshot" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
Scripts/reports/install-checkers.sh
A11Y_KEEP_REPORTS="$out" swift test --filter HTMLReportTests >/dev/null
for page in report single baseline; do
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400 \
        --screenshot="$out/$page.png" "file://$out/$page.html" 2>/dev/null
    echo "$out/$page.png"
done
