#!/usr/bin/env python3
"""Cross-checks the package-benchmark suite (Benchmarks/) against LayoutBench on the same scenarios.

For each scenario it prints, side by side, LayoutBench's p50 (query.time or frame.time) and package-benchmark's
p50 of the matching benchmark (wall clock per operation), their ratio, and the allocations per operation each
harness counts: LayoutBench's exact jemalloc count (query.allocations, frame.allocations), package-benchmark's
mallocCountTotal measured alone (`--metric mallocCountTotal`), and mallocCountTotal in a run with its default
metrics, where its own /proc reads around every iteration are counted too.

The harnesses run back to back, LayoutBench first in odd rounds and package-benchmark first in even ones, so that
drift on a shared machine hits both alike; with --rounds N > 1 every round is printed, then the median ratio.

Usage (from anywhere in the repository):

    python3 scripts/crosscheck-package-benchmark.py [--rounds N] [--scenario KIND:ID ...]

KIND is `query` or `frame`; ID is a LayoutBench scenario id of the standard suite (for a query, the id of any of
the scenarios of its workload and strategy). Python 3 standard library only; every command runs from an argument
list, never through a shell.
"""

import argparse
import json
import math
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "Benchmarks"
LAYOUTBENCH = ROOT / ".build" / "release" / "layoutbench"

# A binary-search context frame, a row-buckets query and an object-storage full frame (a million allocations each).
DEFAULT_SCENARIOS = [
    "frame:1000x1000/uniform/sticky1x1/compact/phone/fling@60/binary-search/context",
    "query:1000x1000/uniform/sticky1x1/compact/phone/fling@60/row-buckets/context",
    "frame:1000x1000/uniform/sticky1x1/objects/phone/fling@60/binary-search/full",
]

TIME_UNITS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


class Scenario:
    """One row of the comparison: a LayoutBench scenario and the package-benchmark benchmark that matches it."""

    def __init__(self, spec):
        kind, sep, scenario_id = spec.partition(":")
        if not sep or kind not in ("query", "frame") or scenario_id.count("/") != 7:
            raise ValueError(f"bad --scenario {spec!r}: expected query:ID or frame:ID with a full scenario id")
        self.kind = kind
        self.id = scenario_id
        parts = scenario_id.split("/")
        # Benchmark names: the id with `/` as `.`; a query drops the invalidation mode (see CatalogBenchmark).
        path = parts[:-1] if kind == "query" else parts
        self.benchmark = ".".join(path + [kind])

    @property
    def filter_regex(self):
        """A package-benchmark --filter that matches this benchmark's name exactly."""
        return re.escape(self.benchmark)


def run(arguments, cwd, what):
    """Runs a command from an argument list and returns its standard output; stops the script if it fails."""
    print(f"crosscheck: {what}", file=sys.stderr, flush=True)
    completed = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout[-4000:])
        sys.stderr.write(completed.stderr[-4000:])
        sys.exit(f"crosscheck: `{' '.join(arguments)}` failed with exit code {completed.returncode}")
    return completed.stdout


def layoutbench(scenarios):
    """p50 time (ns) and allocations per operation of each scenario, from one `layoutbench run`."""
    arguments = [str(LAYOUTBENCH), "run", "--suite", "standard", "--format", "json", "--no-save"]
    for scenario in scenarios:
        arguments += ["--filter", scenario.id]
    document = json.loads(run(arguments, ROOT, "layoutbench run (standard suite, filtered)"))
    by_id = {entry["id"]: entry["metrics"] for entry in document["scenarios"]}
    figures = {}
    for scenario in scenarios:
        metrics = by_id.get(scenario.id)
        if metrics is None:
            sys.exit(f"crosscheck: layoutbench did not measure {scenario.id}")
        time = metrics.get(f"{scenario.kind}.time", {}).get("p50")
        allocations = metrics.get(f"{scenario.kind}.allocations", {}).get("p50")
        figures[scenario.benchmark] = (time, allocations)
    return figures


