#!/usr/bin/env bash
# Proves that the CI gate catches a small CPU regression deterministically, and passes when nothing changed.
#
# 1. Builds this checkout in release, keeps a copy of its binary, then injects a small cost in one query variant in
#    place and builds again (incremental: RectIndex and the modules above it, about 90 s of compiling, against about
#    4 minutes for the cold build of a scratch worktree this script used before): the sticky grid's row-buckets query
#    calls an unoptimised, non-inlined function of about 250 instructions per grid region it searches (four a query),
#    about 1 % of that query. The patch goes on HEAD's text of that one file (the script refuses when the file has
#    changes of its own); the file gets its text back and .build/release the unpatched binary when the script ends,
#    however it ends. Nothing is committed.
# 2. Runs the gate suite's instruction pass (`run --instructions`, filtered to one workload to stay quick) twice with
#    the copy of this checkout's build (A and A', while the patched build compiles: callgrind runs on one core), and
#    once with the patched build (B), the two binaries at paths of the same length.
# 3. Asserts that `gate` exits 0 on the A/A pair with exact thresholds (nothing may move), and that with the shipped
#    thresholds (results/thresholds.json: instruction counts may move 0.1 %) it exits 2 on A/B with failures on
#    exactly the row-buckets scenarios.
#
#    Why the allowance: the patched binary is a different binary. Adding a call to one case of the query dispatch
#    changes how the optimiser compiles the whole dispatch function, so the other variants move too, by a few hundred
#    instructions a query (+0.02 % for the linear scan) and prepare by a few thousandths of an instruction a cell,
#    when this script was written. An exact gate reports those moves; the allowance separates them from the injected
#    1 %. The script prints both.
# 4. Asserts the attribution (Guides/Profiles.md): every failing instruction check of A/B names the injected
#    function first, as new, its inclusive change (itself and the runtime calls it makes) at least 90 % of the
#    check's change; A and A' have equal instruction profiles, function by function, and no check of A/A carries an
#    attribution. Then renders the A/B gate page and `report a.json b.json` as HTML, requires differential flame
#    graphs in both, and checks the gate page in headless Chromium (scripts/check-report.sh).
#
# Usage: scripts/gate-selftest.sh [--keep DIR]   (DIR keeps the results, profiles, verdicts and pages for inspection)
# Needs valgrind (installed by scripts/ensure-system-packages.sh --with-valgrind), python3 and Chromium (installed by
# scripts/check-report.sh when missing). About 3 minutes on 2 cores after `make gate`'s build, most of it the patched
# build; SwiftPM compiles the same modules again at the next release build, since the restored file is newer.
set -euo pipefail

keep=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) keep="${2:?--keep needs a directory}"; shift 2 ;;
        -h | --help) sed -n '2,31p' "$0"; exit 0 ;;
        *) echo "gate-selftest: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/ensure-system-packages.sh --with-valgrind

work="$(mktemp -d "${TMPDIR:-/tmp}/layoutbench-gate-selftest.XXXXXX")"
target="$root/Sources/RectIndex/Strategies/RowBucketQuery.swift"
if ! git -C "$root" diff --quiet HEAD -- "$target"; then
    echo "gate-selftest: $target has changes of its own; commit or stash them first (the patch goes on HEAD's text)" >&2
    exit 1
