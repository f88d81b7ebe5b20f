import Foundation
import Platform
import Results

/// Builds the `layoutbench` executable of a commit, in release, in a throwaway git worktree, and keeps the binary.
///
/// Layout of the cache directory (default `.build/layoutbench-ab` in the repository, which git ignores):
/// - `worktrees/<sha>-<pid>`: a detached worktree, alive only while its build runs, removed afterwards even when the
///   build fails; worktrees that a killed `ab` left behind are removed by the next one (``removeStaleWorktrees()``).
/// - `scratch`: one SwiftPM scratch directory shared by every build, so that dependencies are checked out and
///   compiled once.
/// - `bin/<sha>/layoutbench`: the built executable, copied out atomically. A commit is built once; later `ab` runs on
///   the same commit reuse its binary.
/// - `runs/<UTC time>-<pid>`: the results files and logs of one `ab` run.
public struct RevisionBuilder: Sendable {
    /// The repository the commits belong to.
    public let repository: GitRepository
    /// The cache directory (absolute).
    public let cacheDirectory: String
    /// The swift executable.
    let swift: String

    /// A builder caching under `cacheDirectory`.
    ///
    /// - Throws: ``RevisionError/programMissing(_:)`` when swift is not on PATH.
    public init(repository: GitRepository, cacheDirectory: String) throws(RevisionError) {
        guard let swift = ProcessRunner.findExecutable("swift") else { throw .programMissing("swift") }
        self.repository = repository
        self.cacheDirectory = cacheDirectory
        self.swift = swift
    }

    /// The default cache directory of `repository`: `.build/layoutbench-ab` in its top directory.
    public static func defaultCacheDirectory(of repository: GitRepository) -> String {
        "\(repository.root)/.build/layoutbench-ab"
    }

    /// Where the binary of `commit` is kept.
    public func binaryPath(for commit: Commit) -> String { "\(cacheDirectory)/bin/\(commit.sha)/layoutbench" }

    /// The `layoutbench` executable of `commit`: the cached one, or a new release build.
    ///
    /// - Throws: ``RevisionError`` when the worktree cannot be made, the build fails
    ///   (``RevisionError/buildFailed(_:status:detail:)``, whose message ends with the build's last lines; the full
    ///   log is under the cache directory), or the binary cannot be copied.
    public func binary(for commit: Commit, progress: (String) -> Void) throws(RevisionError) -> String {
        let binary = binaryPath(for: commit)
        if FileManager.default.isExecutableFile(atPath: binary) {
            progress("\(commit.revision) (\(commit.shortSHA)): using the release build cached at \(binary)")
            return binary
        }
        try makeDirectory("\(cacheDirectory)/worktrees")
        try makeDirectory("\(cacheDirectory)/logs")
        let worktree = "\(cacheDirectory)/worktrees/\(commit.sha)-\(getpid())"
        progress("\(commit.revision) (\(commit.shortSHA)): checking out into \(worktree)")
        try repository.addWorktree(at: worktree, commit: commit)
        // The worktree goes away whatever happens next; a failure to remove it is reported, not hidden.
        var buildError: RevisionError?
        do {
            try build(commit: commit, in: worktree, into: binary, progress: progress)
        } catch {
            buildError = error
        }
        let removal: RevisionError?
        do {
            try repository.removeWorktree(at: worktree)
            removal = nil
        } catch {
            removal = error
        }
        if let buildError { throw buildError }
        if let removal { throw removal }
        return binary
    }

    /// What building `commit` came to: its binary (cached or new), or why it does not build, in one line (the
    /// build's last line; the whole log is under the cache directory). For `bisect` and `history sweep`, where a
    /// commit that does not build is skipped rather than fatal.
    ///
    /// - Throws: ``RevisionError`` for everything but a failed build: a worktree that cannot be made, a binary that
    ///   cannot be copied, an interrupt.
    public func build(_ commit: Commit, progress: (String) -> Void) throws(RevisionError) -> BuildOutcome {
        do {
            return .built(try binary(for: commit, progress: progress))
        } catch {
            guard case let .buildFailed(_, _, detail) = error else { throw error }
            return .unbuildable(detail.split(separator: "\n").last.map(String.init) ?? "build failed")
        }
    }

