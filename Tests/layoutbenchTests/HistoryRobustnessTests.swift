import Foundation
import Testing

/// A results file of one scenario whose one metric `metric` is `value` at `commit` (no samples).
func historyLevel(commit: String, metric: String, unit: String = "calls", value: Double, day: Int) -> String {
    let machine = #"{"cpuModel":"Test","cores":2,"memoryBytes":1,"kernel":"6","swiftVersion":"6.3","#
        + #""buildConfiguration":"release","allocator":"jemalloc 5.3.0","timingIsValid":true}"#
    let v = "\(value)"
    return #"{"schemaVersion":1,"toolVersion":"0.1.0","createdAt":"2026-11-\#(10 + day)T10:00:00Z","#
        + #""git":{"commit":"\#(commit)","dirty":false,"branch":"main"},"machine":\#(machine),"#
        + #""suite":"gate","seed":1,"skipped":[],"scenarios":[{"id":"grid/0","parameters":{},"metrics":{"#
        + #""\#(metric)":{"unit":"\#(unit)","p50":\#(v),"p90":\#(v),"p99":\#(v),"min":\#(v),"max":\#(v),"mean":\#(v),"#
        + #""count":1,"deterministic":true}}}]}"#
}

/// Issue 36: the history database's readers and writers on hostile databases, figures and options.
@Suite("history: damaged databases, extreme figures, read-only readers", .serialized)
struct HistoryRobustnessTests {
    /// A database of `values` of custom metric `custom.level`, one commit each, in a new directory.
    func database(_ values: [Double], metric: String = "custom.level") throws -> (URL, String) {
        let directory = try historyDirectory()
        var files: [String] = []
        for (index, value) in values.enumerated() {
            let file = directory.appendingPathComponent("level\(index).json").path
            try historyLevel(commit: historySHA(index + 1), metric: metric, value: value, day: index)
                .write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let path = directory.appendingPathComponent("history.sqlite").path
        let added = try LayoutBenchProcess.run(["history", "add", "--database", path] + files)
        #expect(added.status == 0, "\(added.stderr)")
        return (directory, path)
    }

    func checksum(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("show, changes and report of a series from -1.7e308 to +1.7e308: rendered, no trap, no 309-digit number")
    func extremeLevels() throws {
        let (directory, path) = try database([-1.7e308, 1.7e308, -1.7e308])
        defer { try? FileManager.default.removeItem(at: directory) }
        let show = try LayoutBenchProcess.run(["history", "show", "--database", path, "--metric", "custom.level"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("▁█▁"))
        #expect(show.stdout.contains("1.700e308") && !show.stdout.contains("00000000000000000000"))
        let changes = try LayoutBenchProcess.run(["history", "changes", "--database", path])
        #expect(changes.status == 0, "\(changes.stderr)")
        #expect(changes.stdout.contains("+200.00%") && changes.stdout.contains("-200.00%"))
        let report = try LayoutBenchProcess.run(["history", "report", "--database", path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(!report.stdout.contains(">inf") && !report.stdout.contains(" inf ") && report.stdout.contains("e308"))
    }

    @Test("a negative level that doubles its size fell: -2.5 -> -5 is -100.00%")
    func negativeLevels() throws {
        let (directory, path) = try database([-2.5, -5])
        defer { try? FileManager.default.removeItem(at: directory) }
        let show = try LayoutBenchProcess.run(["history", "show", "--database", path, "--metric", "custom.level"])
        #expect(show.status == 0 && show.stdout.contains("-100.00%") && !show.stdout.contains("+100.00%"))
    }

    @Test("history report never writes its page over the database or its -wal and -shm files, --force or not",
          arguments: ["", "-wal", "-shm"])
    func reportOutputIsNotTheDatabase(suffix: String) throws {
        let (directory, path) = try database([1, 2])
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try checksum(path)
        let report = try LayoutBenchProcess.run(["history", "report", "--database", path, "--output", path + suffix,
                                                 "--force"])
        #expect(report.status == 1)
        #expect(report.stderr.contains("is the input") && report.stderr.split(separator: "\n").count == 1)
        #expect(try checksum(path) == before)
    }

    @Test("history add into a database that fails its integrity check is refused in one line; the file is as it was")
    func addIntoDamaged() throws {
        let (directory, path) = try database((0..<40).map(Double.init))
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = try checksum(path)
        // The second page of the file, all of it: a b-tree page of the database, past the header.
        for index in 4096..<min(bytes.count, 8192) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        let extra = directory.appendingPathComponent("extra.json").path
        try historyLevel(commit: historySHA(99), metric: "custom.level", value: 7, day: 0)
            .write(toFile: extra, atomically: true, encoding: .utf8)
        let add = try LayoutBenchProcess.run(["history", "add", "--database", path, extra])
        #expect(add.status == 1)
        #expect(add.stderr.contains("is not a readable history database") && !add.stdout.contains("added"))
        #expect(add.stderr.split(separator: "\n").count == 1)
        #expect(try checksum(path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("list, show, changes and report never write: the file, its size and its neighbours stay as they were",
          arguments: [["list"], ["show"], ["changes"], ["report"]])
    func readersNeverWrite(command: [String]) throws {
        let (directory, path) = try database([1, 2, 3])
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try checksum(path)
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let run = try LayoutBenchProcess.run(["history"] + command + ["--database", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try checksum(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == listing)
        // An empty file is not given a schema: one line, exit 1, and still 0 bytes.
        let empty = directory.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        let refused = try LayoutBenchProcess.run(["history"] + command + ["--database", empty])
        #expect(refused.status == 1 && refused.stderr.contains("holds no history yet"))
        #expect(try checksum(empty).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: empty + "-wal"))
    }

    @Test("history add refuses a run with no scenarios and a negative built-in figure, adding nothing")
    func addRefusesImpossibleRuns() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.sqlite").path
        let negative = directory.appendingPathComponent("negative.json").path
        try historyLevel(commit: historySHA(1), metric: "frame.allocations", value: -3, day: 0)
            .write(toFile: negative, atomically: true, encoding: .utf8)
        let empty = directory.appendingPathComponent("empty.json").path
        try historyResults(commit: historySHA(2), scenarios: 0).write(toFile: empty, atomically: true, encoding: .utf8)
        for (file, expected) in [(negative, "negative or infinite frame.allocations"), (empty, "no measured scenarios")] {
            let add = try LayoutBenchProcess.run(["history", "add", "--database", path, file])
            #expect(add.status == 1 && add.stderr.contains(expected), "\(add.stderr)")
            #expect(add.stderr.contains("nothing was added"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("history add to a full stdout says the run was added all the same")
    func addToFullStandardOutput() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.sqlite").path
        let file = directory.appendingPathComponent("one.json").path
        try historyResults(commit: historySHA(1), scenarios: 1).write(toFile: file, atomically: true, encoding: .utf8)
        let add = try LayoutBenchProcess.run(["history", "add", "--database", path, file], stdout: .full)
        #expect(add.status == 1)
        #expect(add.stderr.contains("cannot write to standard output") && add.stderr.contains("added to"))
        #expect(!add.stderr.contains("nothing"))
    }

    @Test("options: --build names the build, --filter '' is refused as by run, a missing --repository is named, negative --significance reaches its check")
    func options() throws {
        let (directory, path) = try database([1, 2])
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [([String], String)] = [
            (["show", "--build", "bogus"], "no run of build 'bogus'"),
            (["show", "--filter", ""], "--filter needs a pattern"),
            (["changes", "--filter", " "], "--filter needs a pattern"),
            (["list", "--repository", directory.appendingPathComponent("nowhere").path], "does not exist"),
            (["changes", "--significance", "-0.5"], "--significance must be in (0, 1)"),
            (["changes", "--seed", "-1"], "--seed"),
        ]
        for (arguments, expected) in cases {
            let run = try LayoutBenchProcess.run(["history"] + arguments + ["--database", path])
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Missing value"))
        }
    }
}