def parse_markdown(text):
    """{benchmark: {metric: (unit, p50)}} from package-benchmark's markdown tables (per-operation figures)."""
    tables = {}
    current = None
    for line in text.splitlines():
        if line.startswith("### "):
            current = line[4:].strip()
            tables[current] = {}
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if current is None or not line.startswith("|") or len(cells) < 4 or cells[0] in ("Metric", ""):
            continue
        if cells[0].startswith(":"):
            continue
        label = cells[0].rstrip("*").strip()
        match = re.match(r"^(?P<name>.*?)\s*\((?P<unit>[^()]*)\)$", label)
        name, unit = (match.group("name"), match.group("unit")) if match else (label, "")
        if unit not in TIME_UNITS:
            name, unit = label, ""
        tables[current][name] = (unit, float(cells[3]))
    return tables


def parse_jmh(path):
    """{benchmark: {metric: p50}} from package-benchmark's JMH export: raw figures of one iteration, times in µs."""
    figures = {}
    with open(path, encoding="utf-8") as file:
        for element in json.load(file):
            name = element["benchmark"].split(".", 3)[3]  # package.benchmark.<target>.<name>
            figures[name] = {metric: values["scorePercentiles"]["50.0"]
                             for metric, values in element["secondaryMetrics"].items()}
    return figures


def package_benchmark(scenarios, baseline, metrics, scratch):
    """One package-benchmark run, kept as baseline `baseline`: {benchmark: (ns per operation, operations per
    iteration, mallocs per iteration)}, each a p50."""
    arguments = ["swift", "package", "--allow-writing-to-package-directory", "benchmark", "baseline", "update",
                 baseline, "--no-progress", "--time-units", "nanoseconds"]
    for scenario in scenarios:
        arguments += ["--filter", scenario.filter_regex]
    for metric in metrics:
        arguments += ["--metric", metric]
    run(arguments, BENCHMARKS, f"swift package benchmark ({', '.join(metrics) or 'default metrics'})")
    read = ["swift", "package", "benchmark", "baseline", "read", baseline, "--no-progress"]
    per_operation = parse_markdown(run(read + ["--format", "markdown"], BENCHMARKS, f"reading baseline {baseline}"))
    export = ["swift", "package", "--allow-writing-to-directory", str(scratch), "benchmark", "baseline", "read",
              baseline, "--no-progress", "--format", "jmh", "--path", str(scratch)]
    run(export, BENCHMARKS, f"exporting baseline {baseline} (JMH, raw per-iteration figures)")
    per_iteration = parse_jmh(scratch / f"{baseline}.jmh.json")
    figures = {}
    for scenario in scenarios:
        wall = per_operation.get(scenario.benchmark, {}).get("Time (wall clock)")
        raw = per_iteration.get(scenario.benchmark, {})
        if wall is None or "Time (wall clock)" not in raw:
            sys.exit(f"crosscheck: package-benchmark did not report the wall clock of {scenario.benchmark}")
        per_op_ns = nanoseconds(wall)
        iteration_ns = raw["Time (wall clock)"] * 1e3
        # The scaling factor is a power of ten: the ratio of an iteration's time to an operation's.
        scale = 10 ** round(math.log10(max(1.0, iteration_ns / per_op_ns))) if per_op_ns > 0 else 1
        figures[scenario.benchmark] = (per_op_ns, scale, raw.get("Malloc (total)"))
    return figures


def nanoseconds(entry):
    """A (unit, value) time figure in nanoseconds."""
    unit, value = entry
    return value * TIME_UNITS.get(unit, 1.0)


