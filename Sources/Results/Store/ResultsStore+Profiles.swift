import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ResultsStore {
    /// The instruction profile `document` names (``ResultsDocument/profile``), read from beside the file it was
    /// read from (`resultsPath`), or `nil` when it names none.
    ///
    /// The reference must be a plain file name (the profile lies in the results file's directory), and the profile
    /// must be that run's: the same `createdAt`, commit, suite and seed.
    ///
    /// - Throws: ``ProfileError``.
    public func readProfile(of document: ResultsDocument, at resultsPath: String) throws(ProfileError)
        -> InstructionProfile?
    {
        guard let reference = document.profile else { return nil }
        let name = reference.file
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw .badReference(resultsPath, detail: "'\(oneLine(String(name.prefix(120))))' is not a file name "
                + "beside it")
        }
        let path = FileNames.join(FileNames.directory(of: resultsPath), name)
        let profile = try readProfile(path)
        let expected = ProfiledRun(document)
        if profile.run != expected {
            var differences: [String] = []
            if profile.run.createdAt != expected.createdAt {
                differences.append("created \(profile.run.createdAt), not \(expected.createdAt)")
            }
            if profile.run.commit != expected.commit {
                differences.append("commit \(profile.run.commit ?? "none"), not \(expected.commit ?? "none")")
            }
            if profile.run.suite != expected.suite { differences.append("suite \(profile.run.suite)") }
            if profile.run.seed != expected.seed { differences.append("seed \(profile.run.seed)") }
            throw .otherRun(path, detail: oneLine(differences.joined(separator: ", ")))
        }
        return profile
    }

    /// The instruction profile file at `path`.
    ///
    /// - Throws: ``ProfileError``.
    public func readProfile(_ path: String) throws(ProfileError) -> InstructionProfile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path) }
            throw .notReadable(path, reason: POSIXFile.errorText(code))
        }
        if POSIXFile.isDirectory(info) { throw .notReadable(path, reason: "it is a directory") }
        switch POSIXFile.readAll(path) {
        case .success(let bytes): return try InstructionProfile.decode(json: Data(bytes), source: path)
        case .failure(let error): throw .notReadable(path, reason: error.text)
        }
    }

    /// Writes `profile` to `path` atomically, as a results document is written (see ``write(_:to:force:)``).
    ///
    /// - Throws: the store's ``ResultsError``.
    public func write(_ profile: InstructionProfile, to path: String, force: Bool) throws {
        try write(try profile.encodedJSON(), to: path, force: force)
    }
}
