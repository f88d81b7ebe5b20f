import Scenarios

/// A suite ready to measure: loaded from the catalog, resized, checked, with the scenarios its filters select.
public struct RunPlan: Sendable {
    /// What was asked for.
    public var request: RunRequest
    /// The suite, resized and checked; after ``sharded(_:of:)`` only the shard's workloads.
    public var suite: Suite
    /// The ids of the selected scenarios, in run order.
    public var selected: [String]

    /// Loads `request.suite` from `catalog`, resizes it, checks it, and selects the scenarios its filters match.
    ///
    /// - Throws: ``HarnessError/suite(_:)`` when the suite cannot be loaded, ``HarnessError/invalidSuite(_:)``
    ///   when it cannot run, ``HarnessError/noScenarioMatches(suite:filter:requested:)`` when the filters select
    ///   nothing.
    public init(_ request: RunRequest, catalog: LayoutCatalog) throws(HarnessError) {
        let loaded: Suite
        do {
            loaded = try Suite.load(request.suite, catalog: catalog, scalingCapSeconds: request.scalingCapSeconds)
                .resized(rows: request.rows, columns: request.columns)
                .withSelfSizing(request.selfSizing)
                .withUpdates(request.updates, anchoring: request.anchoring)
        } catch let error as SuiteError {
            throw .suite(error)
        } catch {
            throw .invalidSuite("\(error)")
        }
        if let problem = loaded.problem { throw .invalidSuite(problem) }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: request.filter) }
        if selected.isEmpty {
            throw .noScenarioMatches(suite: loaded.name, filter: request.filter, requested: request.suite)
        }
        self.request = request
        self.suite = loaded
        self.selected = selected
    }

    /// The scenarios the suite leaves out up front (the scaling suite's time cap) that the filters match.
    public var skippedUpFront: [SuiteSkip] {
        suite.skipped.filter { Suite.matches($0.id, patterns: request.filter) }
    }

    /// Part `index` (from 1) of `count` of the plan: whole workloads, split by estimated seconds the same way every
    /// time (``Suite/shard(_:of:include:)``), with only the selected scenarios that fall in it.
    public func sharded(_ index: Int, of count: Int) -> RunPlan {
        var copy = self
        let chosen = Set(selected)
        copy.suite = suite.shard(index, of: count, include: chosen.contains)
        let inShard = Set(copy.suite.scenarioIDs)
        copy.selected = selected.filter(inShard.contains)
        return copy
    }
}
