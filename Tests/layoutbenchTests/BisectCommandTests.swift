import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LayoutBenchTestSupport
import Testing

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
