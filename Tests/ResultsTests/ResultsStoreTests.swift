import Foundation
import Results
import Testing
#if canImport(Glibc)
import Glibc
import TestFixtures
#endif

@Suite("ResultsStore: paths and writing")
struct ResultsStoreTests {
    /// The default file name, as results/README.md documents it.
    static let namePattern = #"[0-9]{8}-[0-9]{6}Z-[A-Za-z0-9._-]+-([0-9a-f]{12}|nogit)(-dirty)?-[0-9a-f]{6}\.json"#

    @Test("default paths follow the documented pattern", arguments: [
        (Fixtures.fullGit, "20261121-123456Z-smoke-0123456789ab-dirty-"),
        (GitInfo(commit: "ABCDEF0123456789abcdef0123456789abcdef01", dirty: false, branch: nil),
         "20261121-123456Z-smoke-abcdef012345-"),
        (nil, "20261121-123456Z-smoke-nogit-"),
    ])
    func defaultPathPattern(git: GitInfo?, expectedPrefix: String) throws {
        let path = ResultsStore().defaultPath(for: Fixtures.fullDocument(git: git))
        #expect(path.hasPrefix("results/" + expectedPrefix))
        let regex = try Regex("results/" + Self.namePattern)
        #expect(path.wholeMatch(of: regex) != nil, "\(path)")
    }

    @Test("two default paths for the same document differ")
    func defaultPathsDiffer() {
        let store = ResultsStore()
        let document = Fixtures.fullDocument()
        #expect(store.defaultPath(for: document) != store.defaultPath(for: document))
    }

    @Test("default paths are in the store's directory, whatever its spelling", arguments: [
        ("results", "results/"), ("out/", "out/"), ("/tmp/x", "/tmp/x/"),
    ])
    func defaultPathDirectory(directory: String, prefix: String) {
        let path = ResultsStore(directory: directory).defaultPath(for: Fixtures.fullDocument())
        #expect(path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/"))
    }

    @Test("suite names are made safe for file names", arguments: [
        ("smoke", "smoke"), ("my suite/α", "my-suite--"), ("", "suite"), ("v1.2_x-y", "v1.2_x-y"),
        ("../../etc", "..-..-etc"),
    ])
    func suiteComponent(suite: String, expected: String) throws {
        #expect(ResultsStore.fileNameComponent(suite) == expected)
        let path = ResultsStore().defaultPath(for: Fixtures.fullDocument(suite: suite))
        #expect(path.wholeMatch(of: try Regex("results/" + Self.namePattern)) != nil, "\(path)")
    }

    @Test("an unparsable createdAt falls back to the current time")
    func defaultPathWithBadDate() throws {
        var document = Fixtures.fullDocument()
        document.createdAt = "yesterday"
        let path = ResultsStore().defaultPath(for: document)
        #expect(path.wholeMatch(of: try Regex("results/" + Self.namePattern)) != nil, "\(path)")
    }

    @Test("a write creates exactly the file, with the encoded document, and no temporary files")
    func writeCreates() throws {
        let scratch = try ScratchDirectory()
        let document = Fixtures.fullDocument()
        let store = ResultsStore(directory: scratch.path)
        let path = store.defaultPath(for: document)
        try store.write(document, to: path, force: false)
        #expect(try scratch.entries() == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(try scratch.contents(of: URL(fileURLWithPath: path).lastPathComponent) == document.encodedJSON())
        #expect(try store.read(path) == document)
    }

