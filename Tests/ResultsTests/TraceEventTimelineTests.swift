import Foundation
import Results
import Testing

/// The rules of the Trace Event Format (Google's "Trace Event Format" document, the JSON Object Format) that
/// Perfetto's JSON importer and chrome://tracing rely on, checked on a parsed file: what the tests hold every
/// timeline to. (Perfetto's `trace_processor` Python package, `perfetto` 0.59.1, installs here, but its
/// `TraceProcessor` downloads the `trace_processor_shell` binary at first use, which this machine cannot: the rules
/// are checked here instead.)
enum TraceEventRules {
    /// A complete slice, in integral nanoseconds.
    struct Slice {
        var name: String
        var pid: Int
        var tid: Int
        var start: Int64
        var end: Int64
    }

    /// The parsed file: its events, and every problem found.
    struct Checked {
        var events: [[String: Any]] = []
        var slices: [Slice] = []
        var problems: [String] = []
    }

    /// Microseconds as the file writes them, to integral nanoseconds.
    static func nanoseconds(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber, number.doubleValue >= 0 else { return nil }
        return Int64((number.doubleValue * 1000).rounded())
    }

    static func check(_ data: Data) -> Checked {
        var checked = Checked()
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            checked.problems.append("not a JSON object")
            return checked
        }
        guard let events = object["traceEvents"] as? [[String: Any]] else {
            checked.problems.append("no traceEvents array of objects")
            return checked
        }
        if let unit = object["displayTimeUnit"] as? String, !["ms", "ns"].contains(unit) {
            checked.problems.append("displayTimeUnit \(unit) is neither ms nor ns")
        }
        checked.events = events
        for (index, event) in events.enumerated() {
            let ph = event["ph"] as? String ?? ""
            guard event["name"] is String else {
                checked.problems.append("event \(index): no name")
                continue
            }
            guard let pid = (event["pid"] as? NSNumber)?.intValue, let tid = (event["tid"] as? NSNumber)?.intValue
            else {
                checked.problems.append("event \(index): pid and tid must be integers")
                continue
            }
            switch ph {
            case "X":
                guard let start = nanoseconds(event["ts"]), let duration = nanoseconds(event["dur"]) else {
                    checked.problems.append("event \(index): a complete slice needs ts and dur >= 0")
                    continue
                }
                checked.slices.append(Slice(name: event["name"] as? String ?? "", pid: pid, tid: tid, start: start,
                                            end: start + duration))
            case "C":
                guard nanoseconds(event["ts"]) != nil, let args = event["args"] as? [String: Any], !args.isEmpty,
                      args.values.allSatisfy({ $0 is NSNumber })
                else {
                    checked.problems.append("event \(index): a counter needs ts and numeric args")
                    continue
                }
            case "i", "I":
                guard nanoseconds(event["ts"]) != nil, ["g", "p", "t"].contains(event["s"] as? String ?? "t") else {
                    checked.problems.append("event \(index): an instant needs ts and a scope of g, p or t")
                    continue
                }
            case "M":
                guard ["process_name", "thread_name", "process_sort_index", "thread_sort_index"]
                    .contains(event["name"] as? String ?? ""), event["args"] is [String: Any]
                else {
                    checked.problems.append("event \(index): unknown metadata event")
                    continue
                }
            default:
                checked.problems.append("event \(index): phase '\(ph)' is not one this exporter writes")
            }
        }
        // Slices of one thread nest perfectly: each lies inside the slice open when it starts, or after it.
        let byThread = Dictionary(grouping: checked.slices) { "\($0.pid)/\($0.tid)" }
        for (thread, slices) in byThread {
            var stack: [Slice] = []
            for slice in slices.sorted(by: { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }) {
                while let top = stack.last, top.end <= slice.start, !(top.start == slice.start && top.end >= slice.end) {
                    stack.removeLast()
                }
                if let top = stack.last, slice.end > top.end {
                    checked.problems.append("thread \(thread): \(slice.name) [\(slice.start), \(slice.end)) overlaps "
                        + "\(top.name) [\(top.start), \(top.end)) without nesting")
                }
                stack.append(slice)
            }
        }
        return checked
    }
}

