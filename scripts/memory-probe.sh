#!/usr/bin/env bash
# Measures this machine's memory limits (read and write bandwidth, DRAM latency, the cost of writing one 88-byte
# attribute into an L1 buffer) with scripts/memory-probe.c, compiled at -O2 for the baseline x86-64 target.
# Usage: scripts/memory-probe.sh [BUFFER_MB]   (default 512; the buffer must be far larger than the caches)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cc -O2 -o "$out/memory-probe" "$here/memory-probe.c"
"$out/memory-probe" "${1:-512}"
