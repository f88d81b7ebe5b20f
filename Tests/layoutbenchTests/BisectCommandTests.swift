import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestFixtures

@Suite("bisect command", .serialized)
struct BisectCommandTests {
    /// A scenario id of the gate suite: bisect and run --revisions check --filter against this build's catalog
    /// before anything is built (the stand-in's binary reports whatever id it is given).
    static let scenario = "300x300/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"

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
        let arguments = ["bisect", fixture.commits[0], "HEAD", "--filter", BisectCommandTests.scenario, "--metric", "query.instructions"]
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

    /// Issue 36, item 6: `run --revisions` took an interrupted build that exited 0 for a finished one ("the build …
    /// succeeded, but … is not an executable", exit 1); it exits 128 + the signal as `bisect` does.
    @Test("interrupting bisect or run --revisions during a build (one that exits 0 when stopped, too) leaves no worktree, no build process and no temporary file, exit 128 + the signal",
          arguments: [(SIGINT, "bisect", false), (SIGTERM, "bisect", true), (SIGINT, "revisions", false),
                      (SIGTERM, "revisions", true)])
    func interrupted(signal: Int32, command: String, quietly: Bool) throws {
        let fixture = try BisectFixture(count: 8, culprit: 5)
        let marker = "987.\(signal)\(command.count)\(quietly ? 1 : 0)"
        let binary = try #require(LayoutBenchProcess.binary).path
        let log = "\(fixture.path)/../bisect.err"
        let arguments = command == "bisect"
            ? ["bisect", fixture.commits[0], "HEAD", "--filter", BisectCommandTests.scenario, "--metric", "query.instructions"]
            : ["run", "--revisions", "\(fixture.commits[0])..HEAD", "--suite", "gate", "--filter",
               BisectCommandTests.scenario]
        var extra = ["FAKE_BUILD_SECONDS": marker]
        if quietly { extra["FAKE_BUILD_STOPS_QUIETLY"] = "1" }
        let child = try SpawnedProcess(
            binary, arguments, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture, extra: extra),
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
        // The stand-in compiler's temporary directory, made under the build's own TMPDIR, went with it.
        let temporary = "\(fixture.path)/.build/layoutbench-ab/tmp"
        let used = (try? String(contentsOfFile: "\(fixture.buildLog).tmpdirs", encoding: .utf8)) ?? ""
        #expect(!used.isEmpty && used.split(separator: "\n").allSatisfy { $0.hasPrefix(temporary + "/") }, "\(used)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).isEmpty,
                "\((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [])")
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

    @Test("history sweep A..B --every 2: capped per call, resumed by the next, into the history database")
    func revisions() throws {
        let fixture = try BisectFixture(count: 11, culprit: 6)
        let directory = URL(fileURLWithPath: fixture.path)
        let arguments = ["history", "sweep", "\(fixture.commits[0])..HEAD", "--every", "2", "--max-revisions", "3",
                         "--suite", "gate", "--filter", BisectCommandTests.scenario]
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
            ["bisect", fixture.commits[0], "HEAD", "--filter", BisectCommandTests.scenario, "--metric", "query.time"],
            stdout: .captured, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("first commit past the threshold: \(fixture.commits[11])"), "\(found.stdout)")
        // With 20 % as the smallest change that counts, the 10 % step is none: the bad commit is not past it.
        let small = try LayoutBenchProcess.run(
            ["bisect", fixture.commits[0], "HEAD", "--filter", BisectCommandTests.scenario, "--metric", "query.time", "--threshold", "0.2"],
            stdout: .captured, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(small.status == 0 && small.stdout.contains("is not past the threshold"), "\(small.stdout) \(small.stderr)")
    }

