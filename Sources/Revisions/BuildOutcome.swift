/// What building a commit's `layoutbench` came to (``RevisionBuilder/build(_:progress:)``).
public enum BuildOutcome: Hashable, Sendable {
    /// The executable's path.
    case built(String)
    /// The release build failed: why, in one line.
    case unbuildable(String)
}
