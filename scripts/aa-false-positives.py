#!/usr/bin/env python3
"""Counts false positives of `layoutbench compare` in A/A comparisons: the same build against itself.

It runs one suite RUNS + 1 times with the same release build, each run a separate process writing its own results
file, then compares each run with the next (run 0 with run 1, run 1 with run 2, …): RUNS comparisons of the same
build, in which every timing verdict other than `unchanged` or `inconclusive` is a false positive. Every pair of runs
is also compared (RUNS·(RUNS+1)/2 comparisons), which says more about the rate, though those pairs share runs and
so are not independent.

Printed: per comparison the count of timing metrics per verdict, the regressed and improved ones by name with their
ratio and interval, and a summary line per set of comparisons. Exit status 0 when no timing metric was reported as
regressed in the consecutive comparisons, 2 when one was, 1 on an error.

Usage (from anywhere in the repository, after `swift build -c release`):

    python3 scripts/aa-false-positives.py [--runs 10] [--suite quick] [--minimum-effect 0.05] [--keep DIR]
    python3 scripts/aa-false-positives.py --compare-only DIR    # judge the aa-NN.json runs a --keep left in DIR

Extra arguments after `--` go to every `layoutbench compare` (for example `-- --process-noise 0`).

Python 3 standard library only; every command runs from an argument list, never through a shell.
"""

import argparse
import collections
import itertools
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYOUTBENCH = ROOT / ".build" / "release" / "layoutbench"


def run(arguments, what):
    """Runs a command from an argument list and returns its standard output; stops the script if it fails."""
    print(f"aa: {what}", file=sys.stderr, flush=True)
    completed = subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True, check=False)
    # compare exits 2 on a regression: that is a result here, not an error.
    if completed.returncode not in (0, 2):
        sys.stderr.write(completed.stderr[-4000:])
        sys.exit(f"aa: `{' '.join(map(str, arguments))}` failed with exit code {completed.returncode}")
    return completed.stdout


def timing_verdicts(baseline, current, minimum_effect, extra):
    """The timing metrics of `compare --format json` on two files: a list of (scenario, metric, comparison)."""
    output = run([str(LAYOUTBENCH), "compare", str(baseline), str(current), "--format", "json",
                  "--minimum-effect", str(minimum_effect)] + extra,
                 f"compare {baseline.name} {current.name}")
    document = json.loads(output)
    rows = []
    for scenario in document["scenarios"]:
        for metric in scenario.get("metrics", []):
            if metric["method"] == "statistical":
                rows.append((scenario["id"], metric["metric"], metric))
    return rows


def describe(scenario, metric, comparison):
    low, high = comparison.get("ratioLow"), comparison.get("ratioHigh")
    interval = f"[{low:.3f}, {high:.3f}]" if low is not None and high is not None else "[no interval]"
    return (f"    {comparison['verdict']:>9}  {scenario}  {metric}: ratio {comparison['ratio']:.3f} {interval}, "
            f"p = {comparison.get('pValue', float('nan')):.2g}")


def summarize(label, pairs, files, minimum_effect, extra, verbose):
    """Compares each pair, prints the counts, and returns the number of regressed timing metrics."""
    totals = collections.Counter()
    comparisons_with_regression = 0
    for i, j in pairs:
        rows = timing_verdicts(files[i], files[j], minimum_effect, extra)
        counts = collections.Counter(comparison["verdict"] for _, _, comparison in rows)
        totals.update(counts)
        if counts["regressed"]:
            comparisons_with_regression += 1
        if verbose:
            summary = ", ".join(f"{counts[v]} {v}" for v in ("unchanged", "inconclusive", "improved", "regressed"))
            print(f"  run {i} vs run {j}: {len(rows)} timing metrics: {summary}")
            for scenario, metric, comparison in rows:
                if comparison["verdict"] in ("regressed", "improved"):
                    print(describe(scenario, metric, comparison))
    metrics = sum(totals.values())
    print(f"{label}: {len(pairs)} comparisons, {metrics} timing verdicts: "
          + ", ".join(f"{totals[v]} {v}" for v in ("unchanged", "inconclusive", "improved", "regressed"))
          + f"; comparisons with a false 'regressed': {comparisons_with_regression}")
    return totals["regressed"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="A/A comparisons of consecutive runs (runs + 1 runs)")
    parser.add_argument("--suite", default="quick", help="the suite every run runs (default: quick)")
    parser.add_argument("--minimum-effect", type=float, default=0.05, help="compare's --minimum-effect")
    parser.add_argument("--keep", help="keep the results files in this directory (created; must not hold any)")
    parser.add_argument("--compare-only", metavar="DIR",
                        help="run nothing: compare the aa-NN.json files an earlier --keep left in DIR")
    parser.add_argument("extra", nargs="*", help="arguments for every compare, after --")
    arguments = parser.parse_args()
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    if not LAYOUTBENCH.is_file():
        sys.exit(f"aa: {LAYOUTBENCH} is missing: build it first with `swift build -c release`")

    with tempfile.TemporaryDirectory(prefix="layoutbench-aa-") as scratch:
        if arguments.compare_only:
            files = sorted(pathlib.Path(arguments.compare_only).glob("aa-[0-9][0-9].json"))
            if len(files) < 2:
                sys.exit(f"aa: {arguments.compare_only} holds {len(files)} aa-NN.json file(s); 2 or more needed")
        else:
            directory = pathlib.Path(arguments.keep) if arguments.keep else pathlib.Path(scratch)
            directory.mkdir(parents=True, exist_ok=True)
            if any(directory.glob("aa-*.json")):
                sys.exit(f"aa: {directory} already holds aa-*.json files; name an empty directory")
            files = []
            for index in range(arguments.runs + 1):
                path = directory / f"aa-{index:02d}.json"
                run([str(LAYOUTBENCH), "run", "--suite", arguments.suite, "--output", str(path), "--format", "json"],
                    f"run {index + 1} of {arguments.runs + 1}: {arguments.suite} suite -> {path.name}")
                files.append(path)

        consecutive = [(i, i + 1) for i in range(len(files) - 1)]
        regressed = summarize("consecutive runs (independent pairs of processes)", consecutive, files,
                              arguments.minimum_effect, arguments.extra, verbose=True)
        summarize("every pair of runs", list(itertools.combinations(range(len(files)), 2)), files,
                  arguments.minimum_effect, arguments.extra, verbose=False)
    sys.exit(2 if regressed else 0)


if __name__ == "__main__":
    main()
