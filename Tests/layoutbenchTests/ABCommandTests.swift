import Foundation
import Testing

/// `layoutbench ab`: what it refuses before building anything. (A real A/B run builds two revisions in release,
/// minutes of work, so it is exercised by hand and quoted in the issue notes, not here.)
@Suite("layoutbench ab, end to end")
struct ABCommandTests {
    @Test("a revision that names no commit is an error, before anything is built")
    func unknownRevision() throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "no-such-revision-\(UUID().uuidString.prefix(8))"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("does not resolve to a commit"))
    }

    @Test("a revision that looks like an option is not passed to git as one", arguments: ["--all", "-n1"])
    func optionLikeRevision(_ revision: String) throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "--", revision])
        #expect(result.status == 1)
        #expect(result.stderr.contains("revision '\(revision)' does not resolve to a commit"))
    }

    @Test("rounds and the minimum effect are checked", arguments: [
        (["--rounds", "0"], "--rounds must be at least 1"),
        (["--rounds", "3", "--max-rounds", "2"], "--max-rounds (2) must be at least --rounds (3)"),
        (["--minimum-effect", "1.5"], "--minimum-effect must be between 0 and 1"),
    ])
    func badOptions(_ options: [String], _ message: String) throws {
        let result = try LayoutBenchProcess.run(["ab", "HEAD", "HEAD"] + options)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message))
    }
}
