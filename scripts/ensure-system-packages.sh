#!/usr/bin/env bash
# Ensures the system packages LayoutBench builds against: libjemalloc-dev (the allocator whose statistics give exact
# allocation counts), libsqlite3-dev (the history database, through GRDB's system-library target) and pkg-config (how
# SwiftPM finds them). With --with-valgrind, also valgrind (instruction counts
# under callgrind, and its callgrind.h) and objcopy from binutils (the instruction pass runs a copy of layoutbench
# without debug information, which valgrind 3.19 cannot read; llvm-objcopy from the Swift toolchain does too). With
# --with-strace, also strace (scripts/fault-probe.sh interrupts atomic writes at chosen system calls with it). With
# --with-chromium, also Debian's chromium: the headless browser scripts/check-report.sh renders reports in.
#
# Fast and silent when everything is present. Otherwise installs the missing packages with apt-get when running as
# root, or prints the command to run and exits 1. Safe to run any number of times.
#
# Usage: scripts/ensure-system-packages.sh [--with-valgrind] [--with-strace] [--with-chromium]
set -euo pipefail

with_valgrind=0
with_strace=0
with_chromium=0
usage="usage: $0 [--with-valgrind] [--with-strace] [--with-chromium]"
for argument in "$@"; do
    case "$argument" in
        --with-valgrind) with_valgrind=1 ;;
        --with-strace) with_strace=1 ;;
        --with-chromium) with_chromium=1 ;;
        -h | --help)
            echo "$usage"
            exit 0
            ;;
        *)
            echo "ensure-system-packages: unknown argument '$argument' ($usage)" >&2
            exit 2
            ;;
    esac
done

missing=()
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists jemalloc; then
    missing+=(libjemalloc-dev pkg-config)
fi
if [[ ! -f /usr/include/sqlite3.h ]]; then
    missing+=(libsqlite3-dev)
fi
if [[ $with_valgrind == 1 ]] && { ! command -v valgrind >/dev/null 2>&1 || [[ ! -f /usr/include/valgrind/callgrind.h ]]; }; then
    missing+=(valgrind)
fi
if [[ $with_valgrind == 1 ]] && ! command -v objcopy >/dev/null 2>&1 && ! command -v llvm-objcopy >/dev/null 2>&1; then
    missing+=(binutils)
fi
if [[ $with_strace == 1 ]] && ! command -v strace >/dev/null 2>&1; then
    missing+=(strace)
fi
if [[ $with_chromium == 1 ]] && ! command -v chromium >/dev/null 2>&1; then
    missing+=(chromium)
fi

if [[ ${#missing[@]} == 0 ]]; then
    exit 0
fi

if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-system-packages: installing ${missing[*]} with apt-get"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
fi

echo "ensure-system-packages: missing ${missing[*]}; install with:" >&2
echo "  sudo apt-get install -y ${missing[*]}" >&2
exit 1
