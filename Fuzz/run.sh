#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for N inputs.
#
#   Fuzz/run.sh [RUNS] [TARGET...]     RUNS: inputs per target (default $FUZZ_RUNS, else 1000000)
#                                      TARGET: event-decoder, command-parser (default both)
#
# Environment: FUZZ_RUNS (default inputs), FUZZ_SANITIZERS (default "fuzzer,address"; set
# "fuzzer" to drop AddressSanitizer), FUZZ_JOBS (default 1: parallel libFuzzer workers per
# target, each running RUNS/JOBS inputs), FUZZ_ARGS (extra libFuzzer flags).
#
# The sources of KanbanCore are compiled directly with swiftc into each fuzzer (SwiftPM cannot
# add -sanitize=fuzzer to one target), so the fuzz entry points live inside the module.
# Outputs go to Fuzz/.build/: binaries, corpus/<target>/, crashes/<target>/, logs/.
# Exit status: 0 when every target ran all its inputs without a crash, 1 otherwise.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$here/.build"

runs="${1:-${FUZZ_RUNS:-1000000}}"
[[ $# -gt 0 ]] && shift
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(event-decoder command-parser)
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"
jobs="${FUZZ_JOBS:-1}"
swiftc="${SWIFTC:-swiftc}"

if ! [[ "$runs" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 [RUNS] [event-decoder|command-parser]..." >&2
    exit 2
fi

mkdir -p "$build/logs"
# A snapshot of the module's sources: the tree may be edited while this runs, and a crash's
# file and line then refer to what was fuzzed.
rm -rf "$build/src"
mkdir -p "$build/src"
cp -R "$root/Sources/KanbanCore" "$build/src/KanbanCore"
mapfile -t core_sources < <(find "$build/src/KanbanCore" -name '*.swift' | sort)
# The CLI's renderers of events and history (log line, history line) and the JSON output
# forms (Sources/Kanban/Output) need nothing but KanbanCore and Foundation: they are compiled
# into the event decoder's module too, without their `import KanbanCore`.
mkdir -p "$build/src/Rendering"
renderer_sources=()
while IFS= read -r file; do
    target="$build/src/Rendering/$(basename "$file")"
    grep -v '^import KanbanCore$' "$file" >"$target"
    renderer_sources+=("$target")
done < <(
    printf '%s\n' "$root/Sources/KanbanCLI/Rendering/EventLine.swift" "$root/Sources/KanbanCLI/Rendering/HistoryLine.swift" \
        "$root/Sources/Kanban/Output/OutputJSON.swift" "$root/Sources/Kanban/Output/ChangeOutput.swift" \
        "$root/Sources/Kanban/Output/HistoryEntryOutput.swift"
    find "$root/Sources/Kanban/Output/Events" -name '*.swift' | sort
)

linker=()
if [[ -x "$(dirname "$(command -v "$swiftc")")/ld.lld" ]]; then
    linker=(-use-ld=lld) # ld.gold prints a warning per ASan symbol
fi

source_dir() {
    case "$1" in
        event-decoder) echo EventDecoderFuzzer ;;
        command-parser) echo CommandParserFuzzer ;;
        *) echo "unknown target '$1'" >&2; exit 2 ;;
    esac
}

build_target() {
    local target="$1" dir extra=()
    dir="$(source_dir "$target")"
    [[ "$target" == event-decoder ]] && extra=("${renderer_sources[@]}")
    echo "building $target (-sanitize=$sanitizers)"
    if ! "$swiftc" -O -sanitize="$sanitizers" -swift-version 6 -parse-as-library -module-name KanbanCore \
        "${linker[@]}" \
        "${core_sources[@]}" "${extra[@]}" "$here/Support/"*.swift "$here/$dir/"*.swift \
        -o "$build/$target" >"$build/logs/$target-build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$build/logs/$target-build.log" >&2
        echo "build of $target failed; see $build/logs/$target-build.log" >&2
        exit 1
    fi
    grep -v "Cannot export local symbol" "$build/logs/$target-build.log" | grep -E "warning|error" || true
}

# Let libFuzzer, not the Swift runtime's backtracer, handle a crash.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

status=0
summaries=()
for target in "${targets[@]}"; do
    source_dir "$target" >/dev/null
    build_target "$target"
    corpus="$build/corpus/$target"
    crashes="$build/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    # Seeds: real encodings, written by the harness itself.
    KANBAN_FUZZ_WRITE_SEEDS="$corpus" "$build/$target" >/dev/null
    log="$build/logs/$target.log"
    rm -f "$log" "$build/logs/$target".job*.log
    start=$(date +%s)
    set +e
    if [[ "$jobs" -gt 1 ]]; then
        pids=()
        for ((job = 0; job < jobs; job++)); do
            # shellcheck disable=SC2086
            "$build/$target" -runs=$((runs / jobs)) -seed=$((1000 + job)) -print_final_stats=1 \
                -artifact_prefix="$crashes/" ${FUZZ_ARGS:-} "$corpus" >"$build/logs/$target.job$job.log" 2>&1 &
            pids+=($!)
        done
        rc=0
        for pid in "${pids[@]}"; do wait "$pid" || rc=$?; done
        cat "$build/logs/$target".job*.log >"$log"
    else
        # shellcheck disable=SC2086
        "$build/$target" -runs="$runs" -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_ARGS:-} "$corpus" >"$log" 2>&1
        rc=$?
    fi
    set -e
    seconds=$(($(date +%s) - start))
    executed=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{ sum += $2 } END { print sum + 0 }')
    artifacts=$(grep -o "Test unit written to .*" "$log" | sed 's/Test unit written to //' | tr '\n' ' ' || true)
    if [[ $rc -eq 0 && -z "$artifacts" ]]; then
        line="$target: OK, $executed inputs in ${seconds}s, no crash (log: $log)"
    else
        line="$target: CRASH (exit $rc) after $executed inputs in ${seconds}s; reproducer: ${artifacts:-see $log}"
        status=1
        grep -m1 -B2 -A12 -E "FUZZ PROPERTY|Fatal error|ERROR: (AddressSanitizer|libFuzzer)" "$log" | head -30 >&2 || true
    fi
    summaries+=("$line")
    echo "$line"
done

echo "---"
printf '%s\n' "${summaries[@]}"
exit $status
