import Testing

@testable import Scenarios

/// `run --shard i/n` runs whole workloads, and the shards of a suite partition it exactly.
@Suite("Suite shards")
struct SuiteShardTests {
    @Test("the shards of every built-in suite partition it exactly, in suite order", arguments: [1, 2, 3, 5, 40])
    func partition(count: Int) {
        for suite in Suite.builtIn {
            let shards = (1...count).map { suite.shard($0, of: count) }
            let ids = shards.flatMap(\.scenarioIDs)
            #expect(ids.sorted() == suite.scenarioIDs.sorted(), "\(suite.name) in \(count)")
            #expect(Set(ids).count == ids.count)
            for shard in shards {
                let positions = shard.workloads.compactMap { w in suite.workloads.firstIndex(of: w) }
                #expect(positions == positions.sorted(), "suite order kept")
            }
        }
    }

    @Test("the split is deterministic and balanced by estimated seconds")
    func balanced() {
        let suite = Suite.builtIn(.standard, catalog: .builtIn)
        let a = (1...3).map { suite.shard($0, of: 3) }, b = (1...3).map { suite.shard($0, of: 3) }
        #expect(a == b)
        let seconds = a.map { $0.workloads.reduce(0) { $0 + $1.estimatedSeconds(deterministicOnly: false) } }
        let largest = suite.workloads.map { $0.estimatedSeconds(deterministicOnly: false) }.max() ?? 0
        // A greedy split is within one workload of even.
        #expect((seconds.max() ?? 0) - (seconds.min() ?? 0) <= largest)
    }

    @Test("a filter weighs only the selected scenarios, and unselected workloads go to no shard")
    func filtered() {
        let suite = Suite.builtIn(.quick, catalog: .builtIn)
        let wanted = Set(suite.scenarioIDs.filter { $0.hasPrefix("300x300/") })
        let shards = (1...2).map { suite.shard($0, of: 2, include: wanted.contains) }
        #expect(shards.flatMap(\.workloads).count == 1)
    }
}
