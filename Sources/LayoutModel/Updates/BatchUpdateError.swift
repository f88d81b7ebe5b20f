/// Why a batch cannot be applied: the facts UIKit's `NSInternalInconsistencyException` gives, in one line.
///
/// The host refuses such a batch before it changes anything: its counts, its layout and its offset are as they
/// were.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, in UIKit's words where UIKit has words for it (`Guides/Updates.md` lists each rule).
    public var reason: String

    /// Creates an error.
    public init(_ reason: String) { self.reason = reason }

    /// `Invalid update: <reason>`, as UIKit's message starts.
    public var description: String { "Invalid update: \(reason)" }
}
