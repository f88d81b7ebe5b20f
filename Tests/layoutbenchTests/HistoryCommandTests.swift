import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A results file written by hand: `scenarios` scenarios with an exact metric and `samples` samples of a timing.
func historyResults(commit: String, scenarios: Int, samples: Int = 3, value: Int = 1000,
                    createdAt: String = "2026-11-20T10:00:00Z") -> String {
    let machine = #"{"cpuModel":"Test","cores":2,"memoryBytes":1,"kernel":"6","swiftVersion":"6.3","#
        + #""buildConfiguration":"release","allocator":"jemalloc 5.3.0","timingIsValid":true}"#
    let sampleList = (0..<samples).map { "\(50 + $0 % 7)" }.joined(separator: ",")
    let scenarioList = (0..<scenarios).map { index in
        #"{"id":"grid/\#(index)","parameters":{"rows":"\#(index)"},"metrics":{"#
            + #""query.instructions":{"unit":"instructions","p50":\#(value + index),"p90":\#(value + index),"#
            + #""p99":\#(value + index),"min":\#(value + index),"max":\#(value + index),"mean":\#(value + index),"#
            + #""count":1,"deterministic":true},"#
            + #""query.wall":{"unit":"ns","p50":52,"p90":55,"p99":56,"min":50,"max":56,"mean":52.5,"count":\#(samples),"#
            + #""deterministic":false,"samples":[\#(sampleList)]}}}"#
    }.joined(separator: ",")
    return #"{"schemaVersion":1,"toolVersion":"0.1.0","createdAt":"\#(createdAt)","#
        + #""git":{"commit":"\#(commit)","dirty":false,"branch":"main"},"machine":\#(machine),"#
        + #""suite":"gate","seed":1,"skipped":[],"scenarios":[\#(scenarioList)]}"#
}

func historySHA(_ n: Int) -> String {
    let hex = String(n, radix: 16)
    return String(repeating: "a", count: 40 - hex.count) + hex
}

func historyDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("history and bisect commands", .serialized)
struct HistoryCommandTests {
    @Test("add, add again (skipped), list, show, changes: an exact 1 % step is listed with its commits")
    func endToEnd() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for index in 0..<6 {
            let file = directory.appendingPathComponent("run\(index).json").path
            try historyResults(commit: historySHA(index + 1), scenarios: 2, value: index < 4 ? 1000 : 1010,
                               createdAt: "2026-11-2\(index)T10:00:00Z").write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let database = directory.appendingPathComponent("results/history.sqlite").path
        let added = try LayoutBenchProcess.run(["history", "add", "--database", database] + files)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdoutLines.filter { $0.hasPrefix("added ") }.count == 6)
        let again = try LayoutBenchProcess.run(["history", "add", "--database", database, files[2]])
        #expect(again.status == 0 && again.stdout.hasPrefix("skipped ") && again.stdout.contains("already"))
        let list = try LayoutBenchProcess.run(["history", "list", "--database", database], stdout: .captured,
                                              in: directory)
        #expect(list.status == 0)
        #expect(list.stdoutLines.count == 7)
        let show = try LayoutBenchProcess.run(["history", "show", "--database", database, "--filter", "grid/0",
                                               "--metric", "query.instructions"], stdout: .captured, in: directory)
        #expect(show.status == 0 && show.stdout.contains("▁▁▁▁██") && show.stdout.contains("+1.00%"))
        let changes = try LayoutBenchProcess.run(["history", "changes", "--database", database,
                                                  "--metric", "query.instructions"], stdout: .captured, in: directory)
        #expect(changes.status == 0)
        let rows = changes.stdoutLines.dropFirst()
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.contains("\(historySHA(4).prefix(10))..\(historySHA(5).prefix(10))") && $0.contains("exact") })
    }

    /// A hand-written instruction profile of grid/0's queries: `query()` alone, or with `slow()` costing 10 more.
    static func profile(commit: String, createdAt: String, slow: Bool) -> String {
        let functions = #"[{"name":"query()","symbol":"$s4grid5queryyyF","object":"layoutbench"},{"name":"slow()"}]"#
        let region = slow
            ? #"{"calls":[[0,1,10]],"costs":[[0,1000,1010],[1,10,10]],"kind":"query","operations":1,"others":[],"remainder":0,"total":1010}"#
            : #"{"calls":[],"costs":[[0,1000,1000]],"kind":"query","operations":1,"others":[],"remainder":0,"total":1000}"#
        return #"{"folded":["specializations"],"format":"layoutbench instruction profile","formatVersion":1,"#
            + #""functions":\#(functions),"limit":30,"names":"swift demangle --simplified","#
            + #""run":{"commit":"\#(commit)","createdAt":"\#(createdAt)","seed":1,"suite":"gate"},"#
            + #""scenarios":[{"id":"grid/0","regions":[\#(region)]}],"tool":"callgrind 3.19.0"}"#
    }

    @Test("history add keeps the profiles results files name, and changes names the functions behind a step")
    func changesNameFunctions() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for index in 0..<2 {
            let commit = historySHA(index + 1), createdAt = "2026-11-2\(index)T10:00:00Z"
            let name = "run\(index)"
            var results = historyResults(commit: commit, scenarios: 1, value: index == 0 ? 1000 : 1010,
                                         createdAt: createdAt)
            results.removeLast()
            results += #","profile":{"file":"\#(name).profile.json","formatVersion":1}}"#
            try results.write(toFile: directory.appendingPathComponent("\(name).json").path, atomically: true,
                              encoding: .utf8)
            try Self.profile(commit: commit, createdAt: createdAt, slow: index == 1)
                .write(toFile: directory.appendingPathComponent("\(name).profile.json").path, atomically: true,
                       encoding: .utf8)
            files.append(directory.appendingPathComponent("\(name).json").path)
        }
        let database = directory.appendingPathComponent("history.sqlite").path
        let added = try LayoutBenchProcess.run(["history", "add", "--database", database] + files)
        #expect(added.status == 0 && !added.stderr.contains("warning"), "\(added.stderr)")
        let changes = try LayoutBenchProcess.run(["history", "changes", "--database", database,
                                                  "--metric", "query.instructions"], stdout: .captured, in: directory)
        #expect(changes.status == 0, "\(changes.stderr)")
        #expect(changes.stdout.contains("which functions (largest changes of their own instructions per operation"))
        #expect(changes.stdout.contains("  grid/0  query.instructions  \(historySHA(1).prefix(10))..\(historySHA(2).prefix(10)): "
            + "slow() (new) +10/query (100.0 %)"))
        let none = try LayoutBenchProcess.run(["history", "changes", "--database", database, "--functions", "0"],
                                              stdout: .captured, in: directory)
        #expect(none.status == 0 && !none.stdout.contains("which functions"))
    }

    @Test("8 concurrent `history add` processes lose nothing")
    func concurrent() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("history.sqlite").path
        let binary = try #require(LayoutBenchProcess.binary).path
        var children: [SpawnedProcess] = []
        for index in 0..<8 {
            let file = directory.appendingPathComponent("shard\(index).json").path
            try historyResults(commit: historySHA(100 + index), scenarios: 300, samples: 20)
                .write(toFile: file, atomically: true, encoding: .utf8)
            // Each process adds its own file and one other's: duplicates race too.
            let other = directory.appendingPathComponent("shard\((index + 1) % 8).json").path
            children.append(try SpawnedProcess(binary, ["history", "add", "--database", database, file, other],
                                               in: directory, environment: ProcessInfo.processInfo.environment,
                                               stdout: directory.appendingPathComponent("out\(index)").path,
                                               stderr: directory.appendingPathComponent("err\(index)").path))
        }
        var statuses: [Int32] = []
        for child in children { statuses.append(child.wait().status) }
        let errors = (0..<8).map { (try? String(contentsOfFile: directory.appendingPathComponent("err\($0)").path, encoding: .utf8)) ?? "" }
        #expect(statuses == Array(repeating: 0, count: 8), "\(errors)")
        let outputs = (0..<8).compactMap { try? String(contentsOfFile: directory.appendingPathComponent("out\($0)").path, encoding: .utf8) }
        let lines = outputs.flatMap { $0.split(separator: "\n") }
        #expect(lines.filter { $0.hasPrefix("added ") }.count == 8)
        #expect(lines.filter { $0.hasPrefix("skipped ") }.count == 8)
        let list = try LayoutBenchProcess.run(["history", "list", "--database", database])
        let runs = list.stdoutLines.dropFirst()
        #expect(runs.count == 8 && runs.allSatisfy { $0.contains(" 300 ") })
    }

    @Test("an ingest killed with SIGKILL at random points leaves a database that opens and holds all or none of the run")
    func killed() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(LayoutBenchProcess.binary).path
        let small = directory.appendingPathComponent("small.json").path
        try historyResults(commit: historySHA(1), scenarios: 2).write(toFile: small, atomically: true, encoding: .utf8)
        let big = directory.appendingPathComponent("big.json").path
        try historyResults(commit: historySHA(2), scenarios: 4000, samples: 40)
            .write(toFile: big, atomically: true, encoding: .utf8)
        // How long a whole add of the big file takes, to spread the kills over it.
        let timing = directory.appendingPathComponent("timing.sqlite").path
        let start = Date()
        #expect(try LayoutBenchProcess.run(["history", "add", "--database", timing, big]).status == 0)
        let whole = Date().timeIntervalSince(start)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var outcomes: [String: Int] = [:]
        for round in 0..<10 {
            let database = directory.appendingPathComponent("killed\(round).sqlite").path
            #expect(try LayoutBenchProcess.run(["history", "add", "--database", database, small]).status == 0)
            let child = try SpawnedProcess(binary, ["history", "add", "--database", database, big], in: directory,
                                           environment: ProcessInfo.processInfo.environment,
                                           stdout: "/dev/null", stderr: "/dev/null")
            // A seeded point in the add (splitmix64), from its start to a little past its end.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let fraction = Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
            usleep(useconds_t(fraction * whole * 1.1 * 1_000_000))
            kill(child.pid, SIGKILL)
            _ = child.wait()
            let list = try LayoutBenchProcess.run(["history", "list", "--database", database])
            #expect(list.status == 0, "the database must open: \(list.stderr)")
            let runs = list.stdoutLines.dropFirst()
            #expect(runs.count == 1 || runs.count == 2)
            if runs.count == 2 {
                #expect(runs.contains { $0.contains(" 4000 ") }, "the big run must be whole: \(runs)")
                outcomes["all", default: 0] += 1
            } else {
                outcomes["none", default: 0] += 1
            }
        }
        print("history add killed at 10 seeded points over \(String(format: "%.2f", whole)) s: \(outcomes)")
    }

    @Test("a corrupt database, a directory or a missing one: one line, exit 1, the file left as it is")
    func errors() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("corrupt.sqlite").path
        let bytes = Data(repeating: 0x42, count: 10_000)
        try bytes.write(to: URL(fileURLWithPath: corrupt))
        let results = directory.appendingPathComponent("r.json").path
        try historyResults(commit: historySHA(1), scenarios: 1).write(toFile: results, atomically: true, encoding: .utf8)
        for arguments in [["history", "list", "--database", corrupt], ["history", "add", "--database", corrupt, results],
                          ["history", "changes", "--database", directory.path],
                          ["history", "show", "--database", directory.appendingPathComponent("none").path]] {
            let run = try LayoutBenchProcess.run(arguments)
            #expect(run.status == 1 && run.stdout.isEmpty)
            #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("layoutbench: error: "), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("none").path))
    }

    @Test("history report --format html: a trend chart per series, its points and change points")
    func report() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("h.sqlite").path
        for index in 0..<5 {
            let file = directory.appendingPathComponent("run\(index).json").path
            try historyResults(commit: historySHA(index + 1), scenarios: 1, value: index < 3 ? 1000 : 1200,
                               createdAt: "2026-11-2\(index)T10:00:00Z").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try LayoutBenchProcess.run(["history", "add", "--database", database, file]).status == 0)
        }
        let page = directory.appendingPathComponent("history.html").path
        let run = try LayoutBenchProcess.run(["history", "report", "--database", database, "--format", "html",
                                              "--output", page], stdout: .captured, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(html.components(separatedBy: "data-chart=\"trend\"").count == 3)
        #expect(html.components(separatedBy: "class=\"point\"").count == 11)
        #expect(html.components(separatedBy: "class=\"change\"").count == 2)
        #expect(html.contains("+20.00 %"))
    }
}
