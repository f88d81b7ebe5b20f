import Foundation
import Results
import TestFixtures
import Testing

@Suite("GitInfo.current")
struct GitInfoTests {
    /// The `git` on `PATH`, or `nil`.
    static let git: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/git" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs git in `directory` with a clean, fixed configuration, and requires it to succeed.
    static func run(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(git))
        process.arguments = [
            "-C", directory, "-c", "user.name=LayoutBench Tests", "-c", "user.email=tests@example.com",
            "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null",
        ] + arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    /// A repository on branch `main` with one commit of `tracked.txt`.
    static func repository() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try run(["init", "--quiet", "--initial-branch=main"], in: scratch.path)
        try scratch.write("one\n", to: "tracked.txt")
        try run(["add", "tracked.txt"], in: scratch.path)
        try run(["commit", "--quiet", "-m", "first"], in: scratch.path)
        return scratch
    }

    @Test("a directory outside any repository has no git info")
    func notARepository() throws {
        let scratch = try ScratchDirectory()
        #expect(GitInfo.current(in: scratch.path) == nil)
    }

    @Test("a missing directory has no git info")
    func missingDirectory() throws {
        let scratch = try ScratchDirectory()
        #expect(GitInfo.current(in: scratch.file("missing")) == nil)
    }

    @Test("a repository without commits has no git info", .enabled(if: git != nil))
    func noCommits() throws {
        let scratch = try ScratchDirectory()
        try Self.run(["init", "--quiet"], in: scratch.path)
        #expect(GitInfo.current(in: scratch.path) == nil)
    }

    @Test("a clean checkout: the commit, clean, the branch", .enabled(if: git != nil))
    func clean() throws {
        let repository = try Self.repository()
        let info = try #require(GitInfo.current(in: repository.path))
        #expect(info.commit.count == 40 && info.commit.allSatisfy(\.isHexDigit))
        #expect(info.dirty == false)
        #expect(info.branch == "main")
    }

    @Test("what makes a checkout dirty, and what does not", .enabled(if: git != nil), arguments: [
        ("tracked.txt", true), ("untracked.txt", true), ("results/run.json", false), ("ignored.log", false),
    ])
    func dirty(file: String, expected: Bool) throws {
        let repository = try Self.repository()
        try repository.write("*.log\n", to: ".gitignore")
        try Self.run(["add", ".gitignore"], in: repository.path)
        try Self.run(["commit", "--quiet", "-m", "ignore logs"], in: repository.path)
        try FileManager.default.createDirectory(atPath: repository.file("results"), withIntermediateDirectories: true)
        try repository.write("changed\n", to: file)
        #expect(GitInfo.current(in: repository.path)?.dirty == expected)
    }

    @Test("a staged change is dirty", .enabled(if: git != nil))
    func staged() throws {
        let repository = try Self.repository()
        try repository.write("staged\n", to: "new.txt")
        try Self.run(["add", "new.txt"], in: repository.path)
        #expect(GitInfo.current(in: repository.path)?.dirty == true)
    }

    @Test("a change anywhere in the repository counts from a subdirectory", .enabled(if: git != nil))
    func fromSubdirectory() throws {
        let repository = try Self.repository()
        try FileManager.default.createDirectory(atPath: repository.file("sub"), withIntermediateDirectories: false)
        #expect(GitInfo.current(in: repository.file("sub"))?.dirty == false)
        try repository.write("changed\n", to: "tracked.txt")
        #expect(GitInfo.current(in: repository.file("sub"))?.dirty == true)
    }

    @Test("a detached HEAD has no branch", .enabled(if: git != nil))
    func detached() throws {
        let repository = try Self.repository()
        try Self.run(["checkout", "--quiet", "--detach"], in: repository.path)
        let info = try #require(GitInfo.current(in: repository.path))
        #expect(info.branch == nil)
        #expect(info.dirty == false)
    }
}
