import Foundation
import Results
import TestFixtures
import Testing
@testable import Revisions

@Suite("Bisect over real git worktrees (a stand-in swift)", .serialized)
struct BisectPlumbingTests {
    /// Bisects `history` from its first to its last commit, with `recorded` as the database.
    func bisect(_ history: BisectFixture, recorded: inout [String: Double])
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
            record: { document, _ in store[document.git!.commit] = document.scenarios[0].metrics["query.instructions"]!.p50 })
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
        let history = try BisectFixture(count: 64, culprit: 37)
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
        let history = try BisectFixture(count: 16, culprit: 9, broken: [8, 12])
        var recorded: [String: Double] = [:]
        let report = try bisect(history, recorded: &recorded)
        // Commit 8 cannot be built, so whether 8 or 9 changed the value cannot be told: the answer is 7..9.
        #expect(!report.outcome.exact)
        #expect(report.lastOld.commit.sha == history.commits[7] && report.firstNew?.commit.sha == history.commits[9])
        #expect(report.outcome.skipped.values.contains { $0.contains("does not compile") })
        let clean = try BisectFixture(count: 16, culprit: 9, broken: [4, 12])
        var none: [String: Double] = [:]
        let found = try bisect(clean, recorded: &none)
        #expect(found.outcome.exact && found.firstNew?.commit.sha == clean.commits[9])
        let repository = try GitRepository.containing(history.path)
        #expect(try repository.worktrees() == [history.path])
    }

    @Test("GOOD after BAD is refused in one line")
    func reversed() throws {
        let history = try BisectFixture(count: 3, culprit: 1)
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
        let history = try BisectFixture(count: 2, culprit: 1)
        let repository = try GitRepository.containing(history.path)
        #expect(RevisionBisector(repository: repository, threshold: nil).crossed(1001, reference: 1000))
        #expect(!RevisionBisector(repository: repository, threshold: 0.01).crossed(1005, reference: 1000))
        #expect(RevisionBisector(repository: repository, threshold: 0.01).crossed(1010, reference: 1000))
        #expect(!RevisionBisector(repository: repository, threshold: 0.01).crossed(900, reference: 1000))
        #expect(RevisionBisector(repository: repository, threshold: -0.05).crossed(900, reference: 1000))
    }
}
