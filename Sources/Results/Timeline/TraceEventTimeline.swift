import Foundation

/// A results document's frames as a Trace Event Format file, the JSON that Perfetto's UI (ui.perfetto.dev) and
/// `chrome://tracing` open: what `run --timeline FILE` and `report FILE --format timeline` write.
///
/// - **A process per scenario** (`pid` 1, 2, … in the document's order), named by its id, starting at time 0 so
///   that scenarios line up.
/// - **Frames** on its thread 1: a complete (`X`) slice named `frame` per frame of the trace, enclosing the frame's
///   phases (`invalidate`, `prepare`, `query`, `diff`, `self-sizing` enclosing its `fitting`s, `batch plan`,
///   `batch update`, `anchoring`, `finalize`) as perfectly nested `X` slices. Frame `i + 1` starts when frame `i`'s
///   budget is over or, when it overran, when it ended: each late frame is late by its own overrun, as
///   `frame.hitchRatio` counts it.
/// - **The expected deadline** on thread 2: a `deadline` slice per frame, from its start to its start plus the
///   budget (16.67 ms at 60 Hz, 8.33 ms at 120 Hz).
/// - **Counters** of the process: `allocations` and `allocated bytes` per frame, and `instructions` when the run
///   counted them, at each counted frame whose value differs from the last (a counter holds its value until the
///   next sample).
/// - **Instants** on thread 1: `hitch` at the deadline of every frame that overran it (its lateness in `args`), and
///   `hang` or `delayed` at the start of a frame of 250 ms or more, or 100 ms or more (``HangVerdict``).
///
/// Times are in microseconds, as the format requires, written to the nanosecond (three decimals, trailing zeros
/// dropped); `displayTimeUnit` is `ns`. A scenario without a stored timeline (a run without `--timeline`) gives
/// its `frame.time` samples as frames, in the order they were taken, without phases; the counters then come from
/// the kept samples of a scroll trace's `frame.allocations`, `frame.allocatedBytes` and `frame.instructions`, whose
/// `k`-th sample is the trace's frame `k`.
public struct TraceEventTimeline {
    /// The document.
    public var document: ResultsDocument

    /// A timeline of `document`.
    public init(document: ResultsDocument) {
        self.document = document
    }

    /// Why a document has no timeline to write.
    public struct Empty: Error, CustomStringConvertible {
        /// The document's path or name, for the message.
        public var source: String

        /// One line that says what to do.
        public var description: String {
            "\(source) has no frames to draw: no scenario has a timeline (`run --timeline`) or kept frame.time "
                + "samples; run the suite again with `layoutbench run --timeline FILE`"
        }
    }

    /// The scenarios with frames, each with its frames and the phase names of its codes.
    func scenarioFrames() -> [(scenario: ScenarioResult, budget: Double, names: [String], frames: [FrameTimeline.Frame])] {
        document.scenarios.compactMap { scenario in
            let budget = Self.budget(of: scenario)
            if let timeline = scenario.timeline, !timeline.frames.isEmpty {
                return (scenario, timeline.budget > 0 ? timeline.budget : budget, timeline.phaseNames, timeline.frames)
            }
            guard let samples = scenario.metrics[.frameTime]?.samples, !samples.isEmpty else { return nil }
            let scroll = !Self.nonScrollTraces.contains(scenario.parameters[.trace] ?? "")
            let allocations = scroll ? scenario.metrics[.frameAllocations]?.samples : nil
            let bytes = scroll ? scenario.metrics[.frameAllocatedBytes]?.samples : nil
            let frames = samples.enumerated().map { index, duration in
                FrameTimeline.Frame(
                    index: index, kind: "scroll", duration: duration, phases: [],
                    allocations: allocations.flatMap { index < $0.count ? $0[index] : nil },
                    allocatedBytes: bytes.flatMap { index < $0.count ? $0[index] : nil })
            }
            return (scenario, budget, [], frames)
        }
    }

    /// Traces whose frame samples are not the trace's frames in order from its first (batch updates and
    /// self-sizing: the counted frames start after a warm-up), so no counters are drawn from their samples.
    static let nonScrollTraces: Set<String> = ["edits", "feed", "chat", "inserts-above", "self-sizing", "rotate"]

