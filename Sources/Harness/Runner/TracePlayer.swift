import Results
import Scenarios

/// One kind of trace's part of a run: the hosts it plays on, what one event of its trace does in the timing, the
/// counting and the timeline pass, and the metrics it writes. ``WorkloadRunner/run(progress:)`` is the one loop that
/// drives every player: it owns the memory guard, the process warm-up, the prepare figures, the order of the passes
/// and the assembly of each scenario's result, so that a player never repeats them.
///
/// The loop, for the player `P` that ``TracePlayers/player(for:)`` picks:
/// 1. the memory guard, over ``layoutsHeld`` layouts of the workload (a workload that does not fit is skipped);
/// 2. the process warm-up (a miniature laid out and scrolled once in every mode and variant);
/// 3. ``build(into:progress:)``: the layouts the passes share, the first build measured into the prepare figures;
/// 4. unless deterministic-only, ``time(into:progress:)``: the timing pass over every scenario;
/// 5. ``count(_:at:into:progress:)`` for each scenario, then ``finishCounting(progress:)``: the allocation and work
///    pass;
/// 6. with `--timeline`, ``timeline(of:progress:)`` for each scenario;
/// 7. each scenario's result: the prepare metrics, then ``addMetrics(of:to:)``, the parameters and the timeline.
/// A ``HarnessError`` thrown by any step (a batch the host refuses) ends the run with
/// ``WorkloadRunner/Outcome/refused(_:)``.
///
/// ## Adding a player
/// A new kind of trace (swipes inside horizontally scrolling sections, issue 38; diffable snapshots applied with
/// `apply`, issue 39) is a new file and one line:
/// 1. `Runner/<Kind>Player.swift`: a type conforming to `TracePlayer`. ``plays(_:)`` says which workloads are its
///    (from the workload's trace kind); the passes play the trace's events on hosts the player makes through the
///    ``WorkloadBuilder``, count them with ``WorkloadRunner/counted(_:)`` (the body runs once, whatever the counters
///    do) and time them with ``Measurement/MonotonicClock``; the figures go to the scenario's metrics in
///    ``addMetrics(of:to:)``, each under a ``Results/MetricName`` declared (with its unit and determinism) in
///    `MetricName.swift`. A trace that needs a family capability asks the family for it and throws a
///    ``HarnessError`` when it is missing; a workload whose family lacks it is refused before the run, in one line, by
///    ``Scenarios/WorkloadSpec/problem``.
/// 2. One line in ``TracePlayers/registered``, before ``ScrollPlayer``, which plays every workload no other player
///    takes.
/// Players whose trace is played from a fresh layout per pass (its content changes along the trace) reuse
/// ``WorkloadRunner/play(builder:mode:variant:prepare:first:label:progress:frame:)``, as ``UpdatePlayer`` does.
protocol TracePlayer {
    /// Whether this player plays `workload`'s trace.
    static func plays(_ workload: WorkloadSpec) -> Bool

    /// A player of `runner`'s workload, for the selected `scenarios` (never empty).
    init(runner: WorkloadRunner, builder: WorkloadBuilder, scenarios: [Scenario])

    /// How many layouts of the workload the player holds at once, for the memory guard.
    var layoutsHeld: Int { get }

    /// Builds what the passes share, measuring the first build into `prepare`; `false` when there is nothing to
    /// measure. A player that builds a fresh layout for each pass builds nothing here.
    mutating func build(into prepare: inout PrepareFigures, progress: (String) -> Void) -> Bool

    /// The timing pass over every scenario (not run when deterministic-only).
    mutating func time(into prepare: inout PrepareFigures, progress: (String) -> Void) throws(HarnessError)

    /// The allocation and work pass of `scenario`, the `index`-th selected.
    mutating func count(_ scenario: Scenario, at index: Int, into prepare: inout PrepareFigures,
                        progress: (String) -> Void) throws(HarnessError)

    /// What is counted once for the whole workload, after every scenario's counting pass.
    mutating func finishCounting(progress: (String) -> Void)

    /// The timeline pass of `scenario` (`run --timeline`), after every counting pass.
    mutating func timeline(of scenario: Scenario, progress: (String) -> Void) throws(HarnessError) -> FrameTimeline?

    /// Writes `scenario`'s figures, beyond the prepare figures, into its metrics.
    func addMetrics(of scenario: Scenario, to metrics: inout [String: Metric])
}

extension TracePlayer {
    /// Nothing shared to build.
    mutating func build(into prepare: inout PrepareFigures, progress: (String) -> Void) -> Bool { true }

    /// Nothing counted for the whole workload.
    mutating func finishCounting(progress: (String) -> Void) {}
}

/// The registry of trace players.
enum TracePlayers {
    /// Every player, asked in order: the first whose ``TracePlayer/plays(_:)`` says yes plays the workload. A new
    /// player is one line here, before ``ScrollPlayer``.
    ///
    /// Computed, not stored: a stored global of existential metatypes is not `Sendable` to Swift 6's checker (the
    /// warning "static property 'registered' is not concurrency-safe"), and the list is five pointers built once a
    /// workload.
    static var registered: [any TracePlayer.Type] {
        [
            // First: the orthogonal trace plays over self-sizing content too (its host fits cells as they come on
            // screen), one shared layout a mode, as over any other.
            OrthogonalPlayer.self,
            SelfSizingPlayer.self,
            ApplyPlayer.self,
            UpdatePlayer.self,
            ScrollPlayer.self,
        ]
    }

    /// The player of `workload`'s trace.
    static func player(for workload: WorkloadSpec) -> (any TracePlayer.Type)? {
        registered.first { $0.plays(workload) }
    }
}
