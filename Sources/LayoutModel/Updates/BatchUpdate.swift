/// One call an app makes inside `performBatchUpdates(_:completion:)`: `insertItems(at:)`, `deleteItems(at:)`,
/// `reloadItems(at:)`, `moveItem(at:to:)` and their section counterparts.
///
/// Index spaces, as UIKit's (see `Guides/Updates.md`): deletes and reloads name the data before the batch, inserts
/// name the data after it, and a move names its source before and its destination after.
public enum UpdateOperation: Hashable, Sendable {
    /// `insertItems(at:)`: paths in the data after the batch.
    case insertItems([ElementPath])
    /// `deleteItems(at:)`: paths in the data before the batch.
    case deleteItems([ElementPath])
    /// `reloadItems(at:)`: paths in the data before the batch. UIKit treats a reload as a delete and an insert at
    /// the item's place after the batch.
    case reloadItems([ElementPath])
    /// `moveItem(at:to:)`: the source before the batch, the destination after it.
    case moveItem(from: ElementPath, to: ElementPath)
    /// `insertSections(_:)`: sections after the batch.
    case insertSections([Int])
    /// `deleteSections(_:)`: sections before the batch.
    case deleteSections([Int])
    /// `reloadSections(_:)`: sections before the batch.
    case reloadSections([Int])
    /// `moveSection(_:toSection:)`: the source before the batch, the destination after it.
    case moveSection(from: Int, to: Int)
}

/// The calls of one `performBatchUpdates(_:completion:)` block. Their order inside the block does not matter
/// (UIKit reorders them: deletes, then inserts), only the index space each names.
public struct BatchUpdate: Hashable, Sendable {
    /// The calls, in the order the app made them.
    public var operations: [UpdateOperation]

    /// Creates a batch of `operations`.
    public init(_ operations: [UpdateOperation] = []) { self.operations = operations }

    /// Whether the batch holds no call at all.
    public var isEmpty: Bool { operations.isEmpty }
}

extension UpdateOperation: CustomStringConvertible {
    /// `insert [0, 3] [0, 4]`, `move section 2 -> 0`: one line, as `verify updates` and the errors print it.
    public var description: String {
        func paths(_ paths: [ElementPath]) -> String { paths.map(\.description).joined(separator: " ") }
        func sections(_ sections: [Int]) -> String { sections.map(String.init).joined(separator: " ") }
        switch self {
        case let .insertItems(p): return "insert \(paths(p))"
        case let .deleteItems(p): return "delete \(paths(p))"
        case let .reloadItems(p): return "reload \(paths(p))"
        case let .moveItem(from, to): return "move \(from) -> \(to)"
        case let .insertSections(s): return "insert section \(sections(s))"
        case let .deleteSections(s): return "delete section \(sections(s))"
        case let .reloadSections(s): return "reload section \(sections(s))"
        case let .moveSection(from, to): return "move section \(from) -> \(to)"
        }
    }
}