fi
cp -p "$target" "$work/RowBucketQuery.swift.original"
release_binary="$root/.build/release/layoutbench"
mkdir -p "$work/a" "$work/b"
counting=""
cleanup() {
    [[ -z $counting ]] || kill "$counting" 2>/dev/null || true
    # The checkout gets HEAD's text back, and .build/release the unpatched binary (SwiftPM sees the restored source
    # and compiles the few modules above it again at the next build).
    cmp -s "$work/RowBucketQuery.swift.original" "$target" || cp -p "$work/RowBucketQuery.swift.original" "$target"
    if [[ -x $work/a/layoutbench ]] && ! cmp -s "$work/a/layoutbench" "$release_binary"; then
        cp "$work/a/layoutbench" "$release_binary"
    fi
    if [[ -n "$keep" ]]; then
        mkdir -p "$keep" && cp "$work"/*.json "$work"/*.md "$work"/*.html "$keep"/ 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
filter='300x300/uniform/sticky1x1/compact/*'
variant='row-buckets'
echo "gate-selftest: building this checkout (release)"
swift build -c release --product layoutbench >/dev/null
# Both binaries are run from paths of the same length: the path is on the counted process's stack.
cp "$release_binary" "$work/a/layoutbench"
baseline_binary="$work/a/layoutbench"
count() {  # count BINARY OUTPUT
    "$1" run --suite gate --filter "$filter" --instructions --force --output "$2" >/dev/null 2>"$2.log" || {
        cat "$2.log" >&2
        return 1
    }
}
# A and A' are counted (one core: callgrind runs one thread) while the patched build compiles on the other.
echo "gate-selftest: instruction passes A and A', while the patched build compiles"
( count "$baseline_binary" "$work/a.json" && count "$baseline_binary" "$work/a2.json" ) &
counting=$!
echo "gate-selftest: a cost injected into the $variant query, built in place (release, incremental)"
python3 - "$target" <<'PATCH'
import sys
path = sys.argv[1]
text = open(path).read()
anchor = "        guard let window = _QueryWindow(rect, translation: region.translation, magnitude: reader.magnitude) else { return 0 }\n"
if anchor not in text:
    sys.exit("gate-selftest: the row-buckets query changed; update the patch anchor in scripts/gate-selftest.sh")
text = text.replace(anchor, "        _selfTestInjectedCost()\n" + anchor, 1)
text += '''
/// Injected by scripts/gate-selftest.sh: about 250 instructions that the optimiser cannot remove.
@inline(never) @_optimize(none)
func _selfTestInjectedCost() {
    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
    var i: UInt64 = 0
    while i < 12 {
        x = x &* 6_364_136_223_846_793_005 &+ i
        i &+= 1
    }
    _selfTestSink = x
}
nonisolated(unsafe) var _selfTestSink: UInt64 = 0
'''
open(path, "w").write(text)
PATCH
swift build -c release --product layoutbench >/dev/null
cp "$release_binary" "$work/b/layoutbench"
patched_binary="$work/b/layoutbench"
cp -p "$work/RowBucketQuery.swift.original" "$target"
cp "$baseline_binary" "$release_binary"
wait "$counting"
echo "gate-selftest: instruction pass, B (patched)"
count "$patched_binary" "$work/b.json"
# The exact thresholds: the shipped ones without their instruction-count allowances.
python3 - "$root/results/thresholds.json" "$work/exact.json" <<'RULES'
import json, sys
rules = json.load(open(sys.argv[1]))
rules["rules"] = [r for r in rules["rules"] if "instructions" not in r.get("metric", "")]
json.dump(rules, open(sys.argv[2], "w"), indent=2)
RULES

gate() {  # gate CURRENT NAME THRESHOLDS; prints the exit status
    local status=0
    "$baseline_binary" gate --baseline "$work/a.json" --current "$1" --thresholds "$3" \
        --verdict-output "$work/$2.verdict.json" --summary-output "$work/$2.md" >"$work/$2.txt" 2>>"$work/$2.log" \
        || status=$?
    echo "$status"
}

aa=$(gate "$work/a2.json" aa "$work/exact.json")
exact=$(gate "$work/b.json" exact "$work/exact.json")
ab=$(gate "$work/b.json" ab "$root/results/thresholds.json")

python3 - "$work" "$aa" "$ab" "$exact" "$variant" <<'CHECK'
import json, sys
work, aa, ab, exact, variant = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
injected = "_selfTestInjectedCost()"
def failures(name):
    verdict = json.load(open(f"{work}/{name}.verdict.json"))
    return [(c["scenario"], c["metric"], c["reason"]) for c in verdict["checks"] if c["outcome"] == "failed"]
def checks(name):
    return json.load(open(f"{work}/{name}.verdict.json"))["checks"]
scenarios = [s["id"] for s in json.load(open(f"{work}/a.json"))["scenarios"]]
expected = sorted(s for s in scenarios if f"/{variant}/" in s)
aa_failed, ab_failed, exact_failed = failures("aa"), failures("ab"), failures("exact")
failing = sorted({s for s, _, _ in ab_failed})
problems = []
if aa != 0 or aa_failed:
    problems.append(f"A/A: gate exited {aa} with {len(aa_failed)} failing check(s); expected 0 and none")
if ab != 2:
    problems.append(f"A/B: gate exited {ab}; expected 2")
if failing != expected:
    problems.append(f"A/B: failures on {failing}; expected exactly {expected}")
print(f"gate-selftest: A/A (exact thresholds): exit {aa}, {len(aa_failed)} failing check(s)")
print(f"gate-selftest: A/B (shipped thresholds, +0.1 % on instructions): exit {ab}, failing scenarios: {failing}")
for scenario, metric, reason in ab_failed:
    print(f"gate-selftest:   {scenario.split('/')[-2]}/{scenario.split('/')[-1]}  {metric}: {reason}")
others = [(s, m, r) for s, m, r in exact_failed if f"/{variant}/" not in s]
print(f"gate-selftest: A/B with exact thresholds: exit {exact}; the patched binary also moved {len(others)} "
      f"check(s) of other variants, each under the allowance:")
for scenario, metric, reason in others:
    print(f"gate-selftest:   {scenario.split('/')[-2]}/{scenario.split('/')[-1]}  {metric}: {reason}")
# The attribution: the injected function first, new, and what it ran (itself and the calls it made: the Swift
# runtime's exclusivity checks of its global sink are functions of their own) at least 90 % of each failing
# instruction check's change. The entries' self changes add up to the check's change.
instruction_metrics = ("frame.instructions", "query.instructions", "prepare.instructionsPerCell")
failing = [c for c in checks("ab") if c["outcome"] == "failed" and c["metric"] in instruction_metrics]
if not failing:
    problems.append("A/B: no failing instruction check to attribute")
for c in failing:
    where = f"{c['scenario'].split('/')[-2]}/{c['scenario'].split('/')[-1]} {c['metric']}"
    entries = c.get("attribution") or []
    if not entries:
        problems.append(f"A/B: {where} carries no attribution")
        continue
    first, total = entries[0], sum(e["selfDelta"] for e in entries)
    explained = first["inclusiveDelta"] / total if total else 0
    print(f"gate-selftest:   {where}: first {first['function']} ({first.get('kind', 'in both')}), self "
          f"{first['selfDelta']:+.1f} ({100 * (first.get('share') or 0):.1f} %), inclusive {first['inclusiveDelta']:+.1f} "
          f"({100 * explained:.1f} %) of {total:+.1f}; then "
          + ", ".join(f"{e['function']} {e['selfDelta']:+.1f}" for e in entries[1:4]))
    if first["function"] != injected or first.get("kind") != "new" or explained < 0.9:
        problems.append(f"A/B: {where}: the first function is {first['function']} ({first.get('kind')}), explaining "
                        f"{100 * explained:.1f} %; expected {injected}, new, explaining at least 90 %")
# Two runs of one build: equal profiles (all but the run they name), and nothing attributed between them.
def profile(name):
    document = json.load(open(f"{work}/{name}.json"))
    data = json.load(open(f"{work}/{document['profile']['file']}"))
    data.pop("run")
    return data
if profile("a") != profile("a2"):
    problems.append("A/A': the two runs' instruction profiles differ")
attributed = [c for c in checks("aa") if c.get("attribution")]
if attributed:
    problems.append(f"A/A: {len(attributed)} check(s) carry an attribution; expected none")
print(f"gate-selftest: attribution: {len(failing)} failing instruction check(s) of A/B, the injected function first "
      f"in {sum(1 for c in failing if (c.get('attribution') or [{}])[0].get('function') == injected)}; A and A' have "
      f"{'equal' if profile('a') == profile('a2') else 'different'} profiles")
if problems:
    for p in problems:
        print("gate-selftest: FAILED: " + p)
    sys.exit(1)
print("gate-selftest: 5 passed, 0 failed")
CHECK

# The differential flame graphs: the A/B gate page in a real browser (its flame graphs are drawn as the report's
# are, whose geometry Tests/ReportTests/FlameGraphTests.swift pins; one browser start, about 8 s), and the report of A
# then B draws them too.
"$baseline_binary" gate --baseline "$work/a.json" --current "$work/b.json" --thresholds "$root/results/thresholds.json" \
    --verdict-output "$work/page.verdict.json" --summary-output "$work/page.md" --format html >"$work/gate.html" \
    2>>"$work/page.log" || true
grep -q 'data-chart="flame"' "$work/gate.html" || { echo "gate-selftest: FAILED: the gate page has no flame graph"; exit 1; }
"$baseline_binary" report "$work/a.json" "$work/b.json" --format html --output "$work/report.html" >/dev/null 2>&1
grep -q 'data-chart="flame"' "$work/report.html" || { echo "gate-selftest: FAILED: the report has no flame graph"; exit 1; }
timeout 120 bash scripts/check-report.sh "$work/gate.html"
