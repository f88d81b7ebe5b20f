#!/usr/bin/env python3
"""The warm-up spread of a results file: for each scenario's timing metric, the median of its first eighth of samples
over the median of the rest (1.00 means the first samples are as warm as the others).

Usage: scripts/warmup-spread.py RESULTS.json [METRIC ...]   (default metrics: query.time frame.time)
"""
import json
import statistics
import sys


def spread(samples):
    n = len(samples) // 8
    if n < 1 or len(samples) - n < 1:
        return None
    return statistics.median(samples[:n]) / statistics.median(samples[n:])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        results = json.load(f)
    metrics = sys.argv[2:] or ["query.time", "frame.time"]
    for scenario in results["scenarios"]:
        for name in metrics:
            metric = scenario["metrics"].get(name)
            if not metric or not metric.get("samples"):
                continue
            ratio = spread(metric["samples"])
            if ratio is not None:
                print(f"{ratio:5.2f}  {len(metric['samples']):5d} samples  {name:10s}  {scenario['id']}")


if __name__ == "__main__":
    main()
