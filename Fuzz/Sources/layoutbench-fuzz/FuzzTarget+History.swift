import Foundation
import History
import LayoutBenchCLI

extension FuzzTarget {
    /// Where the history target writes each input: a directory of its own, outside any git repository (so that the
    /// commands order commits by date without asking git), made the working directory once.
    static let historyDirectory: String = {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutbench-fuzz-history-\(ProcessInfo.processInfo.processIdentifier)").path
        // A failure here shows as every input failing to be written; the path in that error says why.
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        FileManager.default.changeCurrentDirectoryPath(directory)
        // The commands print tables and pages; libFuzzer reports on stderr, so stdout is dropped.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, STDOUT_FILENO) }
        // One small results file for `history add` to add into each input.
        try? Data(historyResults.utf8).write(to: URL(fileURLWithPath: "\(directory)/run.json"))
        return directory
    }()

    /// A results file of two scenarios, for `history add`.
    static let historyResults = #"{"schemaVersion":1,"toolVersion":"0.1.0","createdAt":"2026-11-20T10:00:00Z","#
        + #""git":{"commit":"00000000000000000000000000000000000000ff","dirty":false,"branch":"main"},"#
        + #""machine":{"cpuModel":"Fuzz","cores":2,"memoryBytes":1,"kernel":"6","swiftVersion":"6.3","#
        + #""buildConfiguration":"release","allocator":"jemalloc 5.3.0","timingIsValid":true},"#
        + #""suite":"gate","seed":1,"skipped":[],"scenarios":[{"id":"grid/0","parameters":{},"metrics":{"#
        + #""query.instructions":{"unit":"instructions","p50":1000,"p90":1000,"p99":1000,"min":1000,"max":1000,"#
        + #""mean":1000,"count":1,"deterministic":true},"query.time":{"unit":"ns","p50":52,"p90":55,"p99":56,"#
        + #""min":50,"max":56,"mean":52.5,"count":3,"deterministic":false,"samples":[50,52,56]}}}]}"#

    /// A history database file (damaged or not): every `history` command run on it in-process as the command line
    /// runs it (`list`, `show`, `changes`, `report` to stdout, then `add` of a small run), each of which must print
    /// or throw its one-line error. The readers must leave the file as it was; a trap, or a reader that wrote, is a
    /// finding.
    static func history(_ bytes: Data) {
        let path = "\(historyDirectory)/history.sqlite"
        for file in HistoryDatabase.files(of: path) { unlink(file) }
        do {
            try bytes.write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("layoutbench-fuzz: cannot write \(path): \(error)\n".utf8))
            exit(1)
        }
        for command in [["list"], ["show", "--build", "any"], ["changes", "--build", "any"],
                        ["report", "--build", "any"]] {
            do { try LayoutBench.run(["history"] + command + ["--database", path]) } catch { consume(error) }
        }
        // A reader that changed the file is a finding: read-only commands never write.
        if let now = FileManager.default.contents(atPath: path), now != bytes {
            FileHandle.standardError.write(Data("layoutbench-fuzz: a history reader changed the database\n".utf8))
            abort()
        }
        do { try LayoutBench.run(["history", "add", "--database", path, "run.json"]) } catch { consume(error) }
    }
}