    /// Runs the release build in `worktree` and copies the executable to `binary`.
    private func build(commit: Commit, in worktree: String, into binary: String,
                       progress: (String) -> Void) throws(RevisionError) {
        let log = "\(cacheDirectory)/logs/build-\(commit.sha).log"
        progress("\(commit.revision) (\(commit.shortSHA)): swift build -c release (log: \(log))")
        let scratch = "\(cacheDirectory)/scratch"
        let arguments = ["build", "-c", "release", "--product", "layoutbench", "--scratch-path", scratch]
        // The compiler's temporary directories (the driver's TemporaryDirectory.*, swift-frontend's files) go in a
        // directory of this build's own, removed when it returns, interrupted or not, and on Ctrl-C or SIGTERM by
        // InterruptCleanup (for `ab`, whose handler exits at once): a killed compiler leaves them behind otherwise.
        let temporary = "\(cacheDirectory)/tmp/\(commit.shortSHA)-\(getpid())"
        try makeDirectory(temporary)
        let token = InterruptCleanup.registerDirectory(temporary)
        defer {
            try? FileManager.default.removeItem(atPath: temporary)
            InterruptCleanup.unregister(token)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        let built = try ProcessRunner.run(swift, arguments, in: worktree, environment: environment, log: log)
        // An interrupt ends the build's process group; whatever status it then exits with (SwiftPM may exit 0 when
        // it is told to stop), the build did not finish.
        if GracefulInterrupt.interrupted { throw .interrupted }
        guard built.status == 0 else {
            let detail = [built.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
                          ProcessRunner.tail(of: log)].filter { !$0.isEmpty }.joined(separator: "\n")
            throw .buildFailed("\(commit.revision) (\(commit.shortSHA))", status: built.status,
                               detail: String(detail.suffix(3000)))
        }
        let binPath = try ProcessRunner.run(swift, arguments + ["--show-bin-path"], in: worktree, log: log)
        if GracefulInterrupt.interrupted { throw .interrupted }
        let product = "\(binPath.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))/layoutbench"
        guard binPath.status == 0, FileManager.default.isExecutableFile(atPath: product) else {
            throw .fileSystem("the build of \(commit.shortSHA) succeeded, but \(product) is not an executable")
        }
        try install(product, at: binary)
    }

    /// Copies `product` to `binary` with the results store's atomic write (a temporary file, flushed, renamed into
    /// place, removed on failure or Ctrl-C), so a half-copied binary never exists and none is left behind.
    private func install(_ product: String, at binary: String) throws(RevisionError) {
        let directory = (binary as NSString).deletingLastPathComponent
        try makeDirectory(directory)
        guard let bytes = FileManager.default.contents(atPath: product) else {
            throw .fileSystem("cannot read the built binary \(product)")
        }
        do {
            try ResultsStore(directory: directory).write(bytes, to: binary, force: true, permissions: 0o755)
        } catch {
            throw .fileSystem("cannot copy \(product) to \(binary): \(error)")
        }
    }

    /// Removes the worktrees under the cache directory that an interrupted `ab` left behind (their process is gone),
    /// and returns their paths.
    public func removeStaleWorktrees() throws(RevisionError) -> [String] {
        let prefix = "\(cacheDirectory)/worktrees/"
        var removed: [String] = []
        for path in try repository.worktrees() where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            if let pid = name.split(separator: "-").last.flatMap({ Int32($0) }), pid != getpid(),
               kill(pid, 0) == 0 || errno == EPERM {
                continue  // another `ab` is building there right now
            }
            try repository.removeWorktree(at: path)
            removed.append(path)
        }
        return removed
    }

    /// Removes the worktrees this process made (an interrupted build's, `<sha>-<pid>`), registered or not, after
    /// the stale ones of processes that are gone: what `bisect` and `run --revisions` clean before they exit on an
    /// interrupt. Failures are ignored: the next run removes what is left.
    public func removeWorktreesOfThisProcess() {
        _ = try? removeStaleWorktrees()
        let directory = "\(cacheDirectory)/worktrees"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasSuffix("-\(getpid())") {
            _ = try? repository.removeWorktree(at: "\(directory)/\(name)")
            try? FileManager.default.removeItem(atPath: "\(directory)/\(name)")
        }
    }

    /// Creates `path` and its parents when missing.
    func makeDirectory(_ path: String) throws(RevisionError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem("cannot create \(path): \(error.localizedDescription)")
        }
    }
}