    /// Issue 36, item 5: a typo in --suite, --filter or --metric cost a release build before it was noticed.
    @Test("bisect and run --revisions refuse an unknown suite, scenario or metric before anything is built")
    func checkedBeforeBuilding() throws {
        let fixture = try BisectFixture(count: 4, culprit: 2)
        let directory = URL(fileURLWithPath: fixture.path)
        let cases: [([String], String)] = [
            (["bisect", fixture.commits[0], "HEAD", "--filter", "grid/querry", "--metric", "query.instructions"],
             "--filter 'grid/querry' is not a scenario id of suite 'gate'"),
            (["bisect", fixture.commits[0], "HEAD", "--filter", "binary-search/context", "--metric", "query.instructions"],
             "is part of"),
            (["bisect", fixture.commits[0], "HEAD", "--filter", Self.scenario, "--metric", "query.instructoins"],
             "--metric 'query.instructoins' is not a metric layoutbench measures"),
            (["bisect", fixture.commits[0], "HEAD", "--suite", "gaet", "--filter", Self.scenario, "--metric",
              "query.instructions"], "--suite"),
            (["run", "--revisions", "\(fixture.commits[0])..HEAD", "--suite", "gate", "--filter", "no-such-scenario"],
             "no scenario of suite 'gate' matches"),
            (["run", "--revisions", "\(fixture.commits[0])..HEAD", "--suite", "gaet"], "gaet"),
            (["history", "sweep", "\(fixture.commits[0])..HEAD", "--suite", "gate", "--filter", "no-such-scenario"],
             "no scenario of suite 'gate' matches"),
        ]
        for (arguments, expected) in cases {
            let run = try LayoutBenchProcess.run(arguments, stdout: .captured, in: directory,
                                                 environment: environment(fixture))
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains(expected) && run.stderrLines.count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(fixture.builds == 0)
    }

    /// Issue 36, item 4: each commit's run got only the suite, seed, filter, sizes and --instructions; the rest were
    /// dropped without a word.
    @Test("run --revisions carries every option it can and refuses the others in one line, before building")
    func revisionOptions() throws {
        let fixture = try BisectFixture(count: 3, culprit: 2)
        let directory = URL(fileURLWithPath: fixture.path)
        let range = "\(fixture.commits[0])..HEAD"
        let refused: [([String], String)] = [
            (["--output", "x.json"], "--output cannot be used with --revisions"),
            (["--export", "bmf"], "--export cannot be used with --revisions"),
            (["--shard", "1/2"], "--shard cannot be used with --revisions"),
            (["--format", "json"], "--format cannot be used with --revisions"),
            (["--no-save"], "--no-save cannot be used with --revisions"),
            (["--allow-debug"], "--allow-debug cannot be used with --revisions"),
        ]
        for (extra, expected) in refused {
            let run = try LayoutBenchProcess.run(["run", "--revisions", range, "--suite", "gate", "--filter", Self.scenario] + extra,
                                                 stdout: .captured, in: directory, environment: environment(fixture))
            #expect(run.status == 1 && run.stderr.contains(expected) && run.stderrLines.count == 1,
                    "\(extra): \(run.stderr)")
        }
        #expect(fixture.builds == 0)
        // The carried ones reach the commit's run: the stand-in binary records its arguments.
        let carried = try LayoutBenchProcess.run(
            ["history", "sweep", range, "--suite", "gate", "--filter", Self.scenario, "--time-cap", "7",
             "--updates", "full", "--anchoring", "top", "--self-sizing", "--items-per-line", "2",
             "--estimated-height", "50", "--fitting-cost", "10", "--seed", "3"],
            stdout: .captured, in: directory, environment: environment(fixture))
        #expect(carried.status == 0, "\(carried.stderr)")
        for option in ["--time-cap 7.0", "--updates full", "--anchoring top", "--self-sizing", "--items-per-line 2",
                       "--estimated-height 50.0", "--fitting-cost 10", "--seed 3", "--filter \(Self.scenario)"] {
            #expect(carried.stderr.contains(option), "\(option) was not carried: \(carried.stderr)")
        }
    }

