#!/usr/bin/env bash
# A/A check of `layoutbench compare`: how often does it call a timing metric regressed when nothing changed?
#
#   scripts/aa-check.sh [PAIRS] [SUITE]     (defaults: 10 pairs of the quick suite)
#
# Builds layoutbench in release, runs the suite PAIRS + 1 times (each run a separate process of the same binary),
# compares each run with the next, and prints every comparison's summary line and the total number of timing metrics
# reported regressed (false positives, since both sides are the same build). Results stay in a temporary directory,
# whose path is printed. Needs nothing but the project's own binary.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-10}
suite=${2:-quick}

swift build -c release --product layoutbench >/dev/null
bin="$(swift build -c release --show-bin-path)/layoutbench"
dir="$(mktemp -d -t layoutbench-aa-XXXXXX)"
echo "A/A: $((pairs + 1)) runs of suite '$suite', results in $dir" >&2

for i in $(seq 0 "$pairs"); do
    "$bin" run --suite "$suite" --output "$dir/run$i.json" --format table >/dev/null 2>"$dir/run$i.log"
    echo "run $i done" >&2
done

false_positives=0
for i in $(seq 1 "$pairs"); do
    status=0
    "$bin" compare "$dir/run$((i - 1)).json" "$dir/run$i.json" --format table >"$dir/compare$i.txt" 2>&1 || status=$?
    summary="$(grep '^summary:' "$dir/compare$i.txt" || true)"
    echo "compare run$((i - 1)) run$i (exit $status): $summary"
    # "timing metrics: N regressed, ..." in the summary line.
    regressed="$(sed -n 's/.*timing metrics: \([0-9][0-9]*\) regressed.*/\1/p' <<<"$summary")"
    false_positives=$((false_positives + ${regressed:-0}))
done
echo "timing metrics reported regressed over $pairs A/A comparisons: $false_positives"
