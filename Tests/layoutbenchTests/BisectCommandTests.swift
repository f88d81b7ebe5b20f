import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A synthetic history: `count` commits of a file `metric.txt` whose value steps by 1 % at `culprit`, optionally
/// with commits marked `broken`, built by a stand-in `swift` (a script) whose "binary" writes a results file with
/// that value: git worktrees, the build cache and the bisect driver are real; no compiler runs.
final class BisectFixture {
    let path: String
    let tools: String
    let buildLog: String
    let git: String
    private(set) var commits: [String] = []

    init(count: Int, culprit: Int, broken: Set<Int> = []) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bisect-\(UUID().uuidString)").path
        path = "\(root)/repo"
        tools = "\(root)/tools"
        buildLog = "\(root)/builds.log"
        git = try #require(["/usr/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) })
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try Self.writeTools(to: tools, buildLog: buildLog)
        try run(["init", "-q", "-b", "main"])
        for index in 0..<count {
            try Data("\(index < culprit ? 1000 : 1010)\n".utf8).write(to: URL(fileURLWithPath: "\(path)/metric.txt"))
            try Data("\(index)\n".utf8).write(to: URL(fileURLWithPath: "\(path)/counter.txt"))
            let brokenFile = "\(path)/broken"
            if broken.contains(index) {
                try Data().write(to: URL(fileURLWithPath: brokenFile))
            } else {
                try? FileManager.default.removeItem(atPath: brokenFile)
            }
            try run(["add", "-A"])
            try run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m",
                     index == culprit ? "Inject a 1 % regression" : "Commit \(index)"])
            commits.append(try run(["rev-parse", "HEAD"]))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    /// How many builds the stand-in `swift` made.
    var builds: Int {
        (try? String(contentsOfFile: buildLog, encoding: .utf8))?.split(separator: "\n").count ?? 0
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `swift` (build, --show-bin-path) and the template of the `layoutbench` it "builds".
    static func writeTools(to directory: String, buildLog: String) throws {
        let swift = """
            #!/bin/bash
            # A stand-in for `swift build -c release --product layoutbench --scratch-path DIR [--show-bin-path]`.
            scratch=""; show=0
            while [ $# -gt 0 ]; do
              case "$1" in --scratch-path) scratch="$2"; shift ;; --show-bin-path) show=1 ;; esac
              shift
            done
            if [ $show = 1 ]; then echo "$scratch/release"; exit 0; fi
            if [ -f broken ]; then echo "error: this commit does not compile" >&2; exit 1; fi
            if [ -n "$FAKE_BUILD_SECONDS" ]; then sleep "$FAKE_BUILD_SECONDS"; fi
            echo "$(pwd)" >> "\(buildLog)"
            mkdir -p "$scratch/release"
            value=$(cat metric.txt)
            # The timing: 1000 ns before the step, 1100 ns (10 %) after it, with a ±2 % spread of samples.
            wall=$((value * 10 - 9000))
            sed -e "s/@VALUE@/$value/g" -e "s/@WALL@/$wall/g" -e "s/@LOW@/$((wall - 20))/g" -e "s/@HIGH@/$((wall + 20))/g" \\
                "$(dirname "$0")/layoutbench.template" > "$scratch/release/layoutbench"
            chmod +x "$scratch/release/layoutbench"
            """
        let template = """
            #!/bin/bash
            # The "built" layoutbench: `run … --filter ID --output FILE` writes a results file with the commit's value.
            out=""; filter=""
            while [ $# -gt 0 ]; do
              case "$1" in --output) out="$2"; shift ;; --filter) filter="$2"; shift ;; esac
              shift
            done
            cat > "$out.tmp" <<JSON
            {"schemaVersion":1,"toolVersion":"0.1.0","createdAt":"2026-11-25T00:00:00Z",
             "machine":{"cpuModel":"Test","cores":2,"memoryBytes":1,"kernel":"6","swiftVersion":"6.3",
                        "buildConfiguration":"release","allocator":"jemalloc 5.3.0","timingIsValid":true},
             "suite":"gate","seed":1,"skipped":[],
             "scenarios":[{"id":"$filter","parameters":{},"metrics":{"query.instructions":{"unit":"instructions",
               "p50":@VALUE@,"p90":@VALUE@,"p99":@VALUE@,"min":@VALUE@,"max":@VALUE@,"mean":@VALUE@,"count":1,
               "deterministic":true},
               "query.wall":{"unit":"ns","p50":@WALL@,"p90":@HIGH@,"p99":@HIGH@,"min":@LOW@,"max":@HIGH@,
               "mean":@WALL@,"count":5,"deterministic":false,"samples":[@LOW@,@WALL@,@WALL@,@WALL@,@HIGH@]}}}]}
            JSON
            mv "$out.tmp" "$out"
            """
        try swift.write(toFile: "\(directory)/swift", atomically: true, encoding: .utf8)
        try template.write(toFile: "\(directory)/layoutbench.template", atomically: true, encoding: .utf8)
        chmod("\(directory)/swift", 0o755)
    }
}