def one_round(scenarios, order, scratch):
    """One round: both harnesses, in `order`; returns a list of row dictionaries."""
    results = {}
    for harness in order:
        if harness == "layoutbench":
            results["lb"] = layoutbench(scenarios)
        else:
            results["pb"] = package_benchmark(scenarios, "crosscheck", [], scratch)
            # Malloc calls alone: no CPU or memory metric, so no /proc reads around iterations and no sampler
            # thread; the wall clock (and throughput, which the JMH export needs) allocate nothing.
            results["pb_mallocs"] = package_benchmark(
                scenarios, "crosscheck-mallocs", ["mallocCountTotal", "wallClock", "throughput"], scratch)
    rows = []
    for scenario in scenarios:
        lb_time, lb_allocations = results["lb"][scenario.benchmark]
        pb_time, scale, default_mallocs = results["pb"][scenario.benchmark]
        minimal_time, malloc_scale, mallocs = results["pb_mallocs"][scenario.benchmark]
        rows.append({
            "scenario": scenario,
            "lb_time": lb_time,
            "pb_time": pb_time,
            "ratio": pb_time / lb_time if pb_time and lb_time else None,
            "pb_minimal_time": minimal_time,
            "minimal_ratio": minimal_time / lb_time if minimal_time and lb_time else None,
            "scale": scale,
            "lb_allocations": lb_allocations,
            "pb_mallocs": mallocs / malloc_scale if mallocs is not None else None,
            "pb_default_mallocs_iteration": default_mallocs,
        })
    return rows


def show(value, digits=0):
    """A figure for the table, or a dash."""
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def print_table(rows, title):
    """Prints a round's rows as a markdown table."""
    print(f"\n### {title}\n")
    print("| scenario | op | LayoutBench p50 (ns) | package-benchmark p50 (ns) | PB / LB "
          "| PB p50, malloc count only (ns) | its PB / LB | ops per iteration "
          "| LayoutBench allocations/op | PB mallocs/op (mallocCountTotal alone) "
          "| PB mallocs/iteration (default metrics) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        scenario = row["scenario"]
        print(f"| `{scenario.benchmark}` | {scenario.kind} | {show(row['lb_time'])} | {show(row['pb_time'])} "
              f"| {show(row['ratio'], 2)} | {show(row['pb_minimal_time'])} | {show(row['minimal_ratio'], 2)} "
              f"| {row['scale']} | {show(row['lb_allocations'], 1)} "
              f"| {show(row['pb_mallocs'], 1)} | {show(row['pb_default_mallocs_iteration'])} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1, help="rounds of both harnesses (default 1)")
    parser.add_argument("--scenario", action="append", default=None,
                        help="KIND:ID, repeatable (default: three scenarios of the standard suite)")
    options = parser.parse_args()
    if options.rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        scenarios = [Scenario(spec) for spec in (options.scenario or DEFAULT_SCENARIOS)]
    except ValueError as error:
        parser.error(str(error))

    run(["swift", "build", "-c", "release", "--product", "layoutbench"], ROOT, "building layoutbench (release)")
    all_rounds = []
    with tempfile.TemporaryDirectory(prefix="crosscheck-") as directory:
        scratch = pathlib.Path(directory)
        for number in range(1, options.rounds + 1):
            order = ["layoutbench", "package-benchmark"] if number % 2 else ["package-benchmark", "layoutbench"]
            rows = one_round(scenarios, order, scratch)
            all_rounds.append(rows)
            print_table(rows, f"Round {number} ({' then '.join(order)})")
    if options.rounds > 1:
        print("\n### Median PB / LB over the rounds\n")
        for index, scenario in enumerate(scenarios):
            for key, label in (("ratio", "default metrics"), ("minimal_ratio", "malloc count only")):
                ratios = [rows[index][key] for rows in all_rounds if rows[index][key] is not None]
                median = statistics.median(ratios) if ratios else None
                print(f"- `{scenario.benchmark}`, {label}: {show(median, 2)} "
                      f"(rounds: {', '.join(show(ratio, 2) for ratio in ratios)})")


if __name__ == "__main__":
    main()
