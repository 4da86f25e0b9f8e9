#!/usr/bin/env bash
# Audits every real dump in ../shared/samples (the folder other engineers share, outside the
# repository) that an importer reads, and prints one row per file: exit code, screen-reader
# stops, findings by rule. Fails when any file exits 2 (refused) or crashes; exit 1 (findings
# at or above the threshold) is a normal answer. Skips, exit 0, when the folder is absent.
#
#   Scripts/import-samples.sh [--binary PATH] [--samples DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/a11y-audit
samples=../shared/samples
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --samples) samples="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ ! -d "$samples" ]; then
    echo "import-samples: $samples not present, skipped" >&2
    exit 0
fi
[ -x "$binary" ] || swift build >&2

# Folder -> importer format. Formats without an importer yet are not listed. Figma files
# answer a batch; their row sums the screens.
formats=("android-uiautomator:android" "ios-xcuitest:ios" "figma:figma")

status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%-45s %4s %5s  %s\n' sample exit stops "findings by rule"
for entry in "${formats[@]}"; do
    folder="$samples/${entry%%:*}" format="${entry#*:}"
    [ -d "$folder" ] || continue
    for file in "$folder"/*; do
        [ -f "$file" ] || continue
        code=0
        "$binary" audit "$file" --input-format "$format" >"$out" 2>"$out.err" || code=$?
        if [ "$code" -gt 1 ]; then
            status=1
            printf '%-45s %4s %5s  %s\n' "$(basename "$file")" "$code" - "$(head -c 200 "$out.err")"
            continue
        fi
        # A Figma file is a batch (a screen per frame): stops and findings summed over its screens.
        summary=$(python3 -c '
import json, sys, collections
d = json.load(open(sys.argv[1]))
screens = [s["summary"] for s in d["screens"]] if "screens" in d else [d["summary"]]
stops = sum(s["elements"] for s in screens)
rules = collections.Counter()
for s in screens: rules.update(s["byRule"])
text = ", ".join(f"{k} {v}" for k, v in sorted(rules.items()))
if len(screens) != 1: text = f"({len(screens)} screens) " + (text or "none")
print(stops, text or "none")' "$out")
        printf '%-45s %4s %5s  %s\n' "$(basename "$file")" "$code" "${summary%% *}" "${summary#* }"
    done
done
rm -f "$out.err"
exit $status
