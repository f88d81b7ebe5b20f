import LayoutModel

/// A header or footer of the whole layout, as an `NSCollectionLayoutBoundarySupplementaryItem` in
/// `UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`: aligned ``CompositionalBoundaryAlignment/top``
/// (above the first section) or ``CompositionalBoundaryAlignment/bottom`` (below the last), rules G1 to G6 of
/// Guides/CompositionalLayout.md.
public struct CompositionalLayoutBoundaryItem: Hashable, Sendable {
    /// The size; fractions resolve against the collection view's size (the layout has no content insets).
    public var size: CompositionalSize
    /// Its element kind (`elementKind`).
    public var elementKind: String
    /// Top (a layout header) or bottom (a layout footer).
    public var alignment: CompositionalBoundaryAlignment
    /// Moves it from its aligned place (`absoluteOffset`); the content grows by its height only.
    public var offset: Point
    /// Whether the content grows by its height, moving every section down (a header) or ending after it (a footer);
    /// `false` lays it over the content's top or bottom.
    public var extendsBoundary: Bool
    /// Whether it stays in the visible bounds while the content is scrolled, bounded by the content.
    public var pinToVisibleBounds: Bool
    /// The stacking order of its attributes.
    public var zIndex: Int

    /// Creates a layout-wide boundary item; it extends the content by default, and its zIndex defaults to 1, as the
    /// engine's section headers.
    public init(size: CompositionalSize, elementKind: String, alignment: CompositionalBoundaryAlignment,
                offset: Point = .zero, extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false,
                zIndex: Int = 1) {
        self.size = size
        self.elementKind = elementKind
        self.alignment = alignment
        self.offset = offset
        self.extendsBoundary = extendsBoundary
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
    }
}

/// The layout-wide header and footer of a ``CompositionalLayout``, as resolved at its last full `prepare()`: their
/// natural frames and how they pin. Empty for a layout without them, which then pays one test of ``isEmpty`` a
/// query (folded into the side-elements flag) and nothing else.
public struct CompositionalLayoutBoundary: Hashable, Sendable {
    /// One resolved item.
    public struct Resolved: Hashable, Sendable {
        /// Where it is when nothing pins it.
        public var frame: Rect
        /// Its element kind (supplementary).
        public var kind: ElementKind
        /// Whether it pins to the visible bounds.
        public var pinned: Bool
        /// Its zIndex.
        public var zIndex: Int
    }

    /// The layout header, if any.
    public internal(set) var header: Resolved?
    /// The layout footer, if any.
    public internal(set) var footer: Resolved?

    /// No header and no footer.
    public init() {}

    /// Whether there is neither a header nor a footer.
    @inline(__always)
    public var isEmpty: Bool { header == nil && footer == nil }

    /// Whether either pins.
    public var pinsAnything: Bool { header?.pinned == true || footer?.pinned == true }

    /// How far the header moves the first section down: its height when it extends the content, else 0 (G2). A
    /// self-sizing layout passes the header's fitted height (`fittedHeader`, NaN while at its estimate).
    static func topExtent(of items: [CompositionalLayoutBoundaryItem], container: Size,
                          fittedHeader: Double = .nan) -> Double {
        guard let header = items.first(where: { $0.alignment == .top }), header.extendsBoundary else { return 0 }
        return Swift.max(0, fittedHeader.isNaN ? header.size.resolved(in: container).height : fittedHeader)
    }

    /// Resolves `items` (the first `.top` and the first `.bottom`) in a content `container` wide whose sections
    /// end at `sectionsEnd`; returns the content's height (G1 to G3). A self-sizing layout passes the fitted
    /// heights (`fittedHeader`, `fittedFooter`; NaN while at the estimate), which replace the resolved ones.
    ///
    /// - Complexity: O(items).
    mutating func resolve(_ items: [CompositionalLayoutBoundaryItem], container: Size, sectionsEnd: Double,
                          fittedHeader: Double = .nan, fittedFooter: Double = .nan) -> Double
    {
        header = nil
        footer = nil
        var height = sectionsEnd
        if let item = items.first(where: { $0.alignment == .bottom }) {
            let size = item.size.resolved(in: container)
            let extent = Swift.max(0, fittedFooter.isNaN ? size.height : fittedFooter)
            let y = item.extendsBoundary ? sectionsEnd : sectionsEnd - extent
            if item.extendsBoundary { height += extent }
            footer = Resolved(frame: Rect(x: item.offset.x, y: y + item.offset.y, width: size.width, height: extent),
                              kind: .supplementary(item.elementKind), pinned: item.pinToVisibleBounds,
                              zIndex: item.zIndex)
        }
        if let item = items.first(where: { $0.alignment == .top }) {
            let size = item.size.resolved(in: container)
            header = Resolved(frame: Rect(x: item.offset.x, y: item.offset.y, width: size.width,
                                          height: Swift.max(0, fittedHeader.isNaN ? size.height : fittedHeader)),
                              kind: .supplementary(item.elementKind), pinned: item.pinToVisibleBounds,
                              zIndex: item.zIndex)
        }
        return height
    }

    /// The header's or footer's attributes of `kind` at `path`, which is (0, 0), where `bounds` puts them in content
    /// `contentHeight` high; `nil` for another kind (G5).
    ///
    /// - Complexity: O(1).
    func attributes(ofKind kind: ElementKind, at path: ElementPath, bounds: Rect, contentHeight: Double)
        -> LayoutAttributes?
    {
        if let header, header.kind == kind {
            return LayoutAttributes(frame: Self.headerFrame(header, bounds: bounds, contentHeight: contentHeight),
                                    path: path, kind: kind, zIndex: header.zIndex)
        }
        if let footer, footer.kind == kind {
            return LayoutAttributes(frame: Self.footerFrame(footer, bounds: bounds), path: path, kind: kind,
                                    zIndex: footer.zIndex)
        }
        return nil
    }

