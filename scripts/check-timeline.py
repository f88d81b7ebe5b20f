#!/usr/bin/env python3
"""Checks a timeline file of `layoutbench run --timeline FILE` (or `report --format timeline`) against the Trace Event
Format's rules, as Perfetto's UI and chrome://tracing read them (Guides/FrameTimeline.md), on a real run's file:

- a JSON object with a `traceEvents` array, `displayTimeUnit` "ns";
- every event has a string name, a phase, integer pid and tid; only the metadata events the viewers know;
- complete slices (X) have numeric ts and dur >= 0, with at most three decimals (µs to the nanosecond);
- per thread, complete slices nest perfectly (a slice that starts inside another ends inside it);
- every process (scenario) has frames: on thread 1 top-level slices named `frame`, and on thread 2 one `deadline`
  slice per frame, starting where its frame starts, all of one length (the budget: 16,666.667 or 8,333.333 µs);
- counters (C) carry numeric arguments; instants (i) carry a scope; a `hitch` instant sits at a deadline's end.

Usage: scripts/check-timeline.py [--self-test] FILE [MIN_FRAMES]   (exit 1 with one line per problem, the first 20)
       --self-test also breaks three copies of FILE in memory (a phase that outlasts its frame, a lost deadline, a
       scenario's last frame stretched to 40 ms, so that it overruns with no hitch marked) and requires each to fail.
"""
import json
import sys
from collections import defaultdict

METADATA = {"process_name", "process_sort_index", "thread_name", "thread_sort_index"}


def check(path, min_frames):
    with open(path, encoding="utf-8") as f:
        return check_document(json.load(f), min_frames)


def broken_copies(document):
    """Three copies of `document`, each breaking one rule."""
    events = document["traceEvents"]
    frames = [i for i, e in enumerate(events) if e.get("ph") == "X" and e.get("name") == "frame"]
    phases = [i for i, e in enumerate(events) if e.get("ph") == "X" and e.get("tid") == 1 and e.get("name") != "frame"]
    deadlines = [i for i, e in enumerate(events) if e.get("ph") == "X" and e.get("name") == "deadline"]
    copies = {}
    if phases:
        outlasting = json.loads(json.dumps(document))
        outlasting["traceEvents"][phases[0]]["dur"] += 1_000_000
        copies["a phase that outlasts its frame"] = outlasting
    if deadlines:
        lost = json.loads(json.dumps(document))
        del lost["traceEvents"][deadlines[0]]
        copies["a lost deadline"] = lost
    # The last frame of a scenario, so that doubling it overlaps no later frame: only its hitch is missing.
    last = {}
    for i in frames:
        if events[i]["pid"] not in last or events[i]["ts"] > events[last[events[i]["pid"]]]["ts"]:
            last[events[i]["pid"]] = i
    on_time = [i for i in last.values() if events[i]["dur"] < 8000]
    if on_time:
        late = json.loads(json.dumps(document))
        late["traceEvents"][on_time[0]]["dur"] = 40_000.0
        copies["a late frame without its hitch"] = late
    return copies


