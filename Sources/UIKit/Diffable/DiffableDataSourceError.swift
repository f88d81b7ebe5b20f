/// A misuse of a diffable data source or snapshot that UIKit answers with an `NSInternalInconsistencyException`
/// (a duplicate identifier, an unknown section or item): the reason, in the words apps see in their crash logs, with
/// the identifiers named. Not UIKit API.
///
/// UIKit's calls do not throw, so a compiled-unchanged file meets this through ``UIKitCompatibility/raise(_:)``:
/// one line on standard error and exit status 1 (see Guides/Updates.md, "UIKit's diffable data source"). This
/// package's tests call the throwing `package` forms of the snapshot's calls (`_appendItems` and so on) to read it.
package struct DiffableDataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// UIKit's reason, one line.
    package var reason: String

    /// An error with `reason`.
    package init(_ reason: String) { self.reason = reason }

    /// The reason.
    package var description: String { reason }

    /// `{(a, b)}`: identifiers as UIKit prints a set of them, each on one line (a multi-line description's line
    /// breaks become spaces, so the whole message stays one line).
    static func list<T>(_ identifiers: some Sequence<T>) -> String {
        "{(" + identifiers.map { one($0) }.joined(separator: ", ") + ")}"
    }

    /// One identifier's description on one line.
    static func one<T>(_ identifier: T) -> String {
        String(describing: identifier).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    // MARK: The reasons

    package static func duplicateItems<T>(_ identifiers: some Sequence<T>) -> Self {
        Self("Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(list(identifiers))")
    }

    package static func duplicateSections<T>(_ identifiers: some Sequence<T>) -> Self {
        Self("Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(list(identifiers))")
    }

    package static func unknownSection<T>(_ identifier: T, in call: String) -> Self {
        Self("Invalid section identifier for \(call): section identifier \(one(identifier)) does not exist in the "
            + "snapshot")
    }

    package static func unknownItem<T>(_ identifier: T, in call: String) -> Self {
        Self("Invalid item identifier for \(call): item identifier \(one(identifier)) does not exist in the snapshot")
    }

    package static var noSections: Self {
        Self("There are currently no sections in the data source. Please add a section first.")
    }

    package static func relativeToItself<T>(_ identifier: T, in call: String) -> Self {
        Self("Invalid \(call): identifier \(one(identifier)) cannot be placed relative to itself")
    }
}

extension UIKitCompatibility {
    /// UIKit's message for an uncaught `NSInternalInconsistencyException` with `reason`, one line.
    package static func uncaughtExceptionMessage(_ error: DiffableDataSourceError) -> String {
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(error.reason)'"
    }

    /// Ends the process as an iOS app ends on the uncaught exception, without a trap: `layoutbench: error: ` and
    /// UIKit's one-line message (``uncaughtExceptionMessage(_:)-(DiffableDataSourceError)``) on standard error, then
    /// exit status 1, in debug and release builds alike.
    package static func raise(_ error: DiffableDataSourceError) -> Never {
        exit(withError: uncaughtExceptionMessage(error))
    }

    /// `body`'s value, or the process ends on its error (``raise(_:)``).
    @inline(__always)
    static func raising<T>(_ body: () throws(DiffableDataSourceError) -> T) -> T {
        do { return try body() } catch { raise(error) }
    }
}
