/// Why a results file could not be checked, written or read. Every description is one line that says what to do.
public enum ResultsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file already exists at the path, and replacing it was not asked for.
    case exists(String)
    /// The directory the file would go in does not exist (the path of the directory).
    case directoryMissing(String)
    /// The file cannot be written there: the path, and the reason.
    case notWritable(String, reason: String)
    /// Writing the file failed: the path, and the reason. Unless the reason says the file is in place, the path was
    /// left as it was.
    case writeFailed(String, reason: String)
    /// The document cannot be written as JSON (a non-finite number, for instance): the detail.
    case notEncodable(detail: String)
    /// No file exists at the path.
    case missing(String)
    /// The file exists but cannot be read: the path, and the reason.
    case notReadable(String, reason: String)
    /// The file is not a results document (not JSON, or the wrong shape): the path, and where decoding stopped.
    case corrupt(String, detail: String)
    /// The file's schema version is not the one this build reads.
    case unsupportedSchema(String, found: Int, supported: Int)

    /// The error in one line.
    public var description: String {
        switch self {
        case .exists(let path):
            return "results file \(path) exists; pass --force to replace it, or choose another --output"
        case .directoryMissing(let directory):
            return "directory \(directory) does not exist; create it, or choose another --output"
        case .notWritable(let path, let reason):
            return "cannot write results to \(path): \(reason); choose another --output"
        case .writeFailed(let path, let reason):
            return "could not write results file \(path): \(reason)"
        case .notEncodable(let detail):
            return "cannot write the results as JSON: \(detail)"
        case .missing(let path):
            return "results file \(path) does not exist; check the path (runs write to results/ by default)"
        case .notReadable(let path, let reason):
            return "cannot read results file \(path): \(reason)"
        case .corrupt(let path, let detail):
            return "\(path) is not a valid results file: \(detail)"
        case .unsupportedSchema(let path, let found, let supported) where found > supported:
            return "results file \(path) has schema version \(found), newer than the version \(supported) this "
                + "layoutbench reads; use the layoutbench that wrote it, or a newer one"
        case .unsupportedSchema(let path, let found, let supported):
            return "results file \(path) has schema version \(found), older than the version \(supported) this "
                + "layoutbench reads; run the suite again with this layoutbench"
        }
    }
}
