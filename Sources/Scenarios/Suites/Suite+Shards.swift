extension Suite {
    /// The part of the suite that shard `index` of `count` runs: whole workloads, assigned so that the shards'
    /// estimated seconds are as even as a greedy split makes them (the longest workload first, each to the shard
    /// with the least so far; ties to the lower shard), kept in suite order. The same suite always splits the same
    /// way, and the shards partition it exactly.
    ///
    /// - Parameters:
    ///   - index: the shard, from 1 to `count`.
    ///   - count: the number of shards, at least 1.
    ///   - include: which scenario ids are selected; a workload's weight is its estimate times the share of its
    ///     scenarios selected, and a workload with none selected goes to no shard.
    /// - Complexity: O(w log w + w x count) for w workloads.
    public func shard(_ index: Int, of count: Int, include: (String) -> Bool = { _ in true }) -> Suite {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index) of \(count)")
        let weights = workloads.map { workload -> Double in
            let ids = workload.scenarioIDs
            let share = Double(ids.filter(include).count) / Double(Swift.max(1, ids.count))
            return share == 0 ? -1 : Swift.max(share * workload.estimatedSeconds(deterministicOnly: deterministicOnly),
                                               1e-9)
        }
        var totals = Array(repeating: 0.0, count: count)
        var owner = Array(repeating: 0, count: workloads.count)
        for position in workloads.indices.sorted(by: { weights[$0] > weights[$1] || (weights[$0] == weights[$1] && $0 < $1) })
        where weights[position] >= 0 {
            let lightest = totals.indices.min { totals[$0] < totals[$1] || (totals[$0] == totals[$1] && $0 < $1) } ?? 0
            totals[lightest] += weights[position]
            owner[position] = lightest + 1
        }
        var copy = self
        copy.workloads = workloads.indices.filter { owner[$0] == index }.map { workloads[$0] }
        // Scenarios the suite skips before running (the scaling suite's time cap) are recorded by the first shard.
        copy.skipped = index == 1 ? skipped : []
        return copy
    }
}
