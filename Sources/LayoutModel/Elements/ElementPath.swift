/// The position of an element in a collection view: a section and an item within it, as a two-index `IndexPath`.
///
/// In ``CollectionLayout`` grids, a section is a row and an item is a column.
@frozen
public struct ElementPath: Hashable, Comparable, Sendable {
    /// The section index.
    public var section: Int
    /// The item index within the section.
    public var item: Int

    /// Creates a path from a section and an item.
    @inlinable @inline(__always)
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders paths by section, then by item, as `IndexPath` does.
    @inlinable
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension ElementPath: CustomStringConvertible {
    /// `[section, item]`, as `IndexPath` prints.
    public var description: String { "[\(section), \(item)]" }
}
