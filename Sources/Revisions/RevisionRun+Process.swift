import Foundation
import Results

extension RevisionRun {
    /// Runs `binary` (another build's `layoutbench`) on this run in its own process, with its results file at
    /// `stem.json` and its output in `stem.log`, and reads the results back as the binary wrote them (naming the
    /// checkout's commit: the caller names the build's).
    ///
    /// - Parameters:
    ///   - binary: the other build's `layoutbench`.
    ///   - stem: the path of its results file and log, without their extensions.
    ///   - what: the run in words, for the failure (`layoutbench run of 1a2b3c4d`).
    ///   - context: what precedes a reading failure (`round 2, A: `), or nothing.
    /// - Throws: ``RevisionError/processFailed(_:status:detail:)`` with the end of the log when the run fails,
    ///   ``RevisionError/fileSystem(_:)`` when its results cannot be read.
    public func run(_ binary: String, stem: String, what: String, context: String = "") throws(RevisionError)
        -> (document: ResultsDocument, output: String)
    {
        let output = "\(stem).json", log = "\(stem).log"
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"  // progress as plain lines in the log
        let result = try ProcessRunner.run(binary, arguments(output: output), environment: environment, log: log)
        guard result.status == 0 else {
            throw .processFailed(what, status: result.status, detail: ProcessRunner.tail(of: log))
        }
        do {
            return (try ResultsStore().read(output), output)
        } catch {
            throw .fileSystem("\(context)cannot read \(output): \(error)")
        }
    }
}