@Suite("Trace Event timeline")
struct TraceEventTimelineTests {
    /// A hand-made trace of 60 Hz: frame 0 on time (invalidate, prepare, query, diff), frame 1 a self-sizing frame
    /// 20 ms long (a hitch of 3.333 ms; a fitting inside self-sizing), frame 2 an update of 300 ms (a hang).
    static func document() -> ResultsDocument {
        let names = ["invalidate", "prepare", "query", "diff", "self-sizing", "fitting", "batch plan", "batch update",
                     "anchoring", "finalize"]
        let frames = [
            FrameTimeline.Frame(index: 0, kind: "scroll", duration: 10_000,
                                phases: [0, 0, 1_000, 1, 1_000, 5_500, 2, 6_500, 2_500, 3, 9_000, 1_000],
                                allocations: 0, allocatedBytes: 0),
            FrameTimeline.Frame(index: 1, kind: "scroll", duration: 20_000_000,
                                phases: [0, 0, 1_000, 2, 1_000, 2_000, 3, 3_000, 1_000, 4, 4_000, 19_996_000,
                                         5, 5_000, 19_000_000],
                                allocations: 4, allocatedBytes: 256),
            FrameTimeline.Frame(index: 2, kind: "update", duration: 300_000_000,
                                phases: [6, 0, 100_000_000, 1, 100_000_000, 200_000_000]),
        ]
        var document = Fixtures.fullDocument()
        document.scenarios = [ScenarioResult(
            id: "hand/made", parameters: ["frameRate": "60", "trace": "fling"],
            metrics: ["frame.instructions": Metric(unit: "instructions", p50: 7, p90: 9, p99: 9, min: 5, max: 9,
                                                   mean: 7, count: 3, deterministic: true, samples: [5, 7, 9])],
            timeline: FrameTimeline(budget: 16_666_667, phaseNames: names, frames: frames))]
        return document
    }

    static func events(_ checked: TraceEventRules.Checked, _ ph: String, _ name: String) -> [[String: Any]] {
        checked.events.filter { $0["ph"] as? String == ph && $0["name"] as? String == name }
    }

    @Test("a hand-made trace: rules, nesting, µs units, every frame, the deadlines, hitch and hang instants, counters")
    func handMade() throws {
        let data = try TraceEventTimeline(document: Self.document()).data(source: "test")
        let checked = TraceEventRules.check(data)
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        let frames = checked.slices.filter { $0.name == "frame" }
        #expect(frames.map(\.start) == [0, 16_666_667, 36_666_667])  // each after max(budget, its predecessor)
        #expect(frames.map { $0.end - $0.start } == [10_000, 20_000_000, 300_000_000])
        // Units: a 5.5 µs prepare starting 1 µs into the first frame.
        let first = try #require(Self.events(checked, "X", "prepare").first)
        #expect((first["ts"] as? NSNumber)?.doubleValue == 1 && (first["dur"] as? NSNumber)?.doubleValue == 5.5)
        // The fitting nests in self-sizing, which nests in its frame.
        let fitting = try #require(checked.slices.first { $0.name == "fitting" })
        let sizing = try #require(checked.slices.first { $0.name == "self-sizing" })
        #expect(sizing.start <= fitting.start && fitting.end <= sizing.end && sizing.end <= frames[1].end)
        // A deadline per frame, at the budget.
        let deadlines = checked.slices.filter { $0.name == "deadline" }
        #expect(deadlines.map(\.start) == frames.map(\.start))
        #expect(deadlines.allSatisfy { $0.end - $0.start == 16_666_667 && $0.tid == 2 })
        // Hitches at the deadline of the late frames, with their lateness; the 300 ms update is a hang.
        let hitches = Self.events(checked, "i", "hitch")
        #expect(hitches.map { ($0["ts"] as? NSNumber)?.doubleValue } == [33_333.334, 53_333.334])
        #expect((hitches[0]["args"] as? [String: Any])?["late_ms"] as? Double == 3.333333)
        #expect(Self.events(checked, "i", "hang").count == 1 && Self.events(checked, "i", "delayed").isEmpty)
        let update = try #require(Self.events(checked, "X", "frame").last)
        #expect((update["args"] as? [String: Any])?["kind"] as? String == "update")
        // Counters: allocations at frames 0 and 1 (they differ), instructions from the kept samples.
        #expect(Self.events(checked, "C", "allocations").count == 2)
        let instructions = Self.events(checked, "C", "instructions").compactMap {
            ($0["args"] as? [String: Any])?["instructions"] as? Int
        }
        #expect(instructions == [5, 7, 9])
        let process = try #require(Self.events(checked, "M", "process_name").first)
        #expect((process["args"] as? [String: Any])?["name"] as? String == "hand/made")
    }

