/// A seeded sequence of per-frame inputs to a simulated collection view: scrolls, resizes, jumps and data-source
/// changes, exactly one per frame.
///
/// Build one with ``make(_:_:)``; the same kind and parameters always give the same trace, bit for bit.
public struct ScrollTrace: Hashable, Sendable {
    /// The shape of the trace.
    public var kind: ScrollTraceKind
    /// The frame rate the events are sampled at.
    public var frameRate: FrameRate
    /// The events, exactly one per frame.
    public var events: [TraceEvent]

    /// Creates a trace from its events.
    public init(kind: ScrollTraceKind, frameRate: FrameRate, events: [TraceEvent]) {
        self.kind = kind
        self.frameRate = frameRate
        self.events = events
    }

    /// The time the trace lasts, in seconds: one frame per event.
    public var duration: Double { Double(events.count) * frameRate.frameDuration }
}
