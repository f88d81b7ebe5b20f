/// Where each frame of a scenario went: the timeline pass's phases, frame by frame, in the trace's order (`run
/// --timeline`). Kept in the scenario's results (``ScenarioResult/timeline``) only when a timeline was asked for, so
/// a plain run's file is unchanged; `report --format timeline` turns it into a Trace Event Format file
/// (``TraceEventTimeline``).
///
/// The phase times come from a pass of their own, after the timing and counting passes: the clock is read at every
/// phase's edges, which the timed frames (`frame.time`) never pay. `results/README.md` documents the fields.
public struct FrameTimeline: Codable, Hashable, Sendable {
    /// One frame of the trace.
    public struct Frame: Codable, Hashable, Sendable {
        /// The frame's position in the trace, from 0: the scroll offset of a scroll trace, the event of a trace with
        /// batch updates or self-sizing items.
        public var index: Int
        /// What moved the frame: `scroll`, `resize`, `jump`, `counts`, `switch` or `update`.
        public var kind: String
        /// The frame's time, in ns: from the start of its first phase to the end of its last.
        public var duration: Double
        /// The phases, three numbers each in the order they began: the code (an index into
        /// ``FrameTimeline/phaseNames``), the start in ns after the frame's start, and the duration in ns. A phase
        /// lies inside the frame, and inside any earlier phase whose interval contains its start.
        public var phases: [Double]
        /// Allocator calls of the frame, when the counting pass counted it.
        public var allocations: Double?
        /// Bytes the frame allocated, when the counting pass counted it.
        public var allocatedBytes: Double?

        /// Creates a frame.
        public init(index: Int, kind: String, duration: Double, phases: [Double], allocations: Double? = nil,
                    allocatedBytes: Double? = nil) {
            self.index = index
            self.kind = kind
            self.duration = duration
            self.phases = phases
            self.allocations = allocations
            self.allocatedBytes = allocatedBytes
        }

        /// The phases as (code, start, duration) triples; a trailing partial triple is dropped.
        public var phaseTriples: [(code: Int, start: Double, duration: Double)] {
            stride(from: 0, to: phases.count - 2, by: 3).map { i in
                (Int(exactly: phases[i]) ?? -1, phases[i + 1], phases[i + 2])
            }
        }
    }

    /// The frame budget, in ns: 10^9 / the frame rate (16,666,667 at 60 Hz, 8,333,333 at 120 Hz).
    public var budget: Double
    /// The phase names, by code (LayoutModel's `FramePhase` in order: `invalidate`, `prepare`, `query`, `diff`,
    /// `self-sizing`, `fitting`, `batch plan`, `batch update`, `anchoring`, `finalize`).
    public var phaseNames: [String]
    /// The frames, in the trace's order.
    public var frames: [Frame]
    /// The timeline pass's median frame over the timing pass's (`frame.time` p50): what reading the clock at every
    /// phase's edge added; `nil` when the run had no timing pass.
    public var overheadRatio: Double?

    /// Creates a timeline.
    public init(budget: Double, phaseNames: [String], frames: [Frame], overheadRatio: Double? = nil) {
        self.budget = budget
        self.phaseNames = phaseNames
        self.frames = frames
        self.overheadRatio = overheadRatio
    }
}
