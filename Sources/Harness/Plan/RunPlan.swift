import Scenarios

/// A suite ready to measure: loaded from the catalog, resized, checked, with the scenarios its filters select.
package struct RunPlan: Sendable {
    /// What was asked for.
    package var request: RunRequest
    /// The suite, resized and checked; after ``sharded(_:of:)`` only the shard's workloads.
    package var suite: Suite
    /// The ids of the selected scenarios, in run order.
    package var selected: [String]
    /// The names of the catalog's families that take self-sizing items, for ``unusedOptions``.
    private var selfSizingFamilies: [String]

    /// Loads `request.suite` from `catalog`, resizes it, checks it, and selects the scenarios its filters match.
    ///
    /// - Throws: ``HarnessError/suite(_:)`` when the suite cannot be loaded, ``HarnessError/invalidSuite(_:)``
    ///   when it cannot run, ``HarnessError/noScenarioMatches(suite:filter:requested:)`` when the filters select
    ///   nothing.
    package init(_ request: RunRequest, catalog: LayoutCatalog) throws(HarnessError) {
        var loaded: Suite
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
        // A built-in suite leaves out the workloads a family refuses at the suite's sizes (a screen with fixed data);
        // a suite file names its workloads itself, so a refusal there stays an error.
        if BuiltInSuite(rawValue: request.suite) != nil { loaded = loaded.leavingOutRefusedContent() }
        if let problem = loaded.problem { throw .invalidSuite(problem) }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: request.filter) }
        if selected.isEmpty {
            throw .noScenarioMatches(suite: loaded.name, filter: request.filter, requested: request.suite)
        }
        self.request = request
        self.suite = loaded
        self.selected = selected
        selfSizingFamilies = catalog.families.filter { $0 is any SelfSizingLayoutFamily.Type }.map { $0.name }
    }

    /// A note for each of the request's suite-wide options that changes none of the selected scenarios (`--self-sizing`
    /// over workloads none of whose families or traces take it, `--updates` and `--anchoring` over workloads with no
    /// batch updates and no self-sizing items), so that a run does not look like it measured what it did not.
    package var unusedOptions: [String] {
        let chosen = Set(selected)
        let workloads = suite.workloads.filter { $0.scenarioIDs.contains(where: chosen.contains) }
        var notes: [String] = []
        if request.selfSizing != nil && !workloads.contains(where: \.isSelfSizing) {
            notes.append("--self-sizing applies to none of the \(selected.count) selected scenario(s): only the "
                + "families that support self-sizing items (\(selfSizingFamilies.joined(separator: ", "))) take them, "
                + "where their parameters allow and the trace has no batch updates")
        }
        let takeUpdates = workloads.contains { $0.trace.hasUpdates || $0.isSelfSizing }
        for (option, given) in [("--updates", request.updates != nil), ("--anchoring", request.anchoring != nil)]
        where given && !takeUpdates {
            notes.append("\(option) applies to none of the \(selected.count) selected scenario(s): only workloads with "
                + "batch updates or self-sizing items take it")
        }
        return notes
    }

    /// One note for each reason the built-in suite left a family's workloads out (``Scenarios/Suite/leavingOutRefusedContent()``)
    /// that the filters match: how many scenarios, and the family's refusal.
    package var leftOutNotes: [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for skip in skippedUpFront where skip.reason.hasPrefix(Suite.refusedContentPrefix) {
            if counts[skip.reason] == nil { order.append(skip.reason) }
            counts[skip.reason, default: 0] += 1
        }
        return order.map { "left out \(counts[$0, default: 0]) scenario(s): \($0)" }
    }

    /// The scenarios the suite leaves out up front (the scaling suite's time cap) that the filters match.
    package var skippedUpFront: [SuiteSkip] {
        suite.skipped.filter { Suite.matches($0.id, patterns: request.filter) }
    }

    /// Part `index` (from 1) of `count` of the plan: whole workloads, split by estimated seconds the same way every
    /// time (``Scenarios/Suite/shard(_:of:include:)``), with only the selected scenarios that fall in it.
    package func sharded(_ index: Int, of count: Int) -> RunPlan {
        var copy = self
        let chosen = Set(selected)
        copy.suite = suite.shard(index, of: count, include: chosen.contains)
        let inShard = Set(copy.suite.scenarioIDs)
        copy.selected = selected.filter(inShard.contains)
        return copy
    }
}
