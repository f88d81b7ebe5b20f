import Foundation
import Results

/// Documents and scratch directories shared by the Results tests.
enum Fixtures {
    /// A document with every field filled in, optional ones included.
    static func fullDocument(suite: String = "smoke", git: GitInfo? = fullGit) -> ResultsDocument {
        ResultsDocument(
            toolVersion: "0.1.0",
            createdAt: "2026-11-21T12:34:56Z",
            git: git,
            machine: MachineInfo(
                cpuModel: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", cores: 2, memoryBytes: 8_589_934_592,
                kernel: "6.1.0-13-cloud-amd64", swiftVersion: "6.3", buildConfiguration: "release",
                allocator: "jemalloc 5.3.0", timingIsValid: true
            ),
            suite: suite,
            seed: .max,
            scenarios: [
                ScenarioResult(
                    id: "grid-1000x1000/binary-search/context",
                    parameters: ["layout": "sticky-grid", "referenceStrategy": "linear-scan", "rows": "1000",
                                 "columns": "1000", "strategy": "binary-search"],
                    metrics: [
                        "query.time": Metric(
                            unit: "ns", p50: 5170.5, p90: 5900, p99: 7100.25, min: 4800, max: 9000, mean: 5300.125,
                            count: 4, deterministic: false, samples: [4800, 5170.5, 5900, 9000]
                        ),
                        "prepare.allocations": .exact(3, unit: "count"),
                        "memory.requestedBytesPerCell": .exact(16, unit: "bytes/cell"),
                    ]
                ),
                ScenarioResult(id: "empty", parameters: ["layout": "flow"], metrics: [:]),
            ],
            skipped: [
                SkippedScenario(id: "grid-10000x10000/objects", reason: "needs 7.5 GiB, 3.1 GiB allowed",
                                estimatedBytes: 8_053_063_680),
                SkippedScenario(id: "other", reason: "not selected"),
            ]
        )
    }

    /// A dirty checkout on a branch.
    static let fullGit = GitInfo(commit: "0123456789abcdef0123456789abcdef01234567", dirty: true, branch: "main")
}