    /// The scenario's frame budget: 10^9 / its `frameRate` parameter, 60 Hz when it has none.
    public static func budget(of scenario: ScenarioResult) -> Double {
        let rate = scenario.parameters[.frameRate].flatMap(Double.init) ?? 60
        return rate > 0 && rate.isFinite ? (1e9 / rate).rounded() : (1e9 / 60).rounded()
    }

    /// The file: UTF-8 JSON, one event a line.
    ///
    /// - Throws: ``Empty`` when no scenario has frames; `source` names the document in the message.
    public func data(source: String) throws -> Data {
        let scenarios = scenarioFrames()
        guard !scenarios.isEmpty else { throw Empty(source: source) }
        var out = TraceEventWriter()
        out.raw(#"{"displayTimeUnit":"ns","otherData":{"tool":"layoutbench","suite":"#)
        out.string(document.suite)
        out.raw(#"},"traceEvents":["#)
        for (offset, entry) in scenarios.enumerated() {
            write(entry, pid: offset + 1, to: &out)
        }
        out.endArray()
        out.raw("]}\n")
        return Data(out.bytes)
    }

    private func write(_ entry: (scenario: ScenarioResult, budget: Double, names: [String], frames: [FrameTimeline.Frame]),
                       pid: Int, to out: inout TraceEventWriter) {
        let (scenario, budget, names, frames) = entry
        let instructions = Self.nonScrollTraces.contains(scenario.parameters[.trace] ?? "")
            ? nil : scenario.metrics[.frameInstructions]?.samples
        out.metadata(pid: pid, tid: nil, name: "process_name", value: scenario.id)
        out.metadata(pid: pid, tid: nil, name: "process_sort_index", number: pid)
        out.metadata(pid: pid, tid: 1, name: "thread_name", value: "frames (layout pass phases)")
        out.metadata(pid: pid, tid: 2, name: "thread_name",
                     value: "expected deadline (\(formatDuration(nanoseconds: budget)) budget)")
        var start: Int64 = 0
        let budgetNs = Int64(budget.rounded())
        var lastCounters: (Double?, Double?, Double?) = (nil, nil, nil)
        for frame in frames {
            let duration = Self.nanoseconds(frame.duration)
            let kindArgument = frame.kind == "scroll" ? nil : frame.kind
            out.complete(name: "frame", pid: pid, tid: 1, start: start, duration: duration, kind: kindArgument)
            for phase in frame.phaseTriples {
                let name = phase.code >= 0 && phase.code < names.count ? names[phase.code] : "phase \(phase.code)"
                let phaseStart = Swift.min(Self.nanoseconds(phase.start), duration)
                let phaseDuration = Swift.min(Self.nanoseconds(phase.duration), duration - phaseStart)
                out.complete(name: name, pid: pid, tid: 1, start: start + phaseStart, duration: phaseDuration)
            }
            out.complete(name: "deadline", pid: pid, tid: 2, start: start, duration: budgetNs)
            let counted = (frame.allocations, frame.allocatedBytes,
                           instructions.flatMap { frame.index < $0.count ? $0[frame.index] : nil })
            if let value = counted.0, value != lastCounters.0 {
                out.counter(name: "allocations", key: "calls", value: value, pid: pid, at: start)
                lastCounters.0 = value
            }
            if let value = counted.1, value != lastCounters.1 {
                out.counter(name: "allocated bytes", key: "bytes", value: value, pid: pid, at: start)
                lastCounters.1 = value
            }
            if let value = counted.2, value != lastCounters.2 {
                out.counter(name: "instructions", key: "instructions", value: value, pid: pid, at: start)
                lastCounters.2 = value
            }
            if duration > budgetNs {
                out.instant(name: "hitch", pid: pid, tid: 1, at: start + budgetNs,
                            argument: ("late_ms", Double(duration - budgetNs) / 1e6))
            }
            if let verdict = HangVerdict(nanoseconds: Double(duration)), verdict != .instant {
                out.instant(name: verdict.rawValue, pid: pid, tid: 1, at: start,
                            argument: ("ms", Double(duration) / 1e6))
            }
            start += Swift.max(budgetNs, duration)
        }
    }

    /// `value` ns as a whole number of ns, at least 0 (a negative or non-finite value is 0).
    static func nanoseconds(_ value: Double) -> Int64 {
        guard value > 0 && value < 9e18 else { return 0 }
        return Int64(value.rounded())
    }
}
