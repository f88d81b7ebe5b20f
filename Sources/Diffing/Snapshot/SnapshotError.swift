/// Why a snapshot cannot be diffed: UIKit traps on these (`NSDiffableDataSourceSnapshot` with a duplicate
/// identifier); here they are errors that name the identifier, printed in one line.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A section identifier that appears twice among the sections (its description).
    case duplicateSection(String)
    /// An item identifier that appears twice among all items (its description), and the section it appears in the
    /// second time.
    case duplicateItem(String, section: Int)
    /// A section whose `contents` do not have one value per item.
    case contentCountMismatch(section: Int, items: Int, contents: Int)

    /// One line, naming the identifier.
    public var description: String {
        switch self {
        case let .duplicateSection(identifier):
            "duplicate section identifier \(identifier): each section identifier must be unique"
        case let .duplicateItem(identifier, section):
            "duplicate item identifier \(identifier) (again in section \(section)): each item identifier must be "
                + "unique across all sections"
        case let .contentCountMismatch(section, items, contents):
            "section \(section) has \(items) items but \(contents) contents"
        }
    }
}
