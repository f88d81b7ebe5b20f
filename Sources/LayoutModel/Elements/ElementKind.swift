/// What an element is: a cell, a supplementary view of a named kind, or a decoration view of a named kind.
///
/// Mirrors `UICollectionView.ElementCategory` together with the element kind string, as one interned identifier: a
/// 32-bit ``id`` that packs the category (its low 2 bits) and the id of the kind name in ``ElementKind/Names``, the
/// one process-wide registry of names. The type, and with it ``LayoutAttributes``, is therefore trivially copyable
/// (writing attributes into a query buffer is a plain memory copy with no reference counting), and two kinds are
/// compared and hashed as one integer.
///
/// The well-known kinds (``cell``, ``sectionHeader``, ``sectionFooter``: UIKit's
/// `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`) have fixed ids and are computed
/// constants, with no lock and no `swift_once`, so query loops may use them freely. Every other kind is registered by
/// name once (``supplementary(_:)``, ``decoration(_:)``, thread-safe; the same name always gets the same id): make it
/// outside a hot loop and keep it.
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

    /// The interned identifier: the name's id in ``ElementKind/Names`` shifted left by 2, or'ed with the category's
    /// raw value. Equality, hashing and the visible-set diff use it whole.
    public let id: UInt32

    /// The kind with identifier `id`.
    @inlinable @inline(__always)
    init(id: UInt32) { self.id = id }

    /// The kind of `category` whose name has id `nameID` in ``ElementKind/Names``.
    @inlinable @inline(__always)
    init(category: Category, nameID: UInt32) { self.id = nameID &<< 2 | UInt32(category.rawValue) }

    /// The category (the low 2 bits of ``id``).
    @inlinable
    public var category: Category {
        switch id & 3 {
        case 0: .cell
        case 1: .supplementary
        default: .decoration
        }
    }

    /// The id of the kind's name in ``ElementKind/Names``.
    @inlinable
    public var nameID: UInt32 { id &>> 2 }

    /// The kind name (empty for cells), from the registry.
    public var name: String { Names.name(of: nameID) }

    /// A cell. Computed, not stored: a stored static sits behind `swift_once`, paid on every use in a query loop.
    @inlinable
    public static var cell: ElementKind { ElementKind(id: 0) }

    /// A section header: a supplementary view of UIKit's `UICollectionView.elementKindSectionHeader` kind, shared by
    /// every family that has section headers. A fixed id, computed with no lock.
    @inlinable
    public static var sectionHeader: ElementKind { ElementKind(category: .supplementary, nameID: Names.sectionHeaderID) }

    /// A section footer: a supplementary view of UIKit's `UICollectionView.elementKindSectionFooter` kind, shared by
    /// every family that has section footers. A fixed id, computed with no lock.
    @inlinable
    public static var sectionFooter: ElementKind { ElementKind(category: .supplementary, nameID: Names.sectionFooterID) }

    /// A supplementary view of the named kind, its name registered on first use.
    ///
    /// - Complexity: O(name length) and one lock for a name that is not well known: keep the kind rather than make it
    ///   in a query loop.
    public static func supplementary(_ name: String) -> ElementKind {
        ElementKind(category: .supplementary, nameID: Names.register(name))
    }

    /// A decoration view of the named kind, its name registered on first use.
    ///
    /// - Complexity: O(name length) and one lock for a name that is not well known: keep the kind rather than make it
    ///   in a query loop.
    public static func decoration(_ name: String) -> ElementKind {
        ElementKind(category: .decoration, nameID: Names.register(name))
    }

    /// The kind of `category` and `name`: ``cell`` for the cell category (whose name is ignored), else the named
    /// supplementary or decoration kind.
    public init(category: Category, name: String) {
        self = category == .cell ? .cell : ElementKind(category: category, nameID: Names.register(name))
    }
}

extension ElementKind: Hashable {
    /// Kinds are equal when their identifiers are.
    @inlinable @inline(__always)
    public static func == (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs.id == rhs.id }

    /// Hashes the identifier.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension ElementKind: Comparable {
    /// Orders by category, then by the UTF-8 bytes of the name (the order of the time when kinds held their names),
    /// so that sorted attribute lists do not depend on the order in which names were registered.
    public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool {
        if lhs.id == rhs.id { return false }
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
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