    @Test("writing over an existing file without force throws exists and keeps the old bytes")
    func writeRefusesToReplace() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("old bytes", to: "run.json")
        let path = scratch.file("run.json")
        #expect(throws: ResultsError.exists(path)) {
            try ResultsStore().write(Fixtures.fullDocument(), to: path, force: false)
        }
        #expect(try scratch.contents(of: "run.json") == Data("old bytes".utf8))
        #expect(try scratch.entries() == ["run.json"])
    }

    @Test("a file that appears after the check is not replaced either")
    func fileAppearingDuringRun() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("run.json")
        let store = ResultsStore()
        try store.checkWritable(path, force: false)
        try scratch.write("written meanwhile", to: "run.json")
        #expect(throws: ResultsError.exists(path)) { try store.write(Fixtures.fullDocument(), to: path, force: false) }
        #expect(try scratch.contents(of: "run.json") == Data("written meanwhile".utf8))
        #expect(try scratch.entries() == ["run.json"])
    }

    @Test("writing with force replaces an existing file")
    func writeForceReplaces() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("old bytes", to: "run.json")
        let document = Fixtures.fullDocument()
        try ResultsStore().write(document, to: scratch.file("run.json"), force: true)
        #expect(try scratch.contents(of: "run.json") == document.encodedJSON())
        #expect(try scratch.entries() == ["run.json"])
    }

    @Test("a document that cannot be encoded leaves nothing behind")
    func writeUnencodable() throws {
        let scratch = try ScratchDirectory()
        var document = Fixtures.fullDocument()
        document.scenarios[0].metrics["x"] = .exact(.nan, unit: "ns")
        #expect {
            try ResultsStore().write(document, to: scratch.file("run.json"), force: false)
        } throws: { error in
            guard case .notEncodable = error as? ResultsError else { return false }
            return true
        }
        #expect(try scratch.entries().isEmpty)
    }

    @Test("the store's directory is created on first write; other missing directories are an error")
    func missingDirectories() throws {
        let scratch = try ScratchDirectory()
        let store = ResultsStore(directory: scratch.file("results"))
        let path = store.defaultPath(for: Fixtures.fullDocument())
        try store.write(Fixtures.fullDocument(), to: path, force: false)
        #expect(FileManager.default.fileExists(atPath: path))

        let elsewhere = scratch.file("elsewhere/run.json")
        #expect(throws: ResultsError.directoryMissing(scratch.file("elsewhere"))) {
            try store.write(Fixtures.fullDocument(), to: elsewhere, force: false)
        }
    }

    @Test("checkWritable refuses an existing file unless forced, and writes nothing")
    func checkExisting() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("old bytes", to: "run.json")
        let path = scratch.file("run.json")
        #expect(throws: ResultsError.exists(path)) { try ResultsStore().checkWritable(path, force: false) }
        try ResultsStore().checkWritable(path, force: true)
        try ResultsStore().checkWritable(scratch.file("new.json"), force: false)
        #expect(try scratch.entries() == ["run.json"])
        #expect(try scratch.contents(of: "run.json") == Data("old bytes".utf8))
    }

    @Test("checkWritable refuses a missing directory that is not the store's")
    func checkMissingDirectory() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.file("missing")
        #expect(throws: ResultsError.directoryMissing(directory)) {
            try ResultsStore().checkWritable(directory + "/run.json", force: false)
        }
        #expect(try scratch.entries().isEmpty)
    }

    @Test("checkWritable creates the store's missing directory, and accepts the directory itself")
    func checkCreatesStoreDirectory() throws {
        let scratch = try ScratchDirectory()
        let store = ResultsStore(directory: scratch.file("results"))
        try store.checkWritable(store.defaultPath(for: Fixtures.fullDocument()), force: false)
        #expect(try scratch.entries() == ["results"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).isEmpty)

        let other = ResultsStore(directory: scratch.file("other/"))
        try other.checkWritable(other.directory, force: false)
        #expect(try scratch.entries() == ["other", "results"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.directory).isEmpty)
    }

    @Test("checkWritable refuses paths that are not files in a directory", arguments: [
        ("", "the path is empty"), ("dir/", "names a directory"), ("dir", "it is a directory"),
        ("file/run.json", "is not a directory"),
    ])
    func checkNotAFile(relative: String, reason: String) throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("dir"), withIntermediateDirectories: false)
        try scratch.write("x", to: "file")
        let path = relative.isEmpty ? "" : scratch.file(relative)
        let error = try #require(throws: ResultsError.self) { try ResultsStore().checkWritable(path, force: true) }
        guard case .notWritable(path, let found) = error else {
            Issue.record("expected notWritable, got \(error)")
            return
        }
        #expect(found.contains(reason), "\(found)")
    }

    @Test("checkWritable refuses a read-only directory", .disabled(if: getuid() == 0, "root ignores permissions"))
    func checkReadOnly() throws {
        let scratch = try ScratchDirectory()
        try #require(chmod(scratch.path, 0o555) == 0)
        let path = scratch.file("run.json")
        let error = try #require(throws: ResultsError.self) { try ResultsStore().checkWritable(path, force: false) }
        guard case .notWritable(path, let reason) = error else {
            Issue.record("expected notWritable, got \(error)")
            return
        }
        #expect(reason.contains("Permission denied"))
    }

    @Test("every error describes itself in one line that says what to do", arguments: [
        ResultsError.exists("r.json"), .directoryMissing("d"), .notWritable("r.json", reason: "x"),
        .writeFailed("r.json", reason: "x"), .notEncodable(detail: "x"), .missing("r.json"),
        .notReadable("r.json", reason: "x"), .corrupt("r.json", detail: "x"),
        .unsupportedSchema("r.json", found: 0, supported: 1), .unsupportedSchema("r.json", found: 2, supported: 1),
    ])
    func descriptions(error: ResultsError) {
        #expect(!error.description.contains("\n"))
        #expect(!error.description.isEmpty)
    }

    @Test("the exists error says how to go on")
    func existsDescription() {
        #expect(ResultsError.exists("results/a.json").description
            == "results file results/a.json exists; pass --force to replace it, or choose another --output")
    }
}
