import Foundation

/// A commit `ab` builds: its full id, a short id and its subject line.
public struct Commit: Hashable, Sendable {
    /// The full object id (40 hex digits).
    public var sha: String
    /// The first 10 hex digits, for labels.
    public var shortSHA: String { String(sha.prefix(10)) }
    /// The first line of the commit message.
    public var subject: String
    /// The revision as the user wrote it (`HEAD~1`).
    public var revision: String

    /// Creates a commit description.
    public init(sha: String, subject: String, revision: String) {
        self.sha = sha
        self.subject = subject
        self.revision = revision
    }
}

/// The git repository `ab` works in: resolving revisions and managing detached worktrees, with git run directly
/// (argument arrays, never a shell) and revisions passed after `--end-of-options` where git parses them as options.
public struct GitRepository: Sendable {
    /// The absolute path of the working tree's top directory.
    public let root: String
    /// The git executable.
    let git: String

    /// The repository whose working tree contains `directory`.
    ///
    /// - Throws: ``RevisionError/programMissing(_:)`` without git, ``RevisionError/notARepository(_:)`` outside one.
    public static func containing(_ directory: String) throws(RevisionError) -> GitRepository {
        guard let git = ProcessRunner.findExecutable("git") else { throw .programMissing("git") }
        let output = try ProcessRunner.run(git, ["-C", directory, "rev-parse", "--show-toplevel"])
        let root = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, root.hasPrefix("/") else { throw .notARepository(directory) }
        return GitRepository(root: root, git: git)
    }

    /// The commit `revision` names.
    ///
    /// - Throws: ``RevisionError/unknownRevision(_:repository:)`` when it names none (or names a tree or a blob).
    public func resolve(_ revision: String) throws(RevisionError) -> Commit {
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw .unknownRevision(revision, repository: root) }
        let parsed = try ProcessRunner.run(
            git, ["-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
        let sha = parsed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard parsed.status == 0, sha.count == 40, sha.allSatisfy(\.isHexDigit) else {
            throw .unknownRevision(revision, repository: root)
        }
        let subject = try ProcessRunner.run(git, ["-C", root, "log", "-1", "--format=%s", sha])
        return Commit(sha: sha, subject: subject.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
                      revision: revision)
    }

    /// Checks `commit` out, detached, into a new worktree at `path`.
    public func addWorktree(at path: String, commit: Commit) throws(RevisionError) {
        let output = try ProcessRunner.run(git, ["-C", root, "worktree", "add", "--detach", "--force", path, commit.sha])
        guard output.status == 0 else {
            throw .processFailed("git worktree add \(path) \(commit.shortSHA)", status: output.status,
                                 detail: output.standardOutput)
        }
    }

    /// Removes the worktree at `path` (and its directory), then prunes git's records of worktrees that are gone.
    public func removeWorktree(at path: String) throws(RevisionError) {
        let output = try ProcessRunner.run(git, ["-C", root, "worktree", "remove", "--force", path])
        if output.status != 0 && FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw .fileSystem("cannot remove the worktree \(path): \(error.localizedDescription)")
            }
        }
        _ = try ProcessRunner.run(git, ["-C", root, "worktree", "prune"])
    }

    /// The paths of this repository's worktrees (the main one included), as git lists them.
    public func worktrees() throws(RevisionError) -> [String] {
        let output = try ProcessRunner.run(git, ["-C", root, "worktree", "list", "--porcelain"])
        guard output.status == 0 else {
            throw .processFailed("git worktree list", status: output.status, detail: output.standardOutput)
        }
        return output.standardOutput.split(separator: "\n")
            .filter { $0.hasPrefix("worktree ") }
            .map { String($0.dropFirst("worktree ".count)) }
    }
}
