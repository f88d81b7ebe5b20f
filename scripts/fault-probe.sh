#!/usr/bin/env bash
# The fault probe: interrupts every atomic writer of layoutbench at the system calls of its write path, and checks
# that nothing is lost or left behind.
#
# Each case runs one writer under `strace -f -e inject=SYSCALL:signal=SIG:when=N` (SIGINT or SIGTERM delivered as
# the Nth such call returns; with error=EINTR the call itself is refused first, as if the signal came just before it)
# in a fresh copy of a scratch directory whose targets already exist. Afterwards:
#   - no temporary file (.NAME.tmp-PID-…) is left anywhere in the directory;
#   - the exit status is 128 + the signal, or the writer's own when it finished before the Nth call ("not reached");
#   - every pre-existing target holds either exactly what it held before (same checksum) or the whole new file,
#     that is what an uninterrupted run writes (same checksum; for `run`, whose timings vary, a results file that
#     `layoutbench report` reads). Never a part.
#
# Writers: run --output with --export bmf, report --output (replacing, and creating by hard link), gate's verdict and
# summary, gate --update-baseline. (ab's pooled runs and cached binaries go through the same ResultsStore.write.)
#
# Usage: scripts/fault-probe.sh [LAYOUTBENCH]   (default .build/release/layoutbench; build it first, as `make gate`
# does). Installs strace when missing (scripts/ensure-system-packages.sh --with-strace). Takes about a minute.
# Prints one line per failure and a summary: `fault probe: N passed, 0 failed`. Exit 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build/release/layoutbench}
if [[ ! -x $binary ]]; then
    echo "fault-probe: no executable at $binary; build it first (swift build -c release)" >&2
    exit 1
fi
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
bash scripts/ensure-system-packages.sh --with-strace
if ! strace -f -o /dev/null true 2>/dev/null; then
    echo "fault-probe: strace cannot trace here (ptrace not permitted); run it where ptrace is allowed" >&2
    exit 1
fi

