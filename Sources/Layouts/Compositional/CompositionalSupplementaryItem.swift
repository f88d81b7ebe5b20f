import LayoutModel

/// The edges an anchor attaches to, as `NSDirectionalRectEdge` (leading is the left edge: layouts run left to right).
public struct CompositionalRectEdges: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public var rawValue: UInt8
    /// Creates edges from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = CompositionalRectEdges(rawValue: 1 << 0)
    /// The leading (left) edge.
    public static let leading = CompositionalRectEdges(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = CompositionalRectEdges(rawValue: 1 << 2)
    /// The trailing (right) edge.
    public static let trailing = CompositionalRectEdges(rawValue: 1 << 3)
    /// Every edge.
    public static let all: CompositionalRectEdges = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item attaches to its container, as `NSCollectionLayoutAnchor`: a point of a rect chosen by
/// its edges (an edge alone is the middle of that edge, two adjacent edges a corner, no edge on an axis the middle
/// of that axis), moved by an offset in points or in fractions of the supplementary item's own size
/// (`Guides/CompositionalLayout.md`, B1-B3).
public struct CompositionalAnchor: Hashable, Sendable {
    /// The edges.
    public var edges: CompositionalRectEdges
    /// The offset: points, or fractions of the supplementary item's width and height (``isFractional``).
    public var offset: Point
    /// Whether ``offset`` is a fraction of the supplementary item's size.
    public var isFractional: Bool

    /// An anchor on `edges`, moved by `offset` points (`init(edges:absoluteOffset:)`).
    public init(edges: CompositionalRectEdges, absoluteOffset offset: Point = .zero) {
        self.edges = edges
        self.offset = offset
        isFractional = false
    }

    /// An anchor on `edges`, moved by `offset` times the supplementary item's size (`init(edges:fractionalOffset:)`).
    public init(edges: CompositionalRectEdges, fractionalOffset offset: Point) {
        self.edges = edges
        self.offset = offset
        isFractional = true
    }

    /// The anchor's point on `rect`, its offset resolved against a supplementary item of `size`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func point(on rect: Rect, offsetFor size: Size) -> Point {
        let leading = edges.contains(.leading), trailing = edges.contains(.trailing)
        let top = edges.contains(.top), bottom = edges.contains(.bottom)
        let x = leading == trailing ? rect.minX + (rect.maxX - rect.minX) / 2 : (leading ? rect.minX : rect.maxX)
        let y = top == bottom ? rect.minY + (rect.maxY - rect.minY) / 2 : (top ? rect.minY : rect.maxY)
        let dx = isFractional ? offset.x * size.width : offset.x
        let dy = isFractional ? offset.y * size.height : offset.y
        return Point(x: x + dx, y: y + dy)
    }
}

/// A supplementary view attached to an item or a group, as `NSCollectionLayoutSupplementaryItem` (a badge): its
/// size resolves against its container's frame; its ``itemAnchor`` point (by default the point of the same edges on
/// itself) is put on its ``containerAnchor`` point of the container (`Guides/CompositionalLayout.md`, B1-B5).
public struct CompositionalSupplementaryItem: Hashable, Sendable {
    /// The size; fractions resolve against the container's frame (the item's, after its content insets, or the
    /// group's).
    public var size: CompositionalSize
    /// The supplementary kind its attributes carry (interned).
    public var elementKind: ElementKind
    /// Where it attaches on its container.
    public var containerAnchor: CompositionalAnchor
    /// Which of its own points goes on the container's anchor; `nil`: the point of the container anchor's edges
    /// (without its offset), so that an anchor with no offset puts it inside those edges.
    public var itemAnchor: CompositionalAnchor?
    /// The stacking order of its attributes.
    public var zIndex: Int

    /// Creates a supplementary item of `elementKind`; zIndex 1 as the engine's other supplementary views.
    public init(size: CompositionalSize, elementKind: String, containerAnchor: CompositionalAnchor,
                itemAnchor: CompositionalAnchor? = nil, zIndex: Int = 1) {
        self.size = size
        self.elementKind = .supplementary(elementKind)
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        self.zIndex = zIndex
    }

    /// Its frame on a container whose frame is `container`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func frame(in container: Rect) -> Rect {
        let own = size.resolved(in: container.size)
        let target = containerAnchor.point(on: container, offsetFor: own)
        let local = Rect(x: 0, y: 0, width: own.width, height: own.height)
        let mine = itemAnchor?.point(on: local, offsetFor: own)
            ?? CompositionalAnchor(edges: containerAnchor.edges).point(on: local, offsetFor: own)
        return Rect(x: target.x - mine.x, y: target.y - mine.y, width: own.width, height: own.height)
    }
}

/// The supplementary items of a section's items and groups (badges), given beside the section by a
/// ``CompositionalBadgingProvider``.
public struct CompositionalBadges: Hashable, Sendable {
    /// The supplementary items of the item in slot `k` of a group: `perSlot[k % perSlot.count]` (the group's
    /// subitems repeat in order; one entry gives every item the same). Empty: items carry none.
    public var perSlot: [[CompositionalSupplementaryItem]]
    /// The supplementary items of every group, at the index path of the group's first item.
    public var group: [CompositionalSupplementaryItem]
    /// Boundary supplementary items that do not extend the section (`extendsBoundary = false`), at (section, 0):
    /// placed by their anchors on the section's frame (from its top to its bottom, between its leading and trailing
    /// content insets), never pinned (B8).
    public var section: [CompositionalSupplementaryItem] = []

    /// Creates a section's badges.
    public init(perSlot: [[CompositionalSupplementaryItem]] = [], group: [CompositionalSupplementaryItem] = [],
                section: [CompositionalSupplementaryItem] = []) {
        self.perSlot = perSlot
        self.group = group
        self.section = section
    }

    /// Every item carries `items`; every group carries `group`.
    public init(items: [CompositionalSupplementaryItem], group: [CompositionalSupplementaryItem] = []) {
        self.init(perSlot: items.isEmpty ? [] : [items], group: group)
    }

    /// Whether neither items nor groups carry any.
    public var isEmpty: Bool { group.isEmpty && section.isEmpty && perSlot.allSatisfy(\.isEmpty) }

    /// The supplementary items of the item in slot `slot`.
    @inline(__always)
    func items(ofSlot slot: Int) -> [CompositionalSupplementaryItem] {
        perSlot.isEmpty ? [] : perSlot[slot % perSlot.count]
    }
}
