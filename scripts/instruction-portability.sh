#!/usr/bin/env bash
# Proves that instruction counts do not depend on the machine: the same scenarios, counted by one build natively and
# as if on two other machines, must give exactly the same figures.
#
# The machines (layoutbench run's hidden --instruction-host; Sources/Measurement/Instructions/HostEmulation.swift):
#   sse2     a CPU without AVX, AVX2, FMA, ERMS and SSE4, with other rep movsb/stosb thresholds (GLIBC_TUNABLES):
#            glibc picks other memory, string and libm routines.
#   shifted  memory laid out elsewhere: one more library mapped first (LD_PRELOAD=libz.so.1), a 1 KiB longer
#            environment (the stack starts elsewhere, as another kernel's auxiliary vector moves it) and 2000
#            start-up allocations (the heap's history differs, as other /proc and /sys files would make it).
# Before the counts, the script checks that the sse2 emulation bites: under valgrind, glibc's active CPU features with
# its GLIBC_TUNABLES differ from those without (ld.so --list-diagnostics).
#
# The scenarios: the one that failed the gate on an Intel host against an AMD baseline (issue 42; a frame whose array
# grows looks up the runtime's metadata), both self-sizing list flows (libm's pow in every fitting) and a full-mode
# frame of object storage, which frees and allocates tens of thousands of objects (jemalloc's slow paths), resized
# to 100 x 100 to stay quick. And snapshot applies with both diffs (DifferenceKit's case in small, an unchanged
# re-apply): Swift's CollectionDifference instantiates generic metadata, whose first-time work depended on the memory
# layout until the instruction pass warmed it up before counting (issue 39).
#
# Usage: scripts/instruction-portability.sh [BINARY]   (default .build/release/layoutbench, built when missing)
# Needs valgrind and python3. About 2 minutes on 2 cores.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
binary="${1:-$root/.build/release/layoutbench}"
if [[ ! -x "$binary" ]]; then
    bash scripts/ensure-system-packages.sh --with-valgrind
    swift build -c release --product layoutbench >/dev/null
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/layoutbench-portability.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The sse2 emulation must change what glibc selects under valgrind, or the test proves nothing.
tunables="$(sed -n 's/^ *static let sse2Tunables = "\(.*\)"$/\1/p' Sources/Measurement/Instructions/HostEmulation.swift)"
if [[ -z "$tunables" ]]; then
    echo "instruction-portability: HostEmulation.sse2Tunables is not one literal any more; update this script" >&2
    exit 1
fi
loader=/lib64/ld-linux-x86-64.so.2
if [[ -x "$loader" ]] && "$loader" --list-diagnostics >/dev/null 2>&1; then
    plain="$(valgrind -q "$loader" --list-diagnostics 2>&1 | grep '^x86.cpu_features.*active' || true)"
    masked="$(GLIBC_TUNABLES="$tunables" valgrind -q "$loader" --list-diagnostics 2>&1 \
        | grep '^x86.cpu_features.*active' || true)"
    if [[ -z "$plain" || "$plain" == "$masked" ]]; then
        echo "instruction-portability: FAILED: GLIBC_TUNABLES=$tunables changes none of glibc's active CPU features" \
            "under valgrind, so the sse2 emulation would prove nothing" >&2
        exit 1
    fi
    echo "instruction-portability: under valgrind, the sse2 emulation changes" \
        "$(diff <(echo "$plain") <(echo "$masked") | grep -c '^>') of glibc's active CPU feature words"
fi

filters=(
    --filter '1000x1000/separable/sticky1x1/compact/tablet/diagonal@60/binary-search/context'
    --filter '100x100/uniform-ss1x44-c0/*/self-sizing@60-ss-*/indexed/context'
    --filter '1x1000/*/apply-differencekit@60-*/indexed/context'
    --filter '10x100/*/apply-unchanged@60-*/indexed/context'
)
count() {  # count HOST OUTPUT [extra arguments]
    local host="$1" output="$2"
    shift 2
    "$binary" run --suite gate "$@" --instructions --no-profile --instruction-host "$host" --force --output "$output" \
        >/dev/null 2>"$output.log" || { cat "$output.log" >&2; return 1; }
}
objects=(--filter '100x100/per-cell/sticky1x1/objects/phone/fling@60/row-buckets/full' --rows 100 --columns 100)
for host in native sse2 shifted; do
    echo "instruction-portability: counting as $host"
    count "$host" "$work/$host.json" "${filters[@]}"
    count "$host" "$work/$host-objects.json" "${objects[@]}"
done

# Exact thresholds: the shipped ones without their instruction-count allowances.
python3 - "$root/results/thresholds.json" "$work/exact.json" <<'RULES'
import json, sys
rules = json.load(open(sys.argv[1]))
rules["rules"] = [r for r in rules["rules"] if "instructions" not in r.get("metric", "")]
json.dump(rules, open(sys.argv[2], "w"), indent=2)
RULES

status=0
for host in sse2 shifted; do
    for part in "" -objects; do
        if ! "$binary" gate --baseline "$work/native$part.json" --current "$work/$host$part.json" \
            --thresholds "$work/exact.json" --verdict-output "$work/$host$part.verdict.json" \
            --summary-output "$work/$host$part.md" >"$work/$host$part.txt" 2>&1; then
            status=1
        fi
    done
done
python3 - "$work" <<'CHECK' || status=1
import json, sys
work = sys.argv[1]
problems = []
for host in ("sse2", "shifted"):
    for part in ("", "-objects"):
        native = json.load(open(f"{work}/native{part}.json"))
        other = json.load(open(f"{work}/{host}{part}.json"))
        environment = other.get("instructionEnvironment") or {}
        if environment.get("emulation") != host:
            problems.append(f"{host}{part}: the results do not record the emulation ({environment})")
        counted = checked = 0
        by_id = {s["id"]: s for s in native["scenarios"]}
        for scenario in other["scenarios"]:
            base = by_id[scenario["id"]]
            for name, metric in scenario["metrics"].items():
                if not (name.endswith("instructions") or name.endswith("instructionsPerCell")
                        or name.endswith("metadataLookups") or name.endswith("mathCalls")):
                    continue
                checked += 1
                if metric.get("samples", [metric["mean"]]) != base["metrics"][name].get("samples", [base["metrics"][name]["mean"]]):
                    problems.append(f"{host}{part}: {scenario['id']} {name} differs from the native count")
                else:
                    counted += 1
        print(f"instruction-portability: {host}{part}: {counted} of {checked} instruction metrics "
              f"of {len(other['scenarios'])} scenario(s) equal to the native counts, sample for sample")
for problem in problems:
    print("instruction-portability: FAILED: " + problem)
sys.exit(1 if problems else 0)
CHECK
if [[ $status -ne 0 ]]; then
    for file in "$work"/*.txt; do echo "== $file"; cat "$file"; done >&2
    echo "instruction-portability: FAILED" >&2
    exit 1
fi
echo "instruction-portability: passed: sse2 and shifted count exactly what native counts"
