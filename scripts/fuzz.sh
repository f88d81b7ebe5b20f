#!/usr/bin/env bash
# The fuzzers: every reader of user input (suite files, results files, thresholds files, shard files, --set values,
# history databases through every `history` command, and instruction profiles through everything that draws or
# attributes them) under libFuzzer, each for a bounded time, seeded and reproducible.
#
# Builds Fuzz/ (a package of its own over this checkout) with `-sanitize=fuzzer`, then runs each target of its one
# executable (chosen by LAYOUTBENCH_FUZZ_TARGET) from a temporary copy of its seed corpus Fuzz/Corpus/TARGET, with
# Fuzz/Dictionaries/TARGET.dict, for SECONDS_PER_TARGET seconds (-max_total_time), from a fixed seed (-seed,
# FUZZ_SEED, default 1) and with inputs of at most -max_len bytes. The repository is not changed.
#
# A reader must return a value or throw. A trap, a hang of more than 20 s on one input or running out of memory is a
# finding: the input is kept, its path printed, and the script goes on with the other targets, then exits 1.
# Reproduce one with: LAYOUTBENCH_FUZZ_TARGET=TARGET Fuzz/.build/release/layoutbench-fuzz PATH
#
# Usage: scripts/fuzz.sh [--build-only | --no-build] [SECONDS_PER_TARGET]
#        (default 60; FUZZ_TARGETS="suite set" runs only those; FUZZ_SECONDS_<target>=N gives one target N seconds
#        instead, as CI gives the profile reader 5; FUZZ_JOBS=N runs N targets at a time, default the processor
#        count; --build-only builds Fuzz/ and stops, --no-build runs the targets of the build already there, so CI can
#        build at a lower priority than its other steps and run the targets at the normal one)
# Prints the build time, one line per target (executions, executions per second, corpus size) and a summary.
set -euo pipefail
cd "$(dirname "$0")/.."

build=yes run=yes
case ${1:-} in
    --build-only) run=no; shift ;;
    --no-build) build=no; shift ;;
esac
seconds=${1:-60}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "fuzz: SECONDS_PER_TARGET must be a positive whole number, got '$seconds'" >&2
    exit 1
fi
seed=${FUZZ_SEED:-1}
targets=(${FUZZ_TARGETS:-suite results thresholds shards set history profile})

bash scripts/ensure-system-packages.sh
binary=$PWD/Fuzz/.build/release/layoutbench-fuzz
if [[ $build == yes ]]; then
    started=$SECONDS
    # lld: gold stops with an internal error on this link (libFuzzer's objects with Swift's DWARF).
    log=/tmp/layoutbench-fuzz-build.$$.log
    if ! (cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld) >"$log" 2>&1; then
        grep -E 'error:' "$log" | head -20 >&2
        echo "fuzz: the fuzz build failed; the whole log is $log" >&2
        exit 1
    fi
    rm -f "$log"
    echo "fuzz: built Fuzz/ in $((SECONDS - started)) s"
fi
[[ $run == yes ]] || exit 0
if [[ ! -x $binary ]]; then
    echo "fuzz: --no-build, but there is no fuzz build at $binary; run scripts/fuzz.sh --build-only first" >&2
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/layoutbench-fuzz.XXXXXX")
# Each target's seconds, checked before any runs.
declare -A target_seconds
for target in "${targets[@]}"; do
    override=FUZZ_SECONDS_$target
    target_seconds[$target]=${!override:-$seconds}
    if ! [[ ${target_seconds[$target]} =~ ^[1-9][0-9]*$ ]]; then
        echo "fuzz: $override must be a positive whole number, got '${target_seconds[$target]}'" >&2
        exit 1
    fi
done

# TARGET: one libFuzzer run, its report line in $work/TARGET/report and each finding as a line of
# $work/TARGET/findings (none: an empty file).
run_target() {
    local target=$1 max_len corpus artifacts options log status runs rate inputs found report
    case $target in
        results | shards | history) max_len=16384 ;;
        profile) max_len=20000 ;;
        *) max_len=4096 ;;
    esac
    corpus=$work/$target/corpus artifacts=$work/$target/findings.d/
    mkdir -p "$corpus" "$artifacts"
    : >"$work/$target/findings"
    cp Fuzz/Corpus/"$target"/* "$corpus"/
    options=(-seed="$seed" -max_total_time="${target_seconds[$target]}" -max_len="$max_len" -timeout=20
             -rss_limit_mb=2048 -artifact_prefix="$artifacts" -print_final_stats=1)
    if [[ -f Fuzz/Dictionaries/$target.dict ]]; then options+=(-dict="$PWD/Fuzz/Dictionaries/$target.dict"); fi
    log=$work/$target/fuzz.log
    status=0
    # Swift's own backtracer would catch a trap before libFuzzer, which then keeps no input.
    SWIFT_BACKTRACE=enable=no LAYOUTBENCH_FUZZ_TARGET=$target "$binary" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?
    runs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$log")
    rate=$(awk '/stat::average_exec_per_sec:/ {print $2}' "$log")
    inputs=$(find "$corpus" -type f | wc -l)
    report=$work/$target/report
    echo "fuzz: $target: ${runs:-?} executions, ${rate:-?}/s, corpus $inputs inputs (exit $status)" >"$report"
    found=$(find "$artifacts" -type f | sort)
    if [[ $status != 0 || -n $found ]]; then
        { grep -m1 -E '^(Fatal error|.*error:|==[0-9]+== ERROR)' "$log" || tail -5 "$log"; } >>"$report"
        for input in $found; do echo "$target: $input" >>"$work/$target/findings"; done
        if [[ -z $found ]]; then
            echo "$target: exit $status with no input kept; log $log" >>"$work/$target/findings"
        fi
    fi
}

# The targets run FUZZ_JOBS at a time (default: the processor count): each libFuzzer run is one thread, so on two
# cores two targets at once take half the time of one after another. Reports are printed in the targets' order.
jobs=${FUZZ_JOBS:-$(nproc)}
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then
    echo "fuzz: FUZZ_JOBS must be a positive whole number, got '$jobs'" >&2
    exit 1
fi
running=0
for target in "${targets[@]}"; do
    if ((running >= jobs)); then
        wait -n || true
        running=$((running - 1))
    fi
    run_target "$target" &
    running=$((running + 1))
done
wait
findings=()
for target in "${targets[@]}"; do
    if [[ -f $work/$target/report ]]; then
        head -1 "$work/$target/report"
        tail -n +2 "$work/$target/report" >&2
    else
        echo "fuzz: $target: no report (the run was stopped)" >&2
        findings+=("$target: no report")
    fi
    if [[ -f $work/$target/findings ]]; then
        while IFS= read -r finding; do findings+=("$finding"); done <"$work/$target/findings"
    fi
done

if [[ ${#findings[@]} != 0 ]]; then
    echo "fuzz: ${#findings[@]} finding(s); reproduce with LAYOUTBENCH_FUZZ_TARGET=TARGET $binary INPUT" >&2
    printf 'fuzz:   %s\n' "${findings[@]}" >&2
    exit 1
fi
rm -rf "$work"
echo "fuzz: ${#targets[@]} targets, ${seconds} s each (unless FUZZ_SECONDS_<target> said otherwise)," \
    "$jobs at a time, seed $seed: no finding"
