import Foundation
import LayoutModel
import Measurement
import Harness
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

    /// A suite file: loaded as `list --suite FILE` loads it, its scenario ids listed and filtered, and each workload
    /// built in miniature (the layout prepared and scrolled through a few offsets of its query sweep), as `run` does
    /// before it measures.
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
                  builder.memoryProblem(layouts: 1, memoryGuard: MemoryGuard()) == nil
            else { continue }
            let layout = builder.makeLayout(mode: .context)
            let host = builder.makeHost(layout)
            for rect in builder.querySweep(contentSize: layout.contentSize).prefix(4) {
                host.setContentOffset(rect.origin)
            }
            consume(host)
        }
    }
}
