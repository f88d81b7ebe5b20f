import Foundation
import TestFixtures
import Testing
@testable import Revisions

/// The one mapping from a run to another build's `run` arguments, and what building a commit comes to.
@Suite("RevisionRun and BuildOutcome", .serialized)
struct RevisionRunTests {
    @Test("a run maps to another build's arguments: what is given, in order, and nothing else")
    func arguments() {
        let bare = RevisionRun(suite: "gate", seed: 1)
        #expect(bare.arguments(output: "/r/x.json")
            == ["run", "--suite", "gate", "--seed", "1", "--format", "table", "--output", "/r/x.json", "--force"])
        let full = RevisionRun(
            suite: "suite.json", seed: 3, filters: ["a/*", "b"], rows: 10, columns: 20, timeCapSeconds: 7,
            instructions: true, updates: "incremental", anchoring: "top",
            selfSizing: .init(itemsPerLine: 2, estimatedHeight: 50, fittingCost: 10))
        #expect(full.arguments(output: "o.json") == [
            "run", "--suite", "suite.json", "--seed", "3", "--filter", "a/*", "--filter", "b", "--rows", "10",
            "--columns", "20", "--time-cap", "7.0", "--instructions", "--updates", "incremental", "--anchoring", "top",
            "--self-sizing", "--items-per-line", "2", "--estimated-height", "50.0", "--fitting-cost", "10",
            "--format", "table", "--output", "o.json", "--force",
        ])
        #expect(full.filtered(["c"]).arguments(output: "o.json").filter { $0 == "--filter" }.count == 1)
    }

    @Test("building answers .built with the binary, or .unbuildable with the build's last line")
    func buildOutcome() throws {
        let history = try BisectFixture(count: 3, culprit: 2, broken: [1])
        let repository = try GitRepository.containing(history.path)
        let builder = RevisionBuilder(repository: repository, cacheDirectory: "\(history.path)/.build/layoutbench-ab",
                                      swift: "\(history.tools)/swift")
        let broken = try repository.resolve(history.commits[1])
        #expect(try builder.build(broken, progress: { _ in }) == .unbuildable("error: this commit does not compile"))
        let good = try repository.resolve(history.commits[0])
        #expect(try builder.build(good, progress: { _ in }) == .built(builder.binaryPath(for: good)))
        // `binary(for:)` still throws for a build that fails, with the build's own message.
        let error = #expect(throws: RevisionError.self) { try builder.binary(for: broken, progress: { _ in }) }
        #expect(error?.description.hasPrefix("the release build of \(history.commits[1])") == true)
        #expect(try repository.worktrees() == [history.path])
    }
}
