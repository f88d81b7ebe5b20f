import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios

/// A self-sizing scenario (``Scenarios/WorkloadSpec/isSelfSizing``), replayed one frame at a time from a freshly built
/// layout: what a package-benchmark iteration of a self-sizing workload measures (Benchmarks/).
///
/// Sizes resolve along the trace, so a frame of it cannot be played on its own: the fixture plays the trace from its
/// start, as the runner's self-sizing player plays it: a fresh layout of the workload's self-sizing strategy, in the
/// scenario's mode and variant, with the content's fittings; scrolls are a finger's moves (`SelfSizingPlayback`). ``advance()`` takes the next event's target
/// (unmeasured, where the runner takes it); ``performFrame()`` is the region each `frame.time` sample of a
/// self-sizing scenario times: the event applied and the layout pass, its fittings included. When the trace ends,
/// ``restart()`` builds a fresh layout, so frame *i* of a playback is always the same frame.
///
/// ```swift
/// let fixture = try SelfSizingFixture(scenario, seed: 1)
/// while fixture.advance() {
///     measure { fixture.performFrame() }
/// }
/// ```
public final class SelfSizingFixture {
    /// The scenario.
    public let scenario: Scenario
    /// The simulated collection view of the current playback (replaced when the trace starts over).
    public private(set) var host: CollectionViewHost
    private let builder: WorkloadBuilder
    private let variant: QueryVariant
    private var playback: SelfSizingPlayback
    private var events: [TraceEvent]
    /// The next event of the trace to play.
    private var next = 0
    /// The event ``advance()`` stopped at, its target taken.
    private var pending: (() -> Void)?

    /// Builds the scenario's layout and lays it out, as the self-sizing player does for the same seed.
    ///
    /// - Throws: ``ScenarioFixture/BuildError`` when the workload is invalid, is not self-sizing, or will not fit in
    ///   memory.
    public init(_ scenario: Scenario, seed: UInt64, memoryGuard: MemoryGuard = MemoryGuard())
        throws(ScenarioFixture.BuildError)
    {
        let (builder, variant) = try ScenarioFixture.preflight(scenario, seed: seed, memoryGuard: memoryGuard) {
            $0.isSelfSizing ? nil : "its content is not self-sizing"
        }
        self.scenario = scenario
        self.builder = builder
        self.variant = variant
        (host, playback, events) = Self.fresh(builder, scenario: scenario, variant: variant)
    }

    /// The frames of one playback of the trace.
    public var framesPerTrace: Int { events.count }

    /// The frames left in this playback, the one ``advance()`` stopped at included.
    public var framesLeft: Int { events.count - next + (pending == nil ? 0 : 1) }

    /// Takes the next frame's target (a scroll's move from where the bounds are), unmeasured; `false` when the
    /// playback has no frame left (call ``restart()`` to play it again from a fresh layout). A pending frame not
    /// performed is dropped.
    @discardableResult
    public func advance() -> Bool {
        pending = nil
        guard next < events.count else { return false }
        pending = playback.action(for: events[next], host: host)
        next += 1
        return true
    }

    /// Performs the frame ``advance()`` stopped at: the event, then the layout pass with its fittings; nothing when
    /// there is none.
    public func performFrame() {
        guard let apply = pending else { return }
        pending = nil
        apply()
        host.layoutIfNeeded()
    }

    /// Starts the trace over on a freshly built, laid-out layout.
    public func restart() {
        (host, playback, events) = Self.fresh(builder, scenario: scenario, variant: variant)
        next = 0
        pending = nil
    }

    /// A fresh layout, host and playback, laid out: the self-sizing player's set-up, without its measurement of the
    /// build.
    private static func fresh(_ builder: WorkloadBuilder, scenario: Scenario, variant: QueryVariant)
        -> (CollectionViewHost, SelfSizingPlayback, [TraceEvent])
    {
        let layout = builder.makeLayout(mode: scenario.invalidation, variant: variant)
        let host = builder.makeHost(layout)
        host.itemFitting = host.itemFitting ?? builder.content.makeItemFitting()
            ?? SelfSizingFitting(seed: builder.seed, spec: SelfSizingSpec())
        host.layoutIfNeeded()
        let playback = SelfSizingPlayback(builder: builder, estimatedContentSize: layout.contentSize)
        return (host, playback, builder.trace(contentSize: layout.contentSize).events)
    }
}
