import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the gate reads and writes by default, and how it writes: atomically, through the results store's temporary
/// files.
public enum GateFiles {
    /// The baseline the gate compares against: `results/baseline.json`, made by `gate baseline update`.
    public static let defaultBaselinePath = "results/baseline.json"
    /// The thresholds file: `results/thresholds.json`.
    public static let defaultThresholdsPath = "results/thresholds.json"
    /// The verdict file: `results/gate/verdict.json`.
    public static let defaultVerdictPath = "results/gate/verdict.json"
    /// The markdown summary: `results/gate/summary.md`.
    public static let defaultSummaryPath = "results/gate/summary.md"

    /// Writes `data` to `path` atomically, creating its directory when missing; an existing file is replaced by a
    /// rename, never truncated, so a reader sees the old file or the new one, whole.
    ///
    /// It is the results store's atomic write: a temporary file next to `path` (removed on failure or Ctrl-C), flushed
    /// with `fsync`, then renamed over `path`; the directory is flushed last.
    ///
    /// - Throws: ``GateError/cannotWrite(_:reason:)``.
    public static func write(_ data: Data, to path: String) throws(GateError) {
        // A store over the file's own directory creates that directory when it is missing.
        let store = ResultsStore(directory: FileNames.directory(of: path))
        do {
            try store.write(data, to: path, force: true)
        } catch let error as ResultsError {
            throw .writing(path, error)
        } catch {
            throw .cannotWrite(path, reason: "\(error)")
        }
    }

    /// Checks, before a gate runs, that ``write(_:to:)`` can write `path`, creating nothing: `path` is not a
    /// directory, and its directory takes a new file, or, when missing, its nearest existing ancestor is a writable
    /// directory in which ``write(_:to:)`` can create it.
    ///
    /// - Throws: ``GateError/cannotWrite(_:reason:)`` or the store's error as `GateError/writing(_:_:)`.
    public static func checkWritable(_ path: String) throws(GateError) {
        let directory = FileNames.directory(of: path)
        var existing = directory
        while true {
            switch POSIXFile.status(existing) {
            case .success(let info):
                guard POSIXFile.isDirectory(info) else {
                    throw .cannotWrite(path, reason: "a component of the path is not a directory")
                }
            case .failure(let error) where error.code == ENOENT && existing != "." && existing != "/":
                existing = FileNames.directory(of: existing)
                continue
            case .failure(let error) where error.code == ENOTDIR:
                throw .cannotWrite(path, reason: "a component of the path is not a directory")
            case .failure(let error):
                throw .cannotWrite(path, reason: error.text)
            }
            break
        }
        guard existing == directory else {
            if access(existing, W_OK | X_OK) != 0 {
                throw .cannotWrite(path, reason: "cannot create \(directory): \(existing) is not writable")
            }
            return
        }
        // The directory exists, so the store creates nothing but its probe file, which it removes.
        do {
            try ResultsStore(directory: directory).checkWritable(path, force: true)
        } catch let error as ResultsError {
            throw .writing(path, error)
        } catch {
            throw .cannotWrite(path, reason: "\(error)")
        }
    }

    /// Appends `text` to the file at `path`, creating it when missing: for `$GITHUB_STEP_SUMMARY`, which collects
    /// what every step appends.
    ///
    /// - Throws: ``GateError/cannotWrite(_:reason:)``.
    public static func append(_ text: String, to path: String) throws(GateError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason: POSIXFile.errorText(errno)) }
        var code = Array(text.utf8).withUnsafeBytes { POSIXFile.writeAll(descriptor, $0) }
        if close(descriptor) != 0 && code == 0 { code = errno }
        if code != 0 { throw .cannotWrite(path, reason: POSIXFile.errorText(code)) }
    }
}
