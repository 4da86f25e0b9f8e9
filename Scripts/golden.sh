#!/usr/bin/env bash
# Writes every output a refactor must keep byte-identical into one folder: each example, fuzz
# seed and generated tree in every format (with a few option sets), the rule catalogue, and the
# shared real dumps when ../shared/samples is present. Compare two builds with `diff -r`:
#
#   Scripts/golden.sh --binary OLD/a11y-audit --out /tmp/golden-old
#   Scripts/golden.sh --binary NEW/a11y-audit --out /tmp/golden-new
#   diff -r /tmp/golden-old /tmp/golden-new
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/release/a11y-audit
bench=.build/release/A11yBench
out=
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --bench) bench="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$out" ] || { echo "golden: --out DIR is required" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out"
# Outputs name their input file, so generated trees live at a fixed path inside the checkout.
trees=.build/golden-trees
rm -rf "$trees"; mkdir -p "$trees"

# Generated trees come from the benchmark's generator, which is deterministic.
if [ -x "$bench" ]; then
    for n in 1 50 1000 10000; do "$bench" --write-tree "$n" > "$trees/generated-$n.json"; done
fi

option_sets=("" "--level AAA" "--only target-size,duplicate-label --contrast-text 7" "--disable target-size --target-size 48x40 --suppress rule=duplicate-label,reason=known")
run() { # name input [flags...]
    local name="$1" input="$2"; shift 2
    local code=0
    "$binary" audit "$input" "$@" > "$out/$name" 2> "$out/$name.err" || code=$?
    echo "$code" > "$out/$name.exit"
}
inputs=(Examples/*.json Tests/Fuzz/corpus/audit/* "$trees"/*.json)
for input in "${inputs[@]}"; do
    base=$(basename "$input")
    for format in json text sarif junit html markdown github; do
        run "$base.$format" "$input" --format "$format"
    done
    run "$base.pretty" "$input" --pretty
    i=0
    for flags in "${option_sets[@]:1}"; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        run "$base.opts$i" "$input" $flags
    done
done
# The example screens as one folder (Examples/ also holds the Figma plugin, which is no screen).
screens=.build/golden-examples
rm -rf "$screens"; mkdir -p "$screens"; cp Examples/*.json "$screens"/
run "examples-folder.json" "$screens"
run "examples-folder.sarif" "$screens" --format sarif
run "examples-folder.md" "$screens" --format markdown
run "examples-folder.github" "$screens" --format github
"$binary" rules --format json > "$out/rules.json"
"$binary" rules > "$out/rules.txt"

if [ -d ../shared/samples ]; then
    for entry in android-uiautomator:android ios-xcuitest:ios figma:figma; do
        for file in ../shared/samples/"${entry%%:*}"/*; do
            [ -f "$file" ] || continue
            for format in json sarif html markdown github; do
                run "sample-$(basename "$file").$format" "$file" --input-format "${entry#*:}" --format "$format"
            done
        done
    done
fi
echo "golden: $(find "$out" -type f | wc -l) files in $out"
