/// Why the gate could not judge a run: bad thresholds, a missing baseline, runs that cannot be compared, a file that
/// cannot be written. Every description is one line that says what to do.
public enum GateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No baseline at the path.
    case baselineMissing(String)
    /// No thresholds file at the path.
    case thresholdsMissing(String)
    /// The thresholds file cannot be read: the path, and the reason.
    case thresholdsUnreadable(String, reason: String)
    /// The thresholds file is not valid: the path, and what is wrong.
    case thresholdsInvalid(String, detail: String)
    /// The thresholds file has a format version this build does not read.
    case thresholdsVersion(String, found: Int, supported: Int)
    /// One run counted allocations (jemalloc) and the other did not: the side without, and its allocator.
    case allocationsMissing(side: String, allocator: String)
    /// A file the gate writes could not be written: the path, and the reason. The path was left as it was.
    case cannotWrite(String, reason: String)
    /// The gate found nothing to check (no scenario, or no metric, both runs have): why. A gate that compared
    /// nothing cannot pass.
    case nothingCompared(reason: String)

    /// The error in one line.
    public var description: String {
        switch self {
        case .baselineMissing(let path):
            return "no baseline at \(path); create it with `layoutbench gate baseline update --baseline \(path)` "
                + "from a release build and commit it, or pass --baseline FILE"
        case .thresholdsMissing(let path):
            return "thresholds file \(path) does not exist; check --thresholds (see results/README.md for the format)"
        case .thresholdsUnreadable(let path, let reason):
            return "cannot read thresholds file \(path): \(reason)"
        case .thresholdsInvalid(let path, let detail):
            return "thresholds file \(path) is not valid: \(detail) (see results/README.md for the format)"
        case .thresholdsVersion(let path, let found, let supported):
            return "thresholds file \(path) has version \(found), but this layoutbench reads version \(supported)"
        case .allocationsMissing(let side, let allocator):
            return "the \(side) run was measured without jemalloc (\(allocator)), so it has no allocation counts to "
                + "gate; run both with jemalloc as the allocator (`layoutbench doctor` checks it; apt "
                + "libjemalloc-dev)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .nothingCompared(let reason):
            return "the gate compared nothing, so it cannot pass: \(reason)"
        }
    }

    /// A store error while writing `path`, told as the gate's own.
    package static func writing(_ path: String, _ error: ResultsError) -> GateError {
        switch error {
        case .notWritable(_, let reason), .writeFailed(_, let reason): return .cannotWrite(path, reason: reason)
        case .directoryMissing(let directory): return .cannotWrite(path, reason: "\(directory) does not exist")
        default: return .cannotWrite(path, reason: error.description)
        }
    }
}
