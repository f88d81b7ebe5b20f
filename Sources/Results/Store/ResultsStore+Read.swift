import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ResultsStore {
    /// Reads the results document at `path`.
    ///
    /// The schema version is read first, so that a file from an older or newer layoutbench is reported as such
    /// rather than as a shape error.
    ///
    /// - Throws: ``ResultsError/missing(_:)``, ``ResultsError/notReadable(_:reason:)``,
    ///   ``ResultsError/unsupportedSchema(_:found:supported:)`` or ``ResultsError/corrupt(_:detail:)``.
    public func read(_ path: String) throws -> ResultsDocument {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ResultsError.missing(path) }
            throw ResultsError.notReadable(path, reason: POSIXFile.errorText(code))
        }
        if POSIXFile.isDirectory(info) { throw ResultsError.notReadable(path, reason: "it is a directory") }
        switch POSIXFile.readAll(path) {
        case .success(let bytes):
            return try ResultsDocument.decoded(Data(bytes), source: path)
        case .failure(let error):
            throw ResultsError.notReadable(path, reason: error.text)
        }
    }
}
