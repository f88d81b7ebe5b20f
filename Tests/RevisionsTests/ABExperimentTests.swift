import Foundation
import Results
import Revisions
import TestFixtures
import Testing

/// `ABExperiment` with stand-in builds: executables that write a prepared results file where `run --output` asks.
@Suite("ABExperiment")
struct ABExperimentTests {
    /// A results document as a run in the repository's dirty working tree records it.
    static func recorded() -> ResultsDocument {
        let machine = MachineInfo(
            cpuModel: "Test CPU", cores: 2, memoryBytes: 8 << 30, kernel: "6.1.0", swiftVersion: "6.3",
            buildConfiguration: "release", allocator: "jemalloc 5.3.0", timingIsValid: true)
        let counts = Metric(unit: "calls", p50: 0, p90: 0, p99: 0, min: 0, max: 0, mean: 0, count: 3,
                            deterministic: true)
        return ResultsDocument(
            toolVersion: "0.1.0", createdAt: "2026-11-22T12:00:00Z",
            git: GitInfo(commit: String(repeating: "f", count: 40), dirty: true, branch: "main"), machine: machine,
            suite: "quick", seed: 1, scenarios: [ScenarioResult(id: "s", parameters: [:], metrics: ["frame.allocations": counts])],
            skipped: [])
    }

    @Test("each side's runs record the side's commit, not the working tree the binaries ran in")
    func runsRecordTheirSidesCommit() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ab-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fixture = "\(scratch)/recorded.json"
        try ResultsStore().write(Self.recorded(), to: fixture, force: false)
        // The stand-in `layoutbench`: copies the fixture to the path after --output.
        let binary = "\(scratch)/layoutbench"
        let script = """
            #!/bin/sh
            while [ $# -gt 0 ]; do
              if [ "$1" = --output ]; then cp '\(fixture)' "$2"; exit 0; fi
              shift
            done
            exit 1
            """
        try ExecutableScript.write(script, to: binary)

        let a = Commit(sha: String(repeating: "a", count: 40), subject: "A", revision: "HEAD~1")
        let b = Commit(sha: String(repeating: "b", count: 40), subject: "B", revision: "HEAD")
        let experiment = ABExperiment(
            a: .init(commit: a, binary: binary), b: .init(commit: b, binary: binary), suite: "quick", seed: 1,
            filters: [], initialRounds: 2, maximumRounds: 2, policy: ComparisonPolicy(), runsDirectory: "\(scratch)/runs")
        let outcome = try experiment.run { _ in }
        #expect(outcome.baseline.git == GitInfo(commit: a.sha, dirty: false, branch: nil))
        #expect(outcome.current.git == GitInfo(commit: b.sha, dirty: false, branch: nil))
        #expect(outcome.comparison.baselineRun?.commit == a.sha && outcome.comparison.currentRun?.dirty == false)
        #expect(outcome.comparison.baselineRunCount == 2 && outcome.comparison.currentRunCount == 2)
        #expect(outcome.processes == 4)
    }
}
