extension Suite {
    /// How the reason of a scenario ``leavingOutRefusedContent()`` left out begins.
    public static let refusedContentPrefix = "the family refuses the suite's content: "

    /// The suite without the workloads whose content their family refuses, each of their scenarios kept in
    /// ``skipped`` with the family's reason; the suite unchanged when every workload is refused (so that
    /// ``problem`` names the first refusal) or none is.
    ///
    /// A built-in suite is every family's workloads at the suite's sizes, and a family may not take a size: a
    /// screen whose data has three sections cannot be laid out at 100 rows (`Examples/UIKitLayout`'s Apple-sample
    /// screens). A suite file names its workloads itself, so a refusal there stays an error; a built-in suite run over
    /// a catalog with such families leaves them out and says so, rather than refusing the whole run.
    ///
    /// - Complexity: O(workloads) family checks.
    public func leavingOutRefusedContent() -> Suite {
        var kept: [WorkloadSpec] = []
        var left: [SuiteSkip] = []
        for workload in workloads {
            if let refusal = workload.layout.base.problem(for: workload.content(seed: 1)) {
                left += workload.scenarioIDs.map { SuiteSkip(id: $0, reason: Self.refusedContentPrefix + refusal) }
            } else {
                kept.append(workload)
            }
        }
        guard !left.isEmpty, !kept.isEmpty else { return self }
        var suite = self
        suite.workloads = kept
        suite.skipped += left
        return suite
    }
}
