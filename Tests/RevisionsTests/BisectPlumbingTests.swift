import Foundation
import Results
import Testing
@testable import Revisions

/// A synthetic history: `count` commits of a file `metric.txt` whose value steps by 1 % at `culprit`, optionally
/// with commits marked `broken`, built by a stand-in `swift` (a script) whose "binary" writes a results file with
/// that value: git worktrees, the build cache and the bisect driver are real; no compiler runs.
final class SyntheticHistory {
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

@Suite("Bisect over real git worktrees (a stand-in swift)", .serialized)
struct BisectPlumbingTests {
    /// Bisects `history` from its first to its last commit, with `recorded` as the database.
    func bisect(_ history: SyntheticHistory, recorded: inout [String: Double])
        throws -> RevisionBisector.Report
    {
        let repository = try GitRepository.containing(history.path)
        let cache = "\(history.path)/.build/layoutbench-ab"
        let builder = RevisionBuilder(repository: repository, cacheDirectory: cache, swift: "\(history.tools)/swift")
        var store = recorded
        let measurer = BisectMeasurer(
            builder: builder, suite: "gate", seed: 1, scenario: "grid/query", metric: "query.instructions",
            instructions: false, runsDirectory: "\(cache)/runs/test",
            lookup: { commit in store[commit.sha] },
            record: { document in store[document.git!.commit] = document.scenarios[0].metrics["query.instructions"]!.p50 })
        let report = try RevisionBisector(repository: repository, threshold: nil)
            .run(good: try repository.resolve(history.commits.first!), bad: try repository.resolve("HEAD")) {
                (commit: Commit) throws(RevisionError) -> RevisionBisector.Measurement in
                let result = try measurer.measure(commit, progress: { _ in })
                if case .value(let value, _) = result { store[commit.sha] = value }
                return result
            }
        recorded = store
        return report
    }

    @Test("a 64-commit history: the injected commit exactly, in ⌈log2 64⌉ + 1 builds; a second bisect builds nothing")
    func injected() throws {
        let history = try SyntheticHistory(count: 64, culprit: 37)
        var recorded: [String: Double] = [:]
        let started = Date()
        let report = try bisect(history, recorded: &recorded)
        let seconds = Date().timeIntervalSince(started)
        #expect(report.outcome.exact)
        #expect(report.firstNew?.commit.sha == history.commits[37])
        #expect(report.firstNew?.commit.subject == "Inject a 1 % regression")
        #expect(report.lastOld.value == 1000 && report.firstNew?.value == 1010)
        #expect(report.builds <= 7 && history.builds == report.builds)
        print("bisect over 64 synthetic commits: \(report.builds) builds, \(String(format: "%.1f", seconds)) s")
        // No worktree is left, and the main one is the only one git knows.
        let repository = try GitRepository.containing(history.path)
        #expect(try repository.worktrees() == [history.path])
        // Again, with the recorded measurements: the same answer, no build, no run.
        let again = try bisect(history, recorded: &recorded)
        #expect(again.firstNew?.commit.sha == history.commits[37])
        #expect(again.builds == 0 && history.builds == report.builds)
    }

    @Test("a commit that does not build is skipped and reported; the culprit is still found, or the range is given")
    func broken() throws {
        let history = try SyntheticHistory(count: 16, culprit: 9, broken: [8, 12])
        var recorded: [String: Double] = [:]
        let report = try bisect(history, recorded: &recorded)
        // Commit 8 cannot be built, so whether 8 or 9 changed the value cannot be told: the answer is 7..9.
        #expect(!report.outcome.exact)
        #expect(report.lastOld.commit.sha == history.commits[7] && report.firstNew?.commit.sha == history.commits[9])
        #expect(report.outcome.skipped.values.contains { $0.contains("does not compile") })
        let clean = try SyntheticHistory(count: 16, culprit: 9, broken: [4, 12])
        var none: [String: Double] = [:]
        let found = try bisect(clean, recorded: &none)
        #expect(found.outcome.exact && found.firstNew?.commit.sha == clean.commits[9])
        let repository = try GitRepository.containing(history.path)
        #expect(try repository.worktrees() == [history.path])
    }

    @Test("GOOD after BAD is refused in one line")
    func reversed() throws {
        let history = try SyntheticHistory(count: 3, culprit: 1)
        let repository = try GitRepository.containing(history.path)
        #expect(throws: RevisionError.self) {
            try RevisionBisector(repository: repository, threshold: nil)
                .run(good: try repository.resolve("HEAD"), bad: try repository.resolve(history.commits[0])) {
                    (_: Commit) throws(RevisionError) -> RevisionBisector.Measurement in
                    .value(1, .database)
                }
        }
    }

    @Test("thresholds: signed, relative to the good value; none means any change")
    func thresholds() throws {
        let history = try SyntheticHistory(count: 2, culprit: 1)
        let repository = try GitRepository.containing(history.path)
        #expect(RevisionBisector(repository: repository, threshold: nil).crossed(1001, reference: 1000))
        #expect(!RevisionBisector(repository: repository, threshold: 0.01).crossed(1005, reference: 1000))
        #expect(RevisionBisector(repository: repository, threshold: 0.01).crossed(1010, reference: 1000))
        #expect(!RevisionBisector(repository: repository, threshold: 0.01).crossed(900, reference: 1000))
        #expect(RevisionBisector(repository: repository, threshold: -0.05).crossed(900, reference: 1000))
    }
}
