import Diffing
import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios

/// A scenario whose trace applies snapshots (``Scenarios/ScrollTraceKind/isApply``), replayed one apply at a time
/// from a freshly built layout: what the instruction pass counts as `apply.instructions`, and what a
/// package-benchmark iteration of an apply workload measures (Benchmarks/).
///
/// It plays the trace as the runner's apply player plays its counting pass: a fresh layout (the workload's update
/// strategy, in the scenario's mode and variant) and host with ``LayoutModel/BatchUpdateValidation/touched``
/// validation, laid out at the trace's first offset; the workload's ``Scenarios/ApplySequence`` of snapshot pairs,
/// generated in ``advance()`` (never in the measured call), whose unmeasured steps (the undoing steps of
/// `apply-differencekit`) ``advance()`` applies too. ``performApply()`` is then one whole apply, the region
/// `apply.time` times: the diff of the two snapshots with the workload's strategy, its staging, and every staged
/// `performBatchUpdates` with its layout pass (or `reloadData`), the app's part around each batch included. Its
/// samples are the allocation pass's `apply.allocations` samples, in the same order.
///
/// ```swift
/// let fixture = try ApplyFixture(scenario, seed: 1)
/// while try fixture.advance() {
///     measure { _ = try fixture.performApply() }
/// }
/// ```
///
/// Generalising ``UpdateFixture`` was the other way; an apply has no trace events, no app data model and no
/// warm-up (the counting pass measures every apply from the first), so the two share only their layout set-up.
public final class ApplyFixture {
    /// What one apply did.
    public struct Report: Hashable, Sendable {
        /// The `performBatchUpdates` calls (0 for `reload`, and for an unchanged snapshot).
        public var batches: Int
        /// The elements the batches named.
        public var operations: Int
        /// The largest `visibleJump` of the batches, in points.
        public var visibleJump: Double
    }

    /// The scenario.
    public let scenario: Scenario
    /// The simulated collection view of the current playback (replaced when the trace starts over).
    public private(set) var host: CollectionViewHost
    private let builder: WorkloadBuilder
    private let variant: QueryVariant
    private var sequence: ApplySequence
    /// The apply ``advance()`` stopped at.
    private var pending: ApplySequence.Step?
    /// The measured applies handed out in this playback.
    private var played = 0
    /// What the applies keep from one to the next (``ApplyScratch``), warmed by ``freshSequence(_:scratch:)``.
    private let scratch: ApplyScratch

    /// Builds the scenario's layout and lays it out at the trace's first offset, as the apply player does for the
    /// same seed.
    ///
    /// - Throws: ``ScenarioFixture/BuildError`` when the workload is invalid, does not apply snapshots, or will not
    ///   fit in memory.
    public init(_ scenario: Scenario, seed: UInt64, memoryGuard: MemoryGuard = MemoryGuard())
        throws(ScenarioFixture.BuildError)
    {
        let (builder, variant) = try ScenarioFixture.preflight(scenario, seed: seed, memoryGuard: memoryGuard) {
            $0.trace.isApply ? nil : "its \($0.trace.rawValue) trace applies no snapshots"
        }
        self.scenario = scenario
        self.builder = builder
        self.variant = variant
        let scratch = ApplyScratch()
        self.scratch = scratch
        host = Self.freshHost(builder, scenario: scenario, variant: variant)
        sequence = Self.freshSequence(builder, scratch: scratch)
    }

    /// The measured applies of one playback of the trace (its ``Scenarios/WorkloadSpec/traceFrames``).
    public var appliesPerTrace: Int { scenario.workload.traceFrames }

    /// The measured applies left in this playback, the one ``advance()`` stopped at included.
    public var appliesLeft: Int { appliesPerTrace - played + (pending == nil ? 0 : 1) }

    /// Makes the next measured apply's snapshots, after applying (unmeasured) the steps before it that are not
    /// measured; `false` when the playback has no apply left (call ``restart()`` to play it again from a fresh
    /// layout). A pending apply not performed is dropped.
    ///
    /// - Throws: ``HarnessError`` when an unmeasured step is refused (the diff, or the host's checks).
    @discardableResult
    public func advance() throws(HarnessError) -> Bool {
        pending = nil
        guard played < appliesPerTrace else { return false }
        while true {
            let step = sequence.next()
            if step.isMeasured {
                pending = step
                played += 1
                return true
            }
            _ = try ApplyPlayer.apply(step, on: host, builder: builder, scratch: scratch,
                                      clock: ApplyTiming.Untimed.self)
        }
    }

    /// Performs the apply ``advance()`` stopped at: diff, staging and the batches with their layout passes (or
    /// `reloadData`), reading no clock.
    ///
    /// - Throws: ``HarnessError/invalidSnapshot(workload:_:)`` or ``HarnessError/invalidUpdate(workload:_:)``.
    /// - Precondition: ``advance()`` returned `true` since the last call.
    @discardableResult
    public func performApply() throws(HarnessError) -> Report {
        guard let step = pending else { preconditionFailure("performApply() without an apply: call advance() first") }
        pending = nil
        let applied = try ApplyPlayer.apply(step, on: host, builder: builder, scratch: scratch,
                                            clock: ApplyTiming.Untimed.self)
        return Report(batches: applied.batches, operations: applied.operations, visibleJump: applied.jump)
    }

    /// Starts the trace over on a freshly built, laid-out layout, with the sequence's first snapshot again.
    public func restart() {
        host = Self.freshHost(builder, scenario: scenario, variant: variant)
        sequence = Self.freshSequence(builder, scratch: scratch)
        pending = nil
        played = 0
    }

    /// A fresh layout and host, laid out at the trace's first offset (``ApplyPlayer``'s set-up, without its
    /// measurement of the build).
    private static func freshHost(_ builder: WorkloadBuilder, scenario: Scenario, variant: QueryVariant)
        -> CollectionViewHost
    {
        let layout = builder.makeLayout(mode: scenario.invalidation, variant: variant)
        let host = builder.makeHost(layout)
        host.batchValidation = .touched
        host.layoutIfNeeded()
        if case let .scroll(offset)? = builder.trace(contentSize: layout.contentSize).events.first {
            host.setContentOffset(offset)
            host.layoutIfNeeded()
        }
        return host
    }

    /// The workload's sequence from its first snapshot, and `scratch` warmed by a diff of that snapshot with
    /// itself (unmeasured): the room an app's first apply gives the arrays it keeps, as the apply player's warm-up
    /// gives it before its counted applies.
    private static func freshSequence(_ builder: WorkloadBuilder, scratch: ApplyScratch) -> ApplySequence {
        let sequence = ApplySequence(kind: builder.workload.trace, counts: builder.content.itemCounts,
                                     seed: builder.seed)
        if builder.workload.diff == .diff {
            try? sequence.current.difference(to: sequence.current, into: &scratch.difference)
        }
        return sequence
    }
}
