import Foundation
import LayoutModel
import Measurement
import Harness
import Sampling
import Scenarios

extension FuzzTarget {
    /// Where the suite target writes each input: ``Suite/load(_:catalog:scalingCapSeconds:)`` reads a path, as
    /// `list --suite FILE` and `run --suite FILE` give it.
    static let suitePath: String = {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutbench-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        // A failure here shows as every input being unreadable; the path in the error says why.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("suite.json").path
    }()

    /// A suite file: loaded as `list --suite FILE` loads it, its scenario ids listed and filtered, each workload
    /// built in miniature (the layout prepared and scrolled through a few offsets of its query sweep), as `run` does
    /// before it measures, and the first two measured in miniature by the runner (a few frames, deterministic
    /// figures), as `run` measures them.
    static func suite(_ bytes: Data) {
        do {
            try bytes.write(to: URL(fileURLWithPath: suitePath))
        } catch {
            FileHandle.standardError.write(Data("layoutbench-fuzz: cannot write \(suitePath): \(error)\n".utf8))
            exit(1)
        }
        guard let suite = try? Suite.load(suitePath, catalog: .builtIn) else { return }
        let ids = suite.scenarioIDs
        consume(ids.filter { Suite.matches($0, patterns: ["*/binary/*", "flow"]) }.count)
        let small = suite.resized(rows: 3, columns: 3)
        consume(small.problem)
        for workload in suite.workloads.prefix(4) {
            let builder = WorkloadBuilder(workload: workload, seed: 1).miniature()
            guard builder.workload.problem == nil,
                  builder.memoryProblem(layouts: 1) == nil
            else { continue }
            let layout = builder.makeLayout(mode: .context)
            let host = builder.makeHost(layout)
            for rect in builder.querySweep(contentSize: layout.contentSize).prefix(4) {
                host.setContentOffset(rect.origin)
            }
            consume(host)
        }
        // And a bounded measurement of what it built, as `run` measures, so that the runner's guards (the memory
        // guard, a batch the host refuses, self-sizing resolutions, anchoring) are fuzzed, not only the reader: the
        // first two workloads in miniature, a few frames each, deterministic figures only.
        for workload in suite.workloads.prefix(2) {
            var small = WorkloadBuilder(workload: workload, seed: 1).miniature().workload
            small.traceFrames = min(small.traceFrames, 6)
            small.framesPerTurn = min(small.framesPerTurn, 6)
            for keyPath in [\WorkloadSpec.queryPolicy, \.framePolicy, \.fullFramePolicy] {
                small[keyPath: keyPath] = SamplingPolicy(minimumSamples: 1, maximumSamples: 1, timeBudgetNanoseconds: 0,
                                                         targetRelativeError: 0, warmupOperations: 0)
            }
            guard small.problem == nil else { continue }
            let runner = WorkloadRunner(workload: small, seed: 1, deterministicOnly: true, measureAllocations: false)
            switch runner.run() {
            case .measured(let results): consume(results.count)
            case .skipped(let skipped): consume(skipped.count)
            case .refused(let error): consume(error.description)
            }
        }
    }
}