    /// The header's frame against `bounds` in content `contentHeight` high: its natural frame, or, pinned, at the
    /// top of the bounds, never above its own place nor below the content's end (G4).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func headerFrame(_ header: Resolved, bounds: Rect, contentHeight: Double) -> Rect {
        var frame = header.frame
        if header.pinned {
            frame.origin.y = Swift.min(Swift.max(bounds.minY, frame.minY), contentHeight - frame.size.height)
        }
        return frame
    }

    /// The footer's frame against `bounds`: its natural frame, or, pinned, at the bottom of the bounds, never below
    /// its own place nor above the content's top (G4).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func footerFrame(_ footer: Resolved, bounds: Rect) -> Rect {
        var frame = footer.frame
        if footer.pinned {
            frame.origin.y = Swift.max(Swift.min(bounds.maxY - frame.size.height, frame.minY), 0)
        }
        return frame
    }
}

extension CompositionalEngine {
    /// The layout-wide header and footer, empty by default (``CompositionalLayout`` has them, the other engines
    /// none: their families refuse content with them).
    public var layoutBoundary: CompositionalLayoutBoundary { CompositionalLayoutBoundary() }
}

extension CompositionalLayout {
    /// Where the first section starts: the layout header's height when it extends the content (G2), else 0.
    ///
    /// - Complexity: O(items).
    @inline(never)
    func boundaryTop(_ state: CollectionViewState) -> Double {
        CompositionalLayoutBoundary.topExtent(of: storedBoundaryItems, container: state.bounds.standardized.size)
    }

    /// Lays the layout-wide header and footer out around the sections `rebuild` just laid out (after the header's
    /// extent, ``boundaryTop(_:)``): resolves both, grows the content by the footer (G2), records whether either
    /// pins; returns the number of elements laid out.
    ///
    /// - Complexity: O(items).
    @inline(never)
    func layOutBoundary(_ state: CollectionViewState) -> Int {
        let container = state.bounds.standardized.size
        let height = boundary.resolve(storedBoundaryItems, container: container, sectionsEnd: contentSize.height)
        contentSize = Size(width: container.width, height: height)
        pinsLayoutBoundary = boundary.pinsAnything
        pinsAnything = pinsAnything || pinsLayoutBoundary
        boundaryResolved = true
        hasSideElements = true
        return (boundary.header == nil ? 0 : 1) + (boundary.footer == nil ? 0 : 1)
    }

    /// Forgets the layout-wide header and footer of an earlier rebuild (after they were cleared).
    @inline(never)
    func clearBoundary() {
        boundary = CompositionalLayoutBoundary()
        pinsLayoutBoundary = false
        boundaryResolved = false
    }

    /// Appends the layout header and footer where they meet `rect` (by CoreGraphics' rule); returns the number
    /// tested.
    ///
    /// - Complexity: O(1).
    func appendLayoutBoundary(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        boundary.append(in: rect, pinningBounds: pinningBounds, contentHeight: contentSize.height, into: &buffer)
    }

    /// The pinned layout header and footer in the pinning bounds: what a scroll recomputes for them.
    ///
    /// - Complexity: O(1).
    @inline(never)
    func pinnedLayoutBoundaryCount() -> Int {
        boundary.pinnedCount(pinningBounds: pinningBounds, contentHeight: contentSize.height)
    }
}

extension CompositionalLayoutBoundary {
    /// Appends the header and footer, placed against `pinningBounds` in content `contentHeight` high, where they
    /// meet `rect` (by CoreGraphics' rule); returns the number tested (G4, G5). The closed-form and the self-sizing
    /// engines share it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func append(in rect: Rect, pinningBounds: Rect, contentHeight: Double, into buffer: inout [LayoutAttributes])
        -> Int
    {
        var tested = 0
        let path = ElementPath(section: 0, item: 0)
        if let header {
            tested += 1
            let frame = Self.headerFrame(header, bounds: pinningBounds, contentHeight: contentHeight)
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: path, kind: header.kind, zIndex: header.zIndex))
            }
        }
        if let footer {
            tested += 1
            let frame = Self.footerFrame(footer, bounds: pinningBounds)
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: path, kind: footer.kind, zIndex: footer.zIndex))
            }
        }
        return tested
    }

    /// The pinned header and footer in `pinningBounds`: what a scroll recomputes for them (G4).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func pinnedCount(pinningBounds: Rect, contentHeight: Double) -> Int {
        var count = 0
        if let header, header.pinned, Self.headerFrame(
            header, bounds: pinningBounds, contentHeight: contentHeight).intersects(pinningBounds) { count += 1 }
        if let footer, footer.pinned, Self.footerFrame(footer, bounds: pinningBounds).intersects(pinningBounds) {
            count += 1
        }
        return count
    }

    /// Whether `attributes` are the header or the footer and it pins (G4).
    ///
    /// - Complexity: O(1).
    func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.path.section == 0, attributes.path.item == 0 else { return false }
        if let header, header.kind == attributes.kind { return header.pinned }
        if let footer, footer.kind == attributes.kind { return footer.pinned }
        return false
    }
}
