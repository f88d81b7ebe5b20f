import Foundation
import Platform

extension GitInfo {
    /// The revision of the git working tree that contains `directory`, or `nil` when `directory` is not in a
    /// working tree with at least one commit, or `git` is not on `PATH`.
    ///
    /// `git` is found by searching the absolute entries of `PATH` and run with argument arrays, never through a shell,
    /// with standard input from `/dev/null` and terminal prompts and optional locks off, so it cannot hang waiting for
    /// input or contend with a concurrent `git` command. Variables that redirect git to another repository
    /// (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`, …, as set inside git hooks) are removed, so the answer is
    /// always about `directory`.
    ///
    /// The tree is ``dirty`` when `git status --porcelain` lists anything: a tracked file that differs from `HEAD`
    /// (staged or not), or an untracked file that is not ignored. Paths under `ignoredPaths` (relative to
    /// `directory`) do not count: by default the results folder, whose files the tool itself writes and which do not
    /// change the code being measured. When `git status` itself fails, the tree counts as dirty, since it cannot be
    /// shown to be clean.
    public static func current(in directory: String, ignoring ignoredPaths: [String] = ["results"]) -> GitInfo? {
        var environment = ProcessInfo.processInfo.environment
        guard let git = Executables.find("git", searchPath: environment["PATH"]) else { return nil }
        for name in repositoryRedirectingVariables { environment[name] = nil }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        func run(_ arguments: [String]) -> Programs.Output? {
            try? Programs.run(git, ["-C", directory] + arguments, environment: environment, standardError: .discarded)
        }

        guard let head = run(["rev-parse", "--verify", "--quiet", "HEAD"]), head.status == 0 else { return nil }
        let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return nil }

        let pathspecs = [":/"] + ignoredPaths.map { ":(exclude)\($0)" }
        let status = run(["status", "--porcelain", "--untracked-files=normal", "--"] + pathspecs)
        let dirty = status.map { $0.status != 0 || !$0.standardOutput.isEmpty } ?? true

        let branchName = run(["rev-parse", "--abbrev-ref", "HEAD"])
            .flatMap { $0.status == 0 ? $0.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        let branch = branchName.flatMap { $0.isEmpty || $0 == "HEAD" ? nil : $0 }

        return GitInfo(commit: commit, dirty: dirty, branch: branch)
    }

    /// Environment variables that make git look at a repository other than the one containing its directory.
    private static let repositoryRedirectingVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_PREFIX",
    ]
}
