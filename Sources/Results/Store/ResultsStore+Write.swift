import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ResultsStore {
    /// Writes `document` to `path` atomically: afterwards the path holds either the whole new document or what it held
    /// before, never a part.
    ///
    /// The document is encoded in memory first. The bytes go to a temporary file, `.<name>.tmp-<pid>-<random>`,
    /// created with `O_EXCL` in the same directory, which is flushed with `fsync` and closed. Then:
    /// - without `force`, the temporary file is hard-linked to `path` and unlinked, so an existing file, even one that
    ///   appeared during the run, is never truncated or replaced (``ResultsError/exists(_:)``);
    /// - with `force`, it is renamed over `path`.
    ///
    /// Finally the directory is flushed. On any failure the temporary file is removed, and while it exists it is
    /// registered with ``Platform/InterruptCleanup``, whose handler removes it on Ctrl-C. This store's ``directory`` is
    /// created when missing.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)``, ``ResultsError/exists(_:)``,
    ///   ``ResultsError/directoryMissing(_:)``, ``ResultsError/notWritable(_:reason:)`` or
    ///   ``ResultsError/writeFailed(_:reason:)``.
    public func write(_ document: ResultsDocument, to path: String, force: Bool) throws {
        try write(try document.encoded(), to: path, force: force)
    }

    /// Writes `data` (a verdict, a summary, an export, an executable) to `path` atomically, exactly as a
    /// document is written: a temporary file in the same directory, flushed,
    /// then hard-linked into place (never replacing an existing file) or, with `force`, renamed over it.
    ///
    /// Every atomic write of the tool goes through here, so that an interrupt never leaves a temporary file behind.
    /// `permissions` are the new file's mode bits (less the umask): `0o644` by default, `0o755` for an executable.
    ///
    /// - Throws: ``ResultsError/exists(_:)``, ``ResultsError/directoryMissing(_:)``,
    ///   ``ResultsError/notWritable(_:reason:)`` or ``ResultsError/writeFailed(_:reason:)``.
    public func write(_ data: Data, to path: String, force: Bool, permissions: mode_t = 0o644) throws {
        try checkTarget(path, force: force)
        let directory = FileNames.directory(of: path)
        try prepareDirectory(directory, for: path)

        let temporary: (descriptor: Int32, path: String, token: InterruptCleanup.Token?)
        switch createTemporaryFile(for: path, permissions: permissions) {
        case .success(let created): temporary = created
        case .failure(let error):
            throw ResultsError.notWritable(path, reason: "cannot create a file in \(directory): \(error.text)")
        }
        defer { InterruptCleanup.unregister(temporary.token) }
        var descriptor: Int32? = temporary.descriptor
        // Renamed, the temporary file is gone; otherwise it is removed, whether it was linked into place or not.
        var renamed = false
        defer {
            if let descriptor { close(descriptor) }
            if !renamed { unlink(temporary.path) }
        }

        var code = data.withUnsafeBytes { POSIXFile.writeAll(temporary.descriptor, $0) }
        if code == 0 { code = POSIXFile.sync(temporary.descriptor) }
        if code == 0 {
            descriptor = nil
            if close(temporary.descriptor) != 0 { code = errno }
        }
        if code != 0 { throw ResultsError.writeFailed(path, reason: POSIXFile.errorText(code)) }

        if force {
            if rename(temporary.path, path) != 0 {
                throw ResultsError.writeFailed(path, reason: POSIXFile.errorText(errno))
            }
            renamed = true
        } else if link(temporary.path, path) != 0 {
            switch errno {
            case EEXIST:
                throw ResultsError.exists(path)
            case EPERM, EOPNOTSUPP:
                throw ResultsError.writeFailed(path, reason: "the file system cannot hard-link, which writing "
                    + "without replacing needs; pass --force to write by renaming")
            case let code:
                throw ResultsError.writeFailed(path, reason: POSIXFile.errorText(code))
            }
        }

        code = POSIXFile.syncDirectory(directory)
        if code != 0 {
            throw ResultsError.writeFailed(path, reason: "the file is in place, but flushing \(directory) to disk "
                + "failed: \(POSIXFile.errorText(code))")
        }
    }
}
