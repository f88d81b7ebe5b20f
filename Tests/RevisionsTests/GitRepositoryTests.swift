import Foundation
import Revisions
import Testing

/// A throwaway git repository with two commits, made with git run directly.
final class ScratchRepository {
    let path: String
    let git: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("RevisionsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
        git = try #require(["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        })
        try run(["init", "-q", "-b", "main"])
        for (index, subject) in ["first", "second"].enumerated() {
            try Data("\(index)\n".utf8).write(to: url.appendingPathComponent("file.txt"))
            try run(["add", "file.txt"])
            try run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", subject])
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@Suite struct GitRepositoryTests {
    @Test func resolvesRevisionsToCommits() throws {
        let scratch = try ScratchRepository()
        let repository = try GitRepository.containing(scratch.path)
        let head = try repository.resolve("HEAD")
        let parent = try repository.resolve("HEAD~1")
        #expect(head.sha == (try scratch.run(["rev-parse", "HEAD"])))
        #expect(head.subject == "second")
        #expect(parent.subject == "first")
        #expect(parent.revision == "HEAD~1")
        #expect(try repository.resolve("main").sha == head.sha)
        #expect(try repository.resolve(String(head.sha.prefix(12))).sha == head.sha)
    }

    @Test(arguments: ["HEAD~5", "no-such-branch", "", "--all", "-h", "HEAD:file.txt", "main; rm -rf /", "$(true)"])
    func refusesWhatIsNotACommit(_ revision: String) throws {
        let scratch = try ScratchRepository()
        let repository = try GitRepository.containing(scratch.path)
        #expect(throws: RevisionError.unknownRevision(revision, repository: repository.root)) {
            try repository.resolve(revision)
        }
    }

    @Test func refusesADirectoryOutsideARepository() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: RevisionError.notARepository(directory.path)) {
            try GitRepository.containing(directory.path)
        }
    }

    @Test func addsAndRemovesDetachedWorktrees() throws {
        let scratch = try ScratchRepository()
        let repository = try GitRepository.containing(scratch.path)
        let parent = try repository.resolve("HEAD~1")
        let worktree = "\(scratch.path)/.build/wt"
        try repository.addWorktree(at: worktree, commit: parent)
        #expect(try String(contentsOfFile: "\(worktree)/file.txt", encoding: .utf8) == "0\n")
        #expect(try repository.worktrees().contains(worktree))
        try repository.removeWorktree(at: worktree)
        #expect(!FileManager.default.fileExists(atPath: worktree))
        #expect(try !repository.worktrees().contains(worktree))
    }

    @Test func removesWorktreesAnInterruptedRunLeftBehind() throws {
        let scratch = try ScratchRepository()
        let repository = try GitRepository.containing(scratch.path)
        let builder = try RevisionBuilder(repository: repository, cacheDirectory: "\(scratch.path)/.build/ab")
        let head = try repository.resolve("HEAD")
        // A worktree named after a process that no longer exists (pid 2^22 + 1 is above Linux's pid_max default).
        let stale = "\(scratch.path)/.build/ab/worktrees/\(head.sha)-4194305"
        let live = "\(scratch.path)/.build/ab/worktrees/\(head.sha)-\(getpid() == 1 ? 2 : 1)"
        try repository.addWorktree(at: stale, commit: head)
        try repository.addWorktree(at: live, commit: head)
        #expect(try builder.removeStaleWorktrees() == [stale])
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
        try repository.removeWorktree(at: live)
    }
}