def check_document(document, min_frames):
    problems = []
    if not isinstance(document, dict) or not isinstance(document.get("traceEvents"), list):
        return ["not a JSON object with a traceEvents array"]
    if document.get("displayTimeUnit") != "ns":
        problems.append(f"displayTimeUnit is {document.get('displayTimeUnit')!r}, not 'ns'")
    slices = defaultdict(list)  # (pid, tid) -> [(ts, end, name)]
    hitches = defaultdict(list)
    for index, event in enumerate(document["traceEvents"]):
        where = f"event {index}"
        if not isinstance(event.get("name"), str) or not isinstance(event.get("ph"), str):
            problems.append(f"{where}: no name or phase")
            continue
        if not isinstance(event.get("pid"), int) or not isinstance(event.get("tid", 0), int):
            problems.append(f"{where} ({event['name']}): pid or tid is not an integer")
            continue
        phase, pid, tid = event["ph"], event["pid"], event.get("tid", 0)
        if phase == "M":
            if event["name"] not in METADATA:
                problems.append(f"{where}: metadata event {event['name']!r} the viewers do not know")
        elif phase == "X":
            ts, dur = event.get("ts"), event.get("dur")
            if not isinstance(ts, (int, float)) or not isinstance(dur, (int, float)) or dur < 0 or ts < 0:
                problems.append(f"{where} ({event['name']}): ts {ts!r}, dur {dur!r}")
                continue
            for value in (ts, dur):
                if round(value, 3) != value:
                    problems.append(f"{where} ({event['name']}): {value} has more than three decimals")
            # In nanoseconds, as integers: the file's µs have three decimals, and float sums would not meet exactly.
            start = round(ts * 1000)
            slices[(pid, tid)].append((start, start + round(dur * 1000), event["name"]))
        elif phase == "C":
            arguments = event.get("args")
            if not isinstance(arguments, dict) or not arguments or not all(
                    isinstance(v, (int, float)) for v in arguments.values()):
                problems.append(f"{where} ({event['name']}): a counter without numeric arguments")
        elif phase == "i":
            if event.get("s") not in ("t", "p", "g"):
                problems.append(f"{where} ({event['name']}): an instant without a scope")
            if event["name"] == "hitch":
                hitches[pid].append(round(event.get("ts", -1) * 1000))
        else:
            problems.append(f"{where}: phase {phase!r} is not one the timeline writes")
    processes = {pid for pid, _ in slices}
    if not processes:
        problems.append("no complete slice at all")
    for pid in sorted(processes):
        # Perfect nesting on every thread: sorted by start (outer first), each slice ends within its parent.
        top = defaultdict(list)  # tid -> the slices no other slice holds
        for tid in sorted(t for p, t in slices if p == pid):
            stack = []
            # Outer first: by start, then the longer; a zero-length slice at an end starts the next parent's run.
            for start, end, name in sorted(slices[(pid, tid)], key=lambda s: (s[0], -s[1])):
                while stack and (start >= stack[-1][1] and not (start == end == stack[-1][1])):
                    stack.pop()
                if stack and end > stack[-1][1]:
                    problems.append(f"process {pid} thread {tid}: {name} [{start}, {end}] overlaps "
                                    f"{stack[-1][2]} [{stack[-1][0]}, {stack[-1][1]}] without nesting in it")
                    break
                if not stack:
                    top[tid].append((start, end, name))
                stack.append((start, end, name))
        frames = sorted(s for s in top[1] if s[2] == "frame")
        deadlines = sorted(s for s in slices[(pid, 2)] if s[2] == "deadline")
        if len(frames) != len(top[1]):
            problems.append(f"process {pid}: {len(top[1]) - len(frames)} top-level slice(s) on thread 1 are not "
                            "frames")
        if len(frames) < min_frames:
            problems.append(f"process {pid}: {len(frames)} frames, fewer than {min_frames}")
        if len(deadlines) != len(frames):
            problems.append(f"process {pid}: {len(frames)} frames but {len(deadlines)} deadlines")
            continue
        budgets = {d[1] - d[0] for d in deadlines}
        if len(budgets) != 1 or not budgets <= {16_666_667, 8_333_333}:
            problems.append(f"process {pid}: deadlines of {sorted(budgets)} ns, not one frame budget")
        for frame, deadline in zip(frames, deadlines):
            if frame[0] != deadline[0]:
                problems.append(f"process {pid}: the frame at {frame[0]} ns has its deadline at {deadline[0]} ns")
                break
        ends = {d[1] for d in deadlines}
        late_frames = sum(1 for f, d in zip(frames, deadlines) if f[1] > d[1])
        misplaced = [ts for ts in hitches[pid] if ts not in ends]
        if misplaced:
            problems.append(f"process {pid}: hitch instants not at a deadline's end: {misplaced[:3]} ns")
        if late_frames != len(hitches[pid]):
            problems.append(f"process {pid}: {len(hitches[pid])} hitch instants for {late_frames} late frames")
    return problems, len(processes), sum(len(v) for (p, t), v in slices.items() if t == 1)


def main():
    arguments = sys.argv[1:]
    self_test = bool(arguments) and arguments[0] == "--self-test"
    if self_test:
        arguments = arguments[1:]
    if len(arguments) not in (1, 2) or (len(arguments) == 2 and not arguments[1].isdigit()):
        print("usage: scripts/check-timeline.py [--self-test] FILE [MIN_FRAMES]", file=sys.stderr)
        sys.exit(2)
    min_frames = int(arguments[1]) if len(arguments) == 2 else 1
    result = check(arguments[0], min_frames)
    if isinstance(result, list):
        problems, processes, frame_slices = result, 0, 0
    else:
        problems, processes, frame_slices = result
    if problems:
        for problem in problems[:20]:
            print(f"check-timeline: {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"check-timeline: ok: {processes} scenario(s), {frame_slices} slices on the frame threads")
    if self_test:
        with open(arguments[0], encoding="utf-8") as f:
            copies = broken_copies(json.load(f))
        if len(copies) != 3:
            print(f"check-timeline: self-test: the file has room for {len(copies)} of the 3 broken copies",
                  file=sys.stderr)
            sys.exit(1)
        for name, copy in copies.items():
            problems = check_document(copy, min_frames)
            problems = problems if isinstance(problems, list) else problems[0]
            if not problems:
                print(f"check-timeline: self-test: {name} passed, but must fail", file=sys.stderr)
                sys.exit(1)
            print(f"check-timeline: self-test: {name} fails as it must: {problems[0]}")


if __name__ == "__main__":
    main()