# A signal ignored or blocked here (as a child of this shell sees it) would be ignored or blocked in every writer too, and test nothing. Non-interactive
# shells start background jobs with SIGINT ignored; `env --default-signal` (coreutils 8.31) undoes that. A blocked
# signal cannot be unblocked from a shell, so it is left out.
signal_bit() { # MASK SIGNAL -> 0 when the signal's bit is set in the hexadecimal mask
    local mask=$((16#$1))
    (((mask >> ($2 - 1)) & 1))
}
launcher=()
if env --default-signal=INT,TERM true 2>/dev/null; then launcher=(env --default-signal=INT,TERM); fi
ignored=$(awk '/^SigIgn:/ {print $2}' /proc/self/status)
blocked=$(awk '/^SigBlk:/ {print $2}' /proc/self/status)
signals=()
for pair in INT:2 TERM:15; do
    name=${pair%%:*} number=${pair##*:}
    if signal_bit "$blocked" "$number" || { [[ ${#launcher[@]} == 0 ]] && signal_bit "$ignored" "$number"; }; then
        echo "fault-probe: SIG$name is ignored or blocked in this shell, so it is not probed" >&2
    else
        signals+=("$name")
    fi
done
if [[ ${#signals[@]} == 0 ]]; then
    echo "fault-probe: neither SIGINT nor SIGTERM can reach the writers from this shell" >&2
    exit 1
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/layoutbench-fault-probe.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export CI=1

# The template every case copies: two results files of the gate suite, and a target for each writer holding
# "precious".
template=$scratch/template
mkdir -p "$template"
run_arguments=(run --suite gate --rows 20 --columns 20 --filter '*uniform*binary-search/context' --allow-debug)
(cd "$template" &&
    "$binary" "${run_arguments[@]}" --output current.json >/dev/null 2>&1 &&
    "$binary" "${run_arguments[@]}" --seed 2 --output base.json >/dev/null 2>&1) || {
    echo "fault-probe: $binary could not write the fixtures" >&2
    exit 1
}
for target in out.json out.bmf.json out.md v.json s.md; do printf precious >"$template/$target"; done

# name | arguments | targets (the files it writes; all but new.json exist beforehand)
writers=(
    "run --output|${run_arguments[*]} --output out.json --export bmf --force|out.json out.bmf.json"
    "report --output (replace)|report current.json --format markdown --output out.md --force|out.md"
    "report --output (new file)|report current.json --format json --output new.json|new.json"
    "gate verdict|gate --current current.json --baseline base.json --verdict-output v.json --summary-output s.md|v.json s.md"
    "gate --update-baseline|gate --current current.json --baseline base.json --update-baseline|base.json"
)
# syscall:when[:error] — the calls of the write path (openat and write also land earlier, in start-up and output).
points=(
    openat:8 openat:16 openat:24 openat:32 openat:40 openat:48
    write:1 write:2 write:3 write:4 write:5 write:6 write:8
    fsync:1 fsync:2 fsync:3 fsync:4 fsync:5 fsync:6
    rename:1 rename:2 rename:3 rename:1:EINTR rename:2:EINTR rename:3:EINTR
    link:1 link:2 link:1:EINTR
    unlink:1 unlink:2 unlink:3 unlink:4
    close:10 close:20 close:30 close:40
)

# Whether the file is whole JSON (python3's parser; without python3, that it ends with a closing brace).
json_file() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null
    else
        [[ $(tail -c 2 "$1" | tr -d '\n') == "}" ]]
    fi
}
checksum() { if [[ -e $1 ]]; then sha256sum "$1" | cut -d' ' -f1; else echo absent; fi; }

# The whole new files: what an uninterrupted run of each writer leaves.
declare -A complete finished
reference=0
for writer in "${writers[@]}"; do
    IFS='|' read -r name arguments targets <<<"$writer"
    reference=$((reference + 1))
    directory=$scratch/reference-$reference
    cp -a "$template" "$directory"
    read -r -a argv <<<"$arguments"
    finished[$name]=0
    (cd "$directory" && "$binary" "${argv[@]}" >/dev/null 2>&1) || finished[$name]=$?
    for target in $targets; do complete["$name/$target"]=$(checksum "$directory/$target"); done
done

passed=0 failed=0 unreached=0 replaced=0 case_number=0
fail() {
    echo "FAIL $1" >&2
    failed=$((failed + 1))
}
for writer in "${writers[@]}"; do
    IFS='|' read -r name arguments targets <<<"$writer"
    read -r -a argv <<<"$arguments"
    for point in "${points[@]}"; do
        IFS=: read -r syscall when error <<<"$point"
        for signal in "${signals[@]}"; do
            case_number=$((case_number + 1))
            directory=$scratch/case-$case_number
            cp -a "$template" "$directory"
            inject="$syscall:signal=SIG$signal:when=$when"
            [[ -n $error ]] && inject="$syscall:error=$error:signal=SIG$signal:when=$when"
            label="$name, SIG$signal at $syscall #$when${error:+ ($error)}"
            # Through an inner bash, so that its "Terminated" notice (when the signal kills the writer before its
            # handler is installed) goes to /dev/null; `exit` keeps it from exec'ing the last command.
            status=0
            bash -c 'cd "$1" && shift && { "$@" >/dev/null 2>.probe-stderr; exit $?; }' probe "$directory" \
                "${launcher[@]}" strace -f -o /dev/null -e trace="$syscall" -e inject="$inject" "$binary" "${argv[@]}" \
                2>/dev/null || status=$?
            expected=$((128 + $([[ $signal == INT ]] && echo 2 || echo 15)))
            ok=1
            leftovers=$(find "$directory" -name '.*.tmp-*' | sed "s|$directory/||" | tr '\n' ' ')
            if [[ -n $leftovers ]]; then
                fail "$label: temporary file(s) left: $leftovers"
                ok=0
            fi
            if [[ $status == "${finished[$name]}" ]]; then
                unreached=$((unreached + 1))
            elif [[ $status != "$expected" ]]; then
                fail "$label: exit $status, expected $expected (or ${finished[$name]} if not reached):" \
                    "$(tail -1 "$directory/.probe-stderr")"
                ok=0
            fi
            for target in $targets; do
                now=$(checksum "$directory/$target")
                if [[ $now == "$(checksum "$template/$target")" ]]; then continue; fi
                if [[ $now == "${complete["$name/$target"]}" ]]; then
                    replaced=$((replaced + 1))
                elif [[ $name == "run --output" && $target == out.json ]] &&
                    "$binary" report "$directory/$target" --format json >/dev/null 2>&1; then
                    replaced=$((replaced + 1))
                elif [[ $name == "run --output" && $target == out.bmf.json ]] && json_file "$directory/$target"; then
                    replaced=$((replaced + 1))
                else
                    fail "$label: $target is neither what it held nor the whole new file"
                    ok=0
                fi
            done
            if [[ $ok == 1 ]]; then passed=$((passed + 1)); fi
            rm -rf "$directory"
        done
    done
done

echo "fault probe: $passed passed, $failed failed ($case_number cases over ${#writers[@]} writers and" \
    "${#points[@]} injection points x ${signals[*]/#/SIG}; $unreached finished before the injection point;" \
    "$replaced target(s) replaced whole, the rest unchanged)"
[[ $failed == 0 ]]
