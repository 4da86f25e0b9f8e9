#!/usr/bin/env bash
# Audits every real dump in ../shared/samples (the folder other engineers share, outside the
# repository) that an importer reads, and prints one row per file: exit code, screen-reader
# stops, findings by rule. Fails when any file exits 2 (refused) or crashes; exit 1 (findings
# at or above the threshold) is a normal answer. Skips, exit 0, when the folder is absent.
# --table prints instead one markdown table per format (sample, screens, stops, findings by
# rule with how many of them are `incomplete`), ready to paste into docs/importing.md.
#
#   Scripts/import-samples.sh [--binary PATH] [--samples DIR] [--table]
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/a11y-audit
samples=../shared/samples
table=0
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --samples) samples="$2"; shift 2 ;;
        --table) table=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ ! -d "$samples" ]; then
    echo "import-samples: $samples not present, skipped" >&2
    exit 0
fi
[ -x "$binary" ] || swift build >&2

# Folder -> importer format -> table heading. Formats without an importer yet are not listed.
# Figma files answer a batch; their row sums the screens.
formats=("android-uiautomator:android:Android sample" "ios-xcuitest:ios:iOS sample" "figma:figma:Figma sample")

status=0
out=$(mktemp)
trap 'rm -f "$out" "$out.err"' EXIT
[ "$table" = 1 ] || printf '%-45s %4s %5s  %s\n' sample exit stops "findings by rule"
first=1
for entry in "${formats[@]}"; do
    folder="$samples/${entry%%:*}" rest="${entry#*:}"
    format="${rest%%:*}" heading="${rest#*:}"
    [ -d "$folder" ] || continue
    if [ "$table" = 1 ]; then
        [ "$first" = 1 ] || echo
        first=0
        printf '| %s | screens | stops | findings by rule |\n|---|---|---|---|\n' "$heading"
    fi
    for file in "$folder"/*; do
        [ -f "$file" ] || continue
        code=0
        "$binary" audit "$file" --input-format "$format" >"$out" 2>"$out.err" || code=$?
        if [ "$code" -gt 1 ]; then
            status=1
            if [ "$table" = 1 ]; then
                printf '| `%s` | - | - | refused (exit %s): %s |\n' "$(basename "$file")" "$code" "$(head -c 200 "$out.err" | tr '\n|' '  ')"
            else
                printf '%-45s %4s %5s  %s\n' "$(basename "$file")" "$code" - "$(head -c 200 "$out.err")"
            fi
            continue
        fi
        # A Figma file is a batch (a screen per frame): stops and findings summed over its screens.
        summary=$(python3 -c '
import json, sys, collections
d = json.load(open(sys.argv[1]))
screens = d["screens"] if "screens" in d else [d]
stops = sum(s["summary"]["elements"] for s in screens)
rules, incomplete = collections.Counter(), collections.Counter()
for s in screens:
    rules.update(s["summary"]["byRule"])
    incomplete.update(f["rule"] for f in s["findings"] if f.get("outcome") == "incomplete")
text = ", ".join(f"{k} {v}" + (f" ({incomplete[k]} incomplete)" if incomplete[k] else "")
                 for k, v in sorted(rules.items())) or "none"
if sys.argv[2] == "1": print(f"{len(screens)} {stops} {text}")
else: print(f"- {stops} " + (f"({len(screens)} screens) " if len(screens) != 1 else "") + text)' "$out" "$table")
        read -r screens stops rules <<<"$summary"
        if [ "$table" = 1 ]; then
            printf '| `%s` | %s | %s | %s |\n' "$(basename "$file")" "$screens" "$stops" "$rules"
        else
            printf '%-45s %4s %5s  %s\n' "$(basename "$file")" "$code" "$stops" "$rules"
        fi
    done
done
exit $status
