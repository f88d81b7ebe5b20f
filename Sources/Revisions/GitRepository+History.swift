import Foundation

extension GitRepository {
    /// Every commit reachable from `HEAD` (and from `extra` revisions), oldest first in topological order: the order
    /// `history` lists runs in.
    public func topologicalOrder(including extra: [String] = []) throws(RevisionError) -> [String] {
        let output = try ProcessRunner.run(git, ["-C", root, "rev-list", "--topo-order", "--reverse", "HEAD"] + extra)
        guard output.status == 0 else {
            throw .processFailed("git rev-list", status: output.status, detail: output.standardOutput)
        }
        return output.standardOutput.split(separator: "\n").map(String.init)
    }

    /// The first parent of `commit`, or `nil` for a root commit or one the repository does not have.
    public func firstParent(of commit: String) throws(RevisionError) -> String? {
        guard commit.count == 40, commit.allSatisfy(\.isHexDigit) else { return nil }
        let output = try ProcessRunner.run(
            git, ["-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", "\(commit)^1"])
        let parent = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return output.status == 0 && parent.count == 40 ? parent : nil
    }

    /// The commits of `good..bad` along the first-parent line, oldest first, ending with `bad`: the candidates a
    /// bisection searches (`good` itself excluded).
    ///
    /// - Throws: ``RevisionError/processFailed(_:status:detail:)`` when git cannot list them.
    public func firstParentRange(from good: Commit, to bad: Commit) throws(RevisionError) -> [Commit] {
        let output = try ProcessRunner.run(
            git, ["-C", root, "rev-list", "--first-parent", "--reverse", "--format=%H %s", "--no-commit-header",
                  "\(good.sha)..\(bad.sha)"])
        guard output.status == 0 else {
            throw .processFailed("git rev-list \(good.shortSHA)..\(bad.shortSHA)", status: output.status,
                                 detail: output.standardOutput)
        }
        return output.standardOutput.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard let sha = parts.first, sha.count == 40 else { return nil }
            return Commit(sha: String(sha), subject: parts.count > 1 ? String(parts[1]) : "", revision: String(sha.prefix(10)))
        }
    }
}