@Suite("bisect command", .serialized)
struct BisectCommandTests {
    /// The environment with the stand-in `swift` first on PATH.
    func environment(_ fixture: BisectFixture, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(fixture.tools):" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CI"] = "1"
        return environment.merging(extra) { $1 }
    }

    @Test("bisect finds the injected commit of a 64-commit history in 7 builds, and a second bisect builds nothing")
    func injected() throws {
        let fixture = try BisectFixture(count: 64, culprit: 41)
        let arguments = ["bisect", fixture.commits[0], "HEAD", "--filter", "grid/query", "--metric", "query.instructions"]
        let first = try LayoutBenchProcess.run(arguments, stdout: .captured, in: URL(fileURLWithPath: fixture.path),
                                               environment: environment(fixture))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("first commit past the threshold: \(fixture.commits[41])"))
        #expect(first.stdout.contains("Inject a 1 % regression"))
        #expect(first.stdout.contains("1000 at \(fixture.commits[40].prefix(10)) -> 1010 at \(fixture.commits[41].prefix(10)) (+1.00%)"))
        #expect(first.stdout.contains("63 commit(s) in range; 7 measured, 7 new build(s), 0 reused"))
        #expect(fixture.builds == 7)
        let second = try LayoutBenchProcess.run(arguments, stdout: .captured, in: URL(fileURLWithPath: fixture.path),
                                                environment: environment(fixture))
        #expect(second.status == 0 && second.stdout.contains(fixture.commits[41]))
        #expect(second.stdout.contains("0 new build(s), 7 reused from the database"))
        #expect(fixture.builds == 7)
    }

    @Test("interrupting bisect during a build leaves no worktree, no build process and no temporary file", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let fixture = try BisectFixture(count: 8, culprit: 5)
        let marker = signal == SIGINT ? "987.25" : "987.75"
        let binary = try #require(LayoutBenchProcess.binary).path
        let log = "\(fixture.path)/../bisect.err"
        let child = try SpawnedProcess(
            binary, ["bisect", fixture.commits[0], "HEAD", "--filter", "grid/query", "--metric", "query.instructions"],
            in: URL(fileURLWithPath: fixture.path), environment: environment(fixture, extra: ["FAKE_BUILD_SECONDS": marker]),
            stdout: "/dev/null", stderr: log)
        let worktrees = "\(fixture.path)/.build/layoutbench-ab/worktrees"
        // Wait until the build is running: its worktree exists and the stand-in compiler sleeps.
        var building = false
        for _ in 0..<400 where !building {
            usleep(50_000)
            building = !((try? FileManager.default.contentsOfDirectory(atPath: worktrees)) ?? []).isEmpty
                && !processes(containing: marker).isEmpty
        }
        #expect(building, "the build never started: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        kill(child.pid, signal)
        let ended = child.wait()
        #expect(ended.status == 128 + signal, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: worktrees)) ?? []).isEmpty)
        #expect(try fixture.run(["worktree", "list", "--porcelain"]).split(separator: "\n").filter { $0.hasPrefix("worktree ") }.count == 1)
        #expect(processes(containing: marker).isEmpty, "the build's processes must be ended")
        let leftovers = FileManager.default.enumerator(atPath: "\(fixture.path)/.build")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".tmp") || $0.contains(".tmp-") } ?? []
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// The process ids whose command line contains `text`.
    func processes(containing text: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let command = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return command.contains(text) && !command.contains("swift-test") && !command.contains("xctest") ? pid : nil
        }
    }

    @Test("run --revisions A..B --every 2: capped per call, resumed by the next, into the history database")
    func revisions() throws {
        let fixture = try BisectFixture(count: 11, culprit: 6)
        let directory = URL(fileURLWithPath: fixture.path)
        let arguments = ["run", "--revisions", "\(fixture.commits[0])..HEAD", "--every", "2", "--max-revisions", "3",
                         "--suite", "gate", "--filter", "grid/query"]
        let first = try LayoutBenchProcess.run(arguments, stdout: .captured, in: directory, environment: environment(fixture))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("5 commit(s) selected") && first.stdout.contains("3 measured") && first.stdout.contains("2 left"))
        let second = try LayoutBenchProcess.run(arguments, stdout: .captured, in: directory, environment: environment(fixture))
        #expect(second.stdout.contains("2 measured, 3 already in") && second.stdout.contains("0 left"))
        let third = try LayoutBenchProcess.run(arguments, stdout: .captured, in: directory, environment: environment(fixture))
        #expect(third.stdout.contains("0 measured, 5 already in"))
        #expect(fixture.builds == 5)
        // Commits 2, 4, 6, 8 and 10 (every second, counted back from HEAD), in the database with their parents.
        let changes = try LayoutBenchProcess.run(["history", "changes", "--metric", "query.instructions"],
                                                 stdout: .captured, in: directory)
        #expect(changes.stdout.contains("\(fixture.commits[4].prefix(10))..\(fixture.commits[6].prefix(10))"), "\(changes.stdout)")
        let list = try LayoutBenchProcess.run(["history", "list"], stdout: .captured, in: directory)
        #expect(list.stdoutLines.count == 6 && list.stdout.contains(String(fixture.commits[9].prefix(10))))
    }

    @Test("bisect on a timing compares through ab: the 10 % step's commit, or the range when it cannot tell")
    func timing() throws {
        let fixture = try BisectFixture(count: 16, culprit: 11)
        let found = try LayoutBenchProcess.run(
            ["bisect", fixture.commits[0], "HEAD", "--filter", "grid/query", "--metric", "query.wall"],
            stdout: .captured, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("first commit past the threshold: \(fixture.commits[11])"), "\(found.stdout)")
        // With 20 % as the smallest change that counts, the 10 % step is none: the bad commit is not past it.
        let small = try LayoutBenchProcess.run(
            ["bisect", fixture.commits[0], "HEAD", "--filter", "grid/query", "--metric", "query.wall", "--threshold", "0.2"],
            stdout: .captured, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(small.status == 0 && small.stdout.contains("is not past the threshold"), "\(small.stdout) \(small.stderr)")
    }

    @Test("bisect refuses a zero threshold for a timing and a missing repository in one line")
    func refusals() throws {
        let timing = try LayoutBenchProcess.run(["bisect", "HEAD~1", "HEAD", "--filter", "x", "--metric", "query.wall",
                                                 "--threshold", "0"])
        #expect(timing.status == 1 && timing.stderrLines.count == 1 && timing.stderr.contains("timing"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outside = try LayoutBenchProcess.run(["bisect", "HEAD~1", "HEAD", "--filter", "x", "--metric", "query.instructions"],
                                                 stdout: .captured, in: directory)
        #expect(outside.status == 1 && outside.stderrLines.count == 1)
    }
}