    /// Issue 35: `run --revisions` moved to `history sweep`; the old spelling still sweeps, hidden from the help,
    /// and says where the command went once its work is done.
    @Test("run --revisions still sweeps, and says it moved to history sweep")
    func movedSpelling() throws {
        let fixture = try BisectFixture(count: 3, culprit: 2)
        let run = try LayoutBenchProcess.run(
            ["run", "--revisions", "\(fixture.commits[0])..HEAD", "--suite", "gate", "--filter", Self.scenario],
            stdout: .captured, in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2 commit(s) selected") && run.stdout.contains("2 measured"), "\(run.stdout)")
        #expect(run.stderrLines.last.map(String.init) == "note: `layoutbench run --revisions` is deprecated and will be removed in the "
            + "next release; use `layoutbench history sweep`", "\(run.stderr)")
        let help = try LayoutBenchProcess.run(["run", "--help"], stdout: .captured)
        #expect(!help.stdout.contains("--revisions"))
    }

    @Test("history sweep HEAD..HEAD and a reversed range are refused in a sentence")
    func emptyRanges() throws {
        let fixture = try BisectFixture(count: 3, culprit: 2)
        let directory = URL(fileURLWithPath: fixture.path)
        let same = try LayoutBenchProcess.run(["history", "sweep", "HEAD..HEAD", "--suite", "gate", "--filter",
                                               Self.scenario],
                                              stdout: .captured, in: directory, environment: environment(fixture))
        #expect(same.status == 1 && same.stderr.contains("are the same commit"), "\(same.stderr)")
        let reversed = try LayoutBenchProcess.run(["history", "sweep", "HEAD..\(fixture.commits[0])",
                                                   "--suite", "gate", "--filter", Self.scenario], stdout: .captured, in: directory,
                                                  environment: environment(fixture))
        #expect(reversed.status == 1 && reversed.stderr.contains("holds no commit"), "\(reversed.stderr)")
        let dots = try LayoutBenchProcess.run(["run", "--revisions", "\(fixture.commits[0])...HEAD", "--suite", "gate",
                                               "--filter", Self.scenario], stdout: .captured, in: directory,
                                              environment: environment(fixture))
        #expect(dots.status == 1 && dots.stderr.contains("two dots"), "\(dots.stderr)")
        let bisectSame = try LayoutBenchProcess.run(["bisect", "HEAD", "HEAD", "--filter", Self.scenario, "--metric",
                                                     "query.instructions"], stdout: .captured, in: directory,
                                                    environment: environment(fixture))
        #expect(bisectSame.status == 1 && bisectSame.stderr.contains("GOOD and BAD are the same commit"),
                "\(bisectSame.stderr)")
        let bisectReversed = try LayoutBenchProcess.run(["bisect", "HEAD", fixture.commits[0], "--filter", Self.scenario,
                                                         "--metric", "query.instructions"], stdout: .captured,
                                                        in: directory, environment: environment(fixture))
        #expect(bisectReversed.status == 1 && bisectReversed.stderr.contains("the other way round"),
                "\(bisectReversed.stderr)")
        #expect(fixture.builds == 0)
    }

    @Test("bisect from a GOOD that does not build says so in a sentence")
    func unbuildableGood() throws {
        let fixture = try BisectFixture(count: 4, culprit: 2, broken: [0])
        let run = try LayoutBenchProcess.run(["bisect", fixture.commits[0], "HEAD", "--filter", Self.scenario,
                                              "--metric", "query.instructions"], stdout: .captured,
                                             in: URL(fileURLWithPath: fixture.path), environment: environment(fixture))
        #expect(run.status == 1 && run.stderrLines.filter { $0.hasPrefix("layoutbench: error:") }.count == 1)
        #expect(run.stderr.contains("does not build, so there is nothing to compare against"), "\(run.stderr)")
        #expect(!run.stderr.contains("unbuildable(\""))
    }

    @Test("bisect refuses a zero threshold for a timing and a missing repository in one line")
    func refusals() throws {
        let timing = try LayoutBenchProcess.run(["bisect", "HEAD~1", "HEAD", "--filter", "x", "--metric", "query.time",
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
