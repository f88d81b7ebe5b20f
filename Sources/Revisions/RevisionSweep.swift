import Foundation
import Platform
import Results

/// `history sweep A..B`: a suite run at every `every`-th commit of a range (the last one always), each commit built
/// in release through ``RevisionBuilder`` (cached) and run in its own process, each run handed to `record` as soon as
/// it is read. Commits that `isRecorded` says are done are skipped, so an interrupted sweep continues where it stopped;
/// at most `limit` commits are measured per call.
public struct RevisionSweep {
    /// What one commit came to.
    public enum Step: Sendable {
        /// Already recorded: skipped.
        case recorded(Commit)
        /// Measured and recorded.
        case measured(Commit, ResultsDocument)
        /// Its release build failed; the reason is its last line.
        case unbuildable(Commit, String)
    }

    /// The builder.
    public var builder: RevisionBuilder
    /// The run every commit makes.
    public var revisionRun: RevisionRun
    /// Where results files and logs go.
    public var runsDirectory: String

    /// Creates a sweep.
    public init(builder: RevisionBuilder, revisionRun: RevisionRun, runsDirectory: String) {
        self.builder = builder
        self.revisionRun = revisionRun
        self.runsDirectory = runsDirectory
    }

    /// The commits of `from..to` (first-parent line, oldest first) at every `every`-th position counted back from
    /// `to`, so that `to` is always among them.
    public static func select(_ range: [Commit], every: Int) -> [Commit] {
        guard every > 1 else { return range }
        return range.enumerated().filter { (range.count - 1 - $0.offset) % every == 0 }.map(\.element)
    }

    /// Runs the sweep over `commits`; `stop` is asked before each commit (an interrupt), `step` told of each.
    ///
    /// - Returns: the commits left for a later call (over `limit`, or after `stop`).
    public func run(_ commits: [Commit], limit: Int, isRecorded: (Commit) throws -> Bool,
                    record: (ResultsDocument, InstructionProfile?) throws -> Void, stop: () -> Bool,
                    progress: (String) -> Void, step: (Step) -> Void) throws -> [Commit] {
        var measured = 0
        for (position, commit) in commits.enumerated() {
            if stop() { return Array(commits[position...]) }
            if try isRecorded(commit) {
                step(.recorded(commit))
                continue
            }
            if measured == limit { return Array(commits[position...]).filter { (try? isRecorded($0)) != true } }
            let binary: String
            switch try builder.build(commit, progress: progress) {
            case let .built(path): binary = path
            case let .unbuildable(reason):
                step(.unbuildable(commit, reason))
                continue
            }
            if stop() { return Array(commits[position...]) }
            try builder.makeDirectory(runsDirectory)
            let stem = "\(runsDirectory)/\(commit.shortSHA)"
            let arguments = revisionRun.arguments(output: "\(stem).json").joined(separator: " ")
            progress("\(commit.shortSHA): layoutbench \(arguments)")
            let ran: (document: ResultsDocument, output: String)
            do {
                ran = try revisionRun.run(binary, stem: stem,
                                  what: "layoutbench run of \(commit.shortSHA)")
            } catch {
                if GracefulInterrupt.interrupted { throw RevisionError.interrupted }
                throw error
            }
            if GracefulInterrupt.interrupted { throw RevisionError.interrupted }
            if stop() { return Array(commits[position...]) }
            var document = ran.document
            // The instruction profile the run kept, when its build keeps them; it names the run as the binary saw it
            // (the checkout's commit), so it is read before the commit is corrected, and corrected with it.
            var profile: InstructionProfile?
            do { profile = try ResultsStore().readProfile(of: document, at: ran.output) } catch {
                progress("\(commit.shortSHA): recorded without its instruction profile: \(error)")
            }
            document.git = GitInfo(commit: commit.sha, dirty: false, branch: nil)
            profile?.run = ProfiledRun(document)
            try record(document, profile)
            measured += 1
            step(.measured(commit, document))
        }
        return []
    }
}
