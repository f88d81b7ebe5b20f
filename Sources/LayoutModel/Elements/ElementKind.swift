/// What an element is: a cell, a supplementary view of a named kind, or a decoration view of a named kind.
///
/// Mirrors `UICollectionView.ElementCategory` together with the element kind string. Kind names are `StaticString`s
/// (as `UICollectionView.elementKindSectionHeader` is a constant), so the type, and with it ``LayoutAttributes``, is
/// trivially copyable: writing attributes into a query buffer is a plain memory copy with no reference counting.
@frozen
public struct ElementKind: Sendable {
    /// The broad category of an element, as `UICollectionView.ElementCategory`.
    @frozen
    public enum Category: UInt8, Sendable, Hashable, Comparable {
        /// A cell, supplied by the data source.
        case cell
        /// A supplementary view, such as a section header.
        case supplementary
        /// A decoration view, owned by the layout.
        case decoration

        public static func < (lhs: Category, rhs: Category) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The category.
    public let category: Category
    /// The kind name; empty for cells.
    public let name: StaticString

    @inlinable
    init(category: Category, name: StaticString) {
        self.category = category
        self.name = name
    }

    /// A cell. Computed, not stored: a stored static sits behind `swift_once`, paid on every use in a query loop.
    @inlinable
    public static var cell: ElementKind { ElementKind(category: .cell, name: "") }

    /// A supplementary view of the named kind.
    @inlinable
    public static func supplementary(_ name: StaticString) -> ElementKind {
        ElementKind(category: .supplementary, name: name)
    }

    /// A decoration view of the named kind.
    @inlinable
    public static func decoration(_ name: StaticString) -> ElementKind {
        ElementKind(category: .decoration, name: name)
    }

    /// The kind name as a `String`.
    public var nameString: String { name.description }
}

extension ElementKind: Hashable {
    /// Kinds are equal when their categories and the bytes of their names are equal.
    public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool {
        guard lhs.category == rhs.category else { return false }
        if lhs.category == .cell { return true }
        return lhs.name.withUTF8Buffer { a in rhs.name.withUTF8Buffer { b in a.elementsEqual(b) } }
    }

    /// Hashes the category and the bytes of the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(category)
        if category != .cell {
            name.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}

extension ElementKind: Comparable {
    /// Orders by category, then by name bytes.
    public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        return lhs.name.withUTF8Buffer { a in rhs.name.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
    }
}

extension ElementKind: CustomStringConvertible {
    /// `cell`, or `supplementary(NAME)`, or `decoration(NAME)`.
    public var description: String {
        switch category {
        case .cell: "cell"
        case .supplementary: "supplementary(\(name))"
        case .decoration: "decoration(\(name))"
        }
    }
}
