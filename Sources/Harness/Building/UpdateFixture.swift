import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios

/// A scenario whose trace carries batch updates, replayed one update frame at a time from a freshly built layout:
/// what the instruction pass counts as `update.instructions` and what a package-benchmark iteration of an update
/// workload measures (Benchmarks/).
///
/// It plays the trace as the runner's update player plays its counting pass: a fresh model, layout (the workload's
/// update strategy, in the scenario's mode and variant) and host with ``LayoutModel/BatchUpdateValidation/touched``
/// validation; every event but a batch update is played unmeasured (scrolls lay out, as a frame does); before a
/// batch, the app's model takes it and the app's part runs (``WorkloadBuilder/appWillChangeData(_:on:)``), so that
/// ``performUpdate()`` is only the collection view's `performBatchUpdates`, the region `update.time` times.
///
/// ```swift
/// let fixture = try UpdateFixture(scenario, seed: 1)
/// try fixture.warmUp()
/// while try fixture.advance() {
///     measure { _ = try fixture.performUpdate() }
/// }
/// ```
public final class UpdateFixture {
    /// The scenario.
    public let scenario: Scenario
    /// The simulated collection view of the current playback (replaced when the trace starts over).
    public private(set) var host: CollectionViewHost
    private let builder: WorkloadBuilder
    private let variant: QueryVariant
    private var model: AppDataModel
    private let events: [TraceEvent]
    /// The next event of the trace to play.
    private var next = 0
    /// The batch ``advance()`` stopped at, which the model has taken and the host not yet.
    private var pending: BatchUpdate?
    /// Whether the app's part after the last performed batch is still to run.
    private var afterUpdate = false

    /// Builds the scenario's layout and lays it out, as ``ScenarioFixture`` does for the same seed.
    ///
    /// - Throws: ``ScenarioFixture/BuildError`` when the workload is invalid, has no batch updates, or will not fit
    ///   in memory.
    public init(_ scenario: Scenario, seed: UInt64, memoryGuard: MemoryGuard = MemoryGuard())
        throws(ScenarioFixture.BuildError)
    {
        let (builder, variant) = try ScenarioFixture.preflight(scenario, seed: seed, memoryGuard: memoryGuard) {
            $0.trace.hasUpdates ? nil : "its \($0.trace.rawValue) trace has no batch updates"
        }
        self.scenario = scenario
        self.builder = builder
        self.variant = variant
        (model, host) = Self.fresh(builder, scenario: scenario, variant: variant)
        events = builder.trace(contentSize: host.layout.contentSize).events
    }

    /// The update frames of one playback of the trace.
    public var updatesPerTrace: Int { events.reduce(0) { $0 + ($1.isUpdate ? 1 : 0) } }

    /// The update frames left in this playback after the batch ``advance()`` stopped at, if any.
    public var updatesLeft: Int { events[next...].reduce(0) { $0 + ($1.isUpdate ? 1 : 0) } }

    /// Plays the trace's first ``Scenarios/WorkloadSpec/framesPerTurn`` events (every kind, batches included),
    /// unmeasured, as the update player's counting pass does before it counts: buffers reach their steady size.
    ///
    /// - Throws: ``HarnessError/invalidUpdate(workload:_:)`` when the host refuses a batch.
    public func warmUp() throws(HarnessError) {
        let target = Swift.min(scenario.workload.framesPerTurn, events.count)
        while next < target {
            if try advance(stoppingAt: target) { _ = try performUpdateChecked() }
        }
    }

    /// Plays the events before the next batch update, unmeasured, then gives the batch to the app's model; `false`
    /// when the trace has no batch left (call ``restart()`` to play it again from a fresh layout).
    ///
    /// - Throws: ``HarnessError/invalidUpdate(workload:_:)`` when the app's model refuses the batch.
    @discardableResult
    public func advance() throws(HarnessError) -> Bool {
        try advance(stoppingAt: events.count)
    }

    /// Performs the batch ``advance()`` stopped at: the host's `performBatchUpdates`, its layout pass included.
    ///
    /// - Throws: ``LayoutModel/BatchUpdateError`` when the host refuses the batch.
    /// - Precondition: ``advance()`` returned `true` since the last call.
    @discardableResult
    public func performUpdate() throws(BatchUpdateError) -> BatchUpdateReport {
        guard let batch = pending else { preconditionFailure("performUpdate() without a batch: call advance() first") }
        pending = nil
        afterUpdate = true
        return try host.performBatchUpdates(batch, newCounts: model.counts)
    }

    /// Starts the trace over on a freshly built, laid-out layout.
    public func restart() {
        finishUpdate()
        (model, host) = Self.fresh(builder, scenario: scenario, variant: variant)
        next = 0
        pending = nil
    }

    private func advance(stoppingAt end: Int) throws(HarnessError) -> Bool {
        finishUpdate()
        while next < end {
            let event = events[next]
            next += 1
            switch event {
            case let .update(batch, added):
                try model.apply(batch, addedSectionCounts: added, workload: scenario.workload.id)
                builder.appWillChangeData(.batchUpdate, on: host)  // the app's part, not measured
                pending = batch
                return true
            case let .scroll(offset):
                host.setContentOffset(offset)
                host.layoutIfNeeded()
            default:
                builder.apply(event, to: host)
                host.layoutIfNeeded()
            }
        }
        return false
    }

    private func performUpdateChecked() throws(HarnessError) -> BatchUpdateReport {
        do throws(BatchUpdateError) {
            return try performUpdate()
        } catch {
            throw .invalidUpdate(workload: scenario.workload.id, error)
        }
    }

    /// The app's part after a performed batch, once.
    private func finishUpdate() {
        guard afterUpdate else { return }
        afterUpdate = false
        builder.appDidChangeData(.batchUpdate, on: host)
    }

    private static func fresh(_ builder: WorkloadBuilder, scenario: Scenario, variant: QueryVariant)
        -> (AppDataModel, CollectionViewHost)
    {
        let model = builder.makeModel()
        let host = builder.makeHost(builder.makeLayout(mode: scenario.invalidation, variant: variant, model: model))
        host.batchValidation = .touched
        host.layoutIfNeeded()
        return (model, host)
    }
}
