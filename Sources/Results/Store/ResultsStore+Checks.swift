import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ResultsStore {
    /// Checks, before a run starts, that a results file can be written at `path`, so that a bad output path fails
    /// fast with nothing written.
    ///
    /// The directory of `path` must exist and be writable; when it is this store's ``directory`` and is missing, it is
    /// created. An existing file at `path` is an error unless `force`; an existing directory always is. Writability is
    /// probed by creating and removing a temporary file in the directory, so read-only file systems are caught too.
    ///
    /// Passing this store's ``directory`` itself checks that files can be written there (``defaultPath(for:)``'s
    /// names are fresh), creating it if missing; `force` does not matter then.
    ///
    /// - Throws: ``ResultsError/exists(_:)``, ``ResultsError/directoryMissing(_:)`` or
    ///   ``ResultsError/notWritable(_:reason:)``.
    public func checkWritable(_ path: String, force: Bool) throws {
        // The probe is named after the file to be written, so that a name too long for the file system fails here.
        let directory: String, probeTarget: String
        if isStoreDirectory(path) {
            (directory, probeTarget) = (path, FileNames.join(path, "write-check"))
        } else {
            try checkTarget(path, force: force)
            (directory, probeTarget) = (FileNames.directory(of: path), path)
        }
        try prepareDirectory(directory, for: path)
        switch createTemporaryFile(for: probeTarget) {
        case .success(let temporary):
            close(temporary.descriptor)
            unlink(temporary.path)
            InterruptCleanup.unregister(temporary.token)
        case .failure(let error):
            throw ResultsError.notWritable(path, reason: "cannot create a file in \(directory): \(error.text)")
        }
    }

    /// Checks what is at `path` itself: it must name a file, and not an existing one unless `force`.
    func checkTarget(_ path: String, force: Bool) throws(ResultsError) {
        guard !path.isEmpty else { throw .notWritable(path, reason: "the path is empty") }
        guard !path.hasSuffix("/") else { throw .notWritable(path, reason: "the path names a directory, not a file") }
        switch POSIXFile.status(path) {
        case .success(let info):
            if POSIXFile.isDirectory(info) { throw .notWritable(path, reason: "it is a directory") }
            if !force { throw .exists(path) }
        case .failure(let error) where error.code == ENOENT:
            break
        case .failure(let error) where error.code == ENOTDIR:
            throw .notWritable(path, reason: "a component of the path is not a directory")
        case .failure(let error):
            throw .notWritable(path, reason: error.text)
        }
    }

    /// Makes sure `directory`, where `path` goes, exists, creating it when it is this store's ``directory``.
    func prepareDirectory(_ directory: String, for path: String) throws(ResultsError) {
        switch POSIXFile.status(directory) {
        case .success(let info):
            // A symbolic link to a directory is fine; `lstat` does not follow it, so look through it.
            if POSIXFile.isDirectory(info) || isDirectoryFollowingLinks(directory) { return }
            throw .notWritable(path, reason: "\(directory) is not a directory")
        case .failure(let error) where error.code == ENOENT && isStoreDirectory(directory):
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                let reason = oneLine(error.localizedDescription)
                throw .notWritable(path, reason: "cannot create directory \(directory): \(reason)")
            }
        case .failure(let error) where error.code == ENOENT:
            throw .directoryMissing(directory)
        case .failure(let error):
            throw .notWritable(path, reason: "\(directory): \(error.text)")
        }
    }

    /// Creates an empty temporary file next to `path` with `O_CREAT | O_EXCL`, registered for removal on interrupt;
    /// drawing another name if one is taken.
    func createTemporaryFile(
        for path: String, permissions: mode_t = 0o644
    ) -> Result<(descriptor: Int32, path: String, token: InterruptCleanup.Token?), ErrnoCode> {
        var code = EEXIST
        for _ in 0..<8 where code == EEXIST {
            let temporaryPath = FileNames.temporaryPath(for: path)
            // Registered before it exists, so that no moment passes with the file on disk and unregistered.
            let token = InterruptCleanup.register(temporaryPath)
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
            if descriptor >= 0 { return .success((descriptor, temporaryPath, token)) }
            code = errno
            InterruptCleanup.unregister(token)
        }
        return .failure(ErrnoCode(code))
    }

    /// Whether `path` names this store's ``directory``.
    private func isStoreDirectory(_ directory: String) -> Bool {
        URL(fileURLWithPath: directory).standardizedFileURL.path
            == URL(fileURLWithPath: self.directory).standardizedFileURL.path
    }

    /// Whether `path` is a directory, or a symbolic link to one.
    private func isDirectoryFollowingLinks(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
