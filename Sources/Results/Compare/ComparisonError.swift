/// Why two results documents cannot be compared at all. Every description is one line that says what to do.
public enum ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The policy's minimum effect or confidence is out of range: the reason.
    case invalidPolicy(String)
    /// The documents have different schema versions (the reader refuses files of another version already).
    case schemaVersionMismatch(baseline: Int, current: Int)
    /// One run is a debug build and the other a release build (or any two different configurations).
    case buildConfigurationMismatch(baseline: String, current: String)

    /// The error in one line.
    public var description: String {
        switch self {
        case .invalidPolicy(let reason):
            return "cannot compare: \(reason)"
        case .schemaVersionMismatch(let baseline, let current):
            return "cannot compare results of schema version \(baseline) (baseline) with version \(current) "
                + "(current); run the suite again with one layoutbench"
        case .buildConfigurationMismatch(let baseline, let current):
            return "cannot compare a \(baseline) build (baseline) with a \(current) build (current): timings and "
                + "allocation counts differ between build configurations; measure both with `swift build -c release`"
        }
    }
}
