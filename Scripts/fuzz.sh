#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz (swiftc -sanitize=fuzzer,address) and runs each
# for N seconds from its seed corpus. Exits non-zero if any target crashes, leaks or fails a
# property; the crashing input is left in .build/fuzz/artifacts/<target>/.
#
#   Scripts/fuzz.sh [--seconds N] [--jobs J] [--build-only] [target ...]   (targets: http json xml audit png)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
build_only=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --seconds=*) seconds="${1#*=}"; shift ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        http|json|xml|audit|png) targets+=("$1"); shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(http json xml audit png)

out=.build/fuzz
mkdir -p "$out"

sources() {
    case "$1" in
        http) echo Sources/HTTPParser/*.swift Tests/Fuzz/HTTPParserFuzz.swift ;;
        json) echo Tests/Fuzz/JSONReaderFuzz.swift ;;
        xml) echo Tests/Fuzz/XMLReaderFuzz.swift ;;
        audit) echo Tests/Fuzz/AuditFuzz.swift ;;
        png) echo Tests/Fuzz/PNGDecoderFuzz.swift ;;
    esac
}

# The package's targets those sources import, in build order: each is built from its own
# folder Sources/<target> into a module and a static library.
modules() {
    case "$1" in
        json) echo A11yText A11yJSON ;;
        xml) echo A11yXML ;;
        audit) echo A11yText A11yXML A11yJSON A11yPNG A11yModel A11yEngines A11yRules A11yReports A11yImport A11yCore ;;
        png) echo A11yPNG ;;
    esac
}

flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name a11y_audit)

build() {
    local target=$1 binary="$out/fuzz-$1" lib="$out/modules" module
    local inputs=()
    for module in $(modules "$target"); do inputs+=("Sources/$module"); done
    # shellcheck disable=SC2046
    if [ -x "$binary" ] && [ -z "$(find $(sources "$target") "${inputs[@]}" -newer "$binary" 2>/dev/null)" ]; then return; fi
    echo "building fuzz-$target" >&2
    mkdir -p "$lib"
    local links=() stale=0
    for module in $(modules "$target"); do
        # A module is built again when its sources changed or a module below it was built again.
        if [ "$stale" = 1 ] || [ ! -f "$lib/lib$module.a" ] || [ -n "$(find Sources/"$module" -newer "$lib/lib$module.a")" ]; then
            stale=1
            swiftc "${flags[@]}" -I "$lib" -module-name "$module" -emit-module -emit-module-path "$lib/$module.swiftmodule" \
                -emit-library -static -o "$lib/lib$module.a" $(find Sources/"$module" -name '*.swift' | sort)
        fi
        links+=("-l$module")
    done
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$lib" -L "$lib" \
        -use-ld=lld $(sources "$target") "${links[@]}" -lm -o "$binary"
}

# LeakSanitizer: the node field table (`NodeWire.fields`) is built once per process and lives
# as long as it; a few of its closures' contexts (23 objects, 728 bytes) are held where the
# scanner does not see them. That one-time table is the only leak suppressed.
suppressions="$out/lsan-suppressions.txt"
printf 'leak:NodeWireO6fields_WZ\n' > "$suppressions"
export LSAN_OPTIONS="suppressions=$PWD/$suppressions${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
for target in "${targets[@]}"; do
    build "$target"
    [ "$build_only" = 1 ] && continue
    work="$out/corpus/$target"          # grows while fuzzing; the repo seeds stay small
    artifacts="$out/artifacts/$target/"
    mkdir -p "$work" "$artifacts"
    log="$out/$target.log"
    echo "fuzz-$target: ${seconds}s" >&2
    # The audit walks up to 512 node levels; give it the stack the server's workers have.
    # Swift's own crash handler would run under ASan and obscure the report.
    if (ulimit -s 65536 && SWIFT_BACKTRACE=enable=no "$out/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
            -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts" \
            "$work" "Tests/Fuzz/corpus/$target") >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "fuzz-$target: ok, ${runs:-?} executions, corpus $(find "$work" -type f | wc -l) inputs" >&2
    else
        status=1
        echo "fuzz-$target: FAILED (see $log, inputs in $artifacts)" >&2
        grep -m 5 -E 'ERROR|fatal|property|SUMMARY' "$log" >&2 || true
    fi
done
exit $status