    @Test("a run without a timeline gives its frame.time samples as frames; a document with neither is refused")
    func fromSamples() throws {
        var document = Self.document()
        document.scenarios[0].timeline = nil
        document.scenarios[0].parameters["frameRate"] = "120"
        document.scenarios[0].metrics["frame.time"] = Metric(
            unit: "ns", p50: 9e6, p90: 9e6, p99: 9e6, min: 1e6, max: 9e6, mean: 5e6, count: 2, deterministic: false,
            samples: [1e6, 9e6])
        let checked = TraceEventRules.check(try TraceEventTimeline(document: document).data(source: "test"))
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(checked.slices.filter { $0.name == "frame" }.map(\.start) == [0, 8_333_333])
        #expect(checked.slices.filter { $0.name == "deadline" }.allSatisfy { $0.end - $0.start == 8_333_333 })
        #expect(Self.events(checked, "i", "hitch").count == 1)
        document.scenarios[0].metrics = [:]
        #expect(throws: TraceEventTimeline.Empty.self) { try TraceEventTimeline(document: document).data(source: "x") }
    }

    @Test("names are escaped: a scenario id with quotes, a backslash and a control character stays valid JSON")
    func escaping() throws {
        var document = Self.document()
        document.scenarios[0].id = "a\"b\\c\u{1}d\ne"
        let checked = TraceEventRules.check(try TraceEventTimeline(document: document).data(source: "test"))
        #expect(checked.problems.isEmpty)
        let process = try #require(Self.events(checked, "M", "process_name").first)
        #expect((process["args"] as? [String: Any])?["name"] as? String == "a\"b\\c\u{1}d\ne")
    }

    /// `count` context-mode scroll frames of a few tens of µs (invalidate, prepare, query, diff), deterministic.
    static func scrolling(_ count: Int) -> ResultsDocument {
        var frames: [FrameTimeline.Frame] = []
        frames.reserveCapacity(count)
        for index in 0..<count {
            let base = Double(20_000 + (index * 7_919) % 30_000)
            frames.append(FrameTimeline.Frame(
                index: index, kind: "scroll", duration: base + 3_000,
                phases: [0, 100, 900, 1, 1_100, base / 2, 2, 1_200 + base / 2, base / 2 - 300, 3, base + 1_000, 1_900],
                allocations: index < 60 ? 0 : nil, allocatedBytes: index < 60 ? 0 : nil))
        }
        var document = Self.document()
        document.scenarios[0].timeline?.frames = frames
        return document
    }

    /// The lines of `data` (one event a line), each with its newline.
    static func lines(_ data: Data) -> [ArraySlice<UInt8>] {
        Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
    }

    @Test("500 frames follow the rules; at a 100,000-frame file's timestamps a slice takes at most 150 bytes")
    func size() throws {
        let small = try TraceEventTimeline(document: Self.scrolling(500)).data(source: "test")
        let checked = TraceEventRules.check(small)
        #expect(checked.problems.isEmpty, "\(checked.problems.prefix(3))")
        #expect(checked.slices.filter { $0.name == "frame" }.count == 500)
        // The same frames after a first one as long as 99,501 budgets: the others start where the last 499 frames
        // of a 100,000-frame file start, so their timestamps have the most digits a slice of such a file writes.
        // Every frame writes the same six slices (the frame, its four phases, its deadline), so a file of any
        // number of frames takes at most the longest line a slice, plus the lines of its counters and instants.
        var late = Self.scrolling(500)
        late.scenarios[0].timeline?.frames[0].duration = 99_501 * 16_666_667
        let data = try TraceEventTimeline(document: late).data(source: "test")
        #expect(TraceEventRules.check(data).problems.isEmpty)
        let lines = Self.lines(data)
        let slices = lines.filter { $0.starts(with: Array(#"{"ph":"X","#.utf8)) }
        #expect(slices.count == 6 * 500)
        let last = try #require(lines.last { $0.starts(with: Array(#"{"ph":"X","name":"frame","#.utf8)) })
        #expect(String(decoding: last, as: UTF8.self).contains(#""ts":1666650033.333,"#))  // frame 99,999
        let longest = slices.map { $0.count + 1 }.max() ?? 0
        #expect(longest <= 150, "a slice of \(longest) bytes")
        #expect(data.count <= 150 * slices.count, "\(data.count) bytes for \(slices.count) slices")
    }
}
