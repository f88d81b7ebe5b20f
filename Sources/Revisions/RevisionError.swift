/// Why `ab` could not resolve, build or run a revision: each case reads as one line for the terminal.
public enum RevisionError: Error, CustomStringConvertible, Equatable {
    /// A program `ab` needs (git, swift) is not on `PATH`.
    case programMissing(String)
    /// The directory is not inside a git working tree.
    case notARepository(String)
    /// The revision does not name a commit of the repository.
    case unknownRevision(String, repository: String)
    /// A git, build or benchmark process failed; `detail` holds the end of what it printed.
    case processFailed(String, status: Int32, detail: String)
    /// The release build of `revision` failed; `detail` holds the end of what it printed. ``RevisionBuilder/build(_:progress:)``
    /// answers it as ``BuildOutcome/unbuildable(_:)``: a commit that does not build is a finding of `bisect` and
    /// `history sweep`, not an error.
    case buildFailed(String, status: Int32, detail: String)
    /// A file or directory could not be created, copied or read.
    case fileSystem(String)
    /// Ctrl-C or SIGTERM (``Platform/GracefulInterrupt``) ended the build or run in progress, so its exit status says
    /// nothing: the command cleans up and exits 130 or 143.
    case interrupted

    public var description: String {
        switch self {
        case let .programMissing(name):
            return "\(name) was not found on PATH (absolute directories only)"
        case let .notARepository(directory):
            return "\(directory) is not inside a git working tree; run `layoutbench ab` in a clone of LayoutBench"
        case let .unknownRevision(revision, repository):
            return "revision '\(revision)' does not resolve to a commit in \(repository) "
                + "(try a branch, a tag, a commit id or HEAD~1)"
        case let .processFailed(what, status, detail):
            let tail = detail.isEmpty ? "" : ":\n\(detail)"
            return "\(what) failed (exit status \(status))\(tail)"
        case let .buildFailed(revision, status, detail):
            return RevisionError.processFailed("the release build of \(revision)", status: status, detail: detail)
                .description
        case let .fileSystem(reason):
            return reason
        case .interrupted:
            return "interrupted"
        }
    }
}
