import LayoutModel

/// The layout-wide header and footer of a self-sizing compositional layout (rules G1 to G6 and G7 of
/// `Guides/CompositionalLayout.md`): the closed-form engine's ``CompositionalLayoutBoundary`` (the same rules: where
/// each lies, how it extends the content, pins and is answered), with the heights of `.estimated` ones fitted from
/// their views (G7, as E8 fits a section's header). Both self-sizing strategies hold one only when their
/// ``SelfSizingCompositionalLayout/boundaryItems`` are set, behind one reference: a layout without layout-wide items
/// pays one nil test where they would be read, and no storage.
final class CompositionalFittedLayoutBoundary {
    /// Which of the two an element is.
    enum Which { case header, footer }

    /// The items as set (the first `.top` and the first `.bottom` are laid out).
    let items: [CompositionalLayoutBoundaryItem]
    /// The header's and footer's kinds, `nil` without one.
    let headerKind: ElementKind?, footerKind: ElementKind?
    /// Whether the header (footer) is of `.estimated` height: fitted from its view (G7).
    let headerFits: Bool, footerFits: Bool
    /// Whether the header (footer) extends the content (G2): only then does its fit move anything.
    let headerExtends: Bool, footerExtends: Bool
    /// Whether either pins to the visible bounds.
    let pins: Bool
    // The state below is `@exclusivity(unchecked)`, as the engines' storage is: a read of a class's stored property
    // pays a dynamic exclusivity check, and a query reads `resolved` (and `incremental`'s section 0 `sectionsTop`).
    // It is written only by `prepare()`, the preferred-attributes context and setting the items, never while a
    // query reads.

    /// The fitted heights, NaN while at the estimate.
    @exclusivity(unchecked) private(set) var fittedHeader = Double.nan, fittedFooter = Double.nan
    /// The container the heights were resolved in.
    @exclusivity(unchecked) private(set) var container = Size.zero
    /// Where the first section starts: the header's height now when it extends the content (G2), else 0.
    @exclusivity(unchecked) private(set) var sectionsTop = 0.0
    /// The header and footer as last laid out.
    @exclusivity(unchecked) private(set) var resolved = CompositionalLayoutBoundary()
    /// What a query reads first (``QueryWindow``), set with ``resolved``.
    @exclusivity(unchecked) private(set) var window = QueryWindow(low: .nan, high: .nan, count: 0, pins: false)
    /// The one path a fit's context names, by kind, built at the first fit of each and answered again after it.
    private var headerName: [ElementKind: [ElementPath]] = [:], footerName: [ElementKind: [ElementPath]] = [:]

    /// Holds `items` (not empty), none of them fitted yet.
    init(_ items: [CompositionalLayoutBoundaryItem]) {
        self.items = items
        let header = items.first { $0.alignment == .top }
        let footer = items.first { $0.alignment == .bottom }
        headerKind = header.map { .supplementary($0.elementKind) }
        footerKind = footer.map { .supplementary($0.elementKind) }
        headerFits = header.map { if case .estimated = $0.size.height { true } else { false } } ?? false
        footerFits = footer.map { if case .estimated = $0.size.height { true } else { false } } ?? false
        headerExtends = header?.extendsBoundary ?? false
        footerExtends = footer?.extendsBoundary ?? false
        pins = items.contains { $0.pinToVisibleBounds && ($0 == header || $0 == footer) }
        window.pins = pins
    }

    /// The y range a query's rect meets neither item in, as last laid out: a rect whose standardised edges lie
    /// strictly below the header's bottom (`low`) and strictly above the footer's top (`high`; -inf and +inf
    /// without one) meets neither, touching included (`Rect.intersects`); NaN, never met, while either pins (they
    /// move with the bounds) or before the first layout. `count` is the number laid out, `pins` ``pins``: a query
    /// outside the range reads the whole of it in one read of the box, and of nothing else.
    struct QueryWindow {
        var low: Double, high: Double
        var count: Int
        var pins: Bool
    }

    /// The number of elements it lays out.
    var elementCount: Int { (headerKind == nil ? 0 : 1) + (footerKind == nil ? 0 : 1) }

    // MARK: Layout

    /// Forgets the fitted heights (a change of the container or of the counts, as E6 forgets the cells'), then
    /// takes those `known` tells a fresh layout (by kind, at (0, 0)); resolves in `container`.
    ///
    /// - Complexity: O(items + known supplementary kinds).
    func reset(container: Size, known: ResolvedItemSizes?) {
        fittedHeader = .nan
        fittedFooter = .nan
        if let known {
            let path = ElementPath(section: 0, item: 0)
            if headerFits, let kind = headerKind, let height = known.supplementaryExtents[kind]?[path],
               height >= 0, height < .infinity { fittedHeader = height }
            if footerFits, let kind = footerKind, let height = known.supplementaryExtents[kind]?[path],
               height >= 0, height < .infinity { fittedFooter = height }
        }
        begin(container: container)
    }

    /// Resolves where the sections start in `container` (the header's extent, G2): what a layout pass calls before
    /// it lays the sections out.
    ///
    /// - Complexity: O(items).
    @discardableResult
    func begin(container: Size) -> Double {
        self.container = container
        sectionsTop = CompositionalLayoutBoundary.topExtent(of: items, container: container, fittedHeader: fittedHeader)
        return sectionsTop
    }

    /// Lays the header and footer out around sections ending at `sectionsEnd` (``sectionsTop`` when there are
    /// none, G6); returns the content's height (G1 to G3).
    ///
    /// - Complexity: O(items).
    @discardableResult
    func layOut(sectionsEnd: Double) -> Double {
        let height = resolved.resolve(items, container: container, sectionsEnd: sectionsEnd,
                                      fittedHeader: fittedHeader, fittedFooter: fittedFooter)
        window.count = (resolved.header == nil ? 0 : 1) + (resolved.footer == nil ? 0 : 1)
        if pins {
            (window.low, window.high) = (.nan, .nan)
        } else {
            window.low = resolved.header.map { $0.frame.standardizedEdges.maxY } ?? -.infinity
            window.high = resolved.footer.map { $0.frame.standardizedEdges.minY } ?? .infinity
        }
        return height
    }

    // MARK: Fitting (G7)

    /// Which fitted item `attributes` name: the header or footer of `.estimated` height, of its kind at (0, 0).
    ///
    /// - Complexity: O(1).
    func fitted(_ attributes: LayoutAttributes) -> Which? {
        guard attributes.path.section == 0, attributes.path.item == 0 else { return nil }
        if headerFits, attributes.kind == headerKind { return .header }
        if footerFits, attributes.kind == footerKind { return .footer }
        return nil
    }

    /// The height of `which` now: its fitted height, or its estimate until fitted (not its frame's).
    ///
    /// - Complexity: O(items).
    func height(_ which: Which) -> Double {
        let fitted = which == .header ? fittedHeader : fittedFooter
        guard fitted.isNaN else { return fitted }
        let alignment: CompositionalBoundaryAlignment = which == .header ? .top : .bottom
        guard let item = items.first(where: { $0.alignment == alignment }) else { return 0 }
        return Swift.max(0, item.size.resolved(in: container).height)
    }

    /// Whether `preferred`'s height is a size and differs from `which`'s height now (E8's rule).
    ///
    /// - Complexity: O(items).
    func differs(_ preferred: LayoutAttributes, _ which: Which) -> Bool {
        CompositionalBoundaryRule.differs(preferred, current: height(which))
    }

    /// Records `which`'s fitted `height` and answers its change of height, where it started, and by how much the
    /// content and everything after it moves (its change when it extends the content, else 0: G2).
    ///
    /// - Complexity: O(items).
    func fit(_ which: Which, height: Double) -> (change: Double, start: Double, moves: Double) {
        let before = self.height(which)
        let start: Double
        switch which {
        case .header:
            fittedHeader = height
            start = resolved.header?.frame.minY ?? 0
            sectionsTop = CompositionalLayoutBoundary.topExtent(of: items, container: container,
                                                                fittedHeader: fittedHeader)
        case .footer:
            fittedFooter = height
            start = resolved.footer?.frame.minY ?? 0
        }
        let change = self.height(which) - before
        let extends = which == .header ? headerExtends : footerExtends
        return (change, start, extends ? change : 0)
    }

    /// The paths a fit's context names (`invalidateSupplementaryElements(ofKind:at:)`): `which`'s kind at (0, 0).
    ///
    /// - Complexity: O(1), one allocation at the first fit of each.
    func naming(_ which: Which) -> [ElementKind: [ElementPath]] {
        switch which {
        case .header:
            if headerName.isEmpty, let headerKind { headerName = [headerKind: [ElementPath(section: 0, item: 0)]] }
            return headerName
        case .footer:
            if footerName.isEmpty, let footerKind { footerName = [footerKind: [ElementPath(section: 0, item: 0)]] }
            return footerName
        }
    }

    // MARK: Answers

    /// The header's or footer's attributes of `kind` at `path`, placed against `bounds` in content
    /// `contentHeight` high; `nil` for any other (G5).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func attributes(ofKind kind: ElementKind, at path: ElementPath, bounds: Rect, contentHeight: Double)
        -> LayoutAttributes?
    {
        guard path.section == 0, path.item == 0 else { return nil }
        return resolved.attributes(ofKind: kind, at: path, bounds: bounds, contentHeight: contentHeight)
    }
}

/// What both self-sizing strategies answer alike about their layout-wide header and footer.
extension SelfSizingCompositionalEngine {
    /// The side elements in `rect`: the sections' backgrounds and the badges (`exhaustive`: every one tested, the
    /// reference's way), and the layout-wide header and footer placed against the pinning bounds; the number tested.
    /// Out of line, so that a query without them pays one test (``SelfSizingCompositionalEngine/hasSideElements``).
    ///
    /// - Complexity: the backgrounds' and the badges' queries, plus O(1).
    @inline(never)
    func appendSideElements(in rect: Rect, exhaustive: Bool, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        if !backgrounds.isEmpty { tested += appendBackgrounds(in: rect, exhaustive: exhaustive, into: &buffer) }
        if hasBadges { tested += appendBadges(in: rect, exhaustive: exhaustive, into: &buffer) }
        // The layout-wide items. Each read of the box is one expression that copies plain values out of it, so no
        // reference to it outlives the read and none is retained (a `let` of it held across the appends below
        // was: a retain and a release, about 40 instructions a query). A rect in the window between the header and
        // the footer meets neither: the two frames' tests are left out (about 150 instructions).
        if let window = layoutWide?.window {
            let edges = rect.standardizedEdges
            if edges.minY > window.low && edges.maxY < window.high {
                tested += window.count
            } else if let resolved = layoutWide?.resolved {
                // Only a pinned item reads the pinning bounds and the content's height: each read of the engine's
                // `preparation` and `contentSize` pays a dynamic exclusivity check (about 90 instructions).
                tested += resolved.append(in: rect, pinningBounds: window.pins ? pinningBounds : .zero,
                                          contentHeight: window.pins ? contentSize.height : 0, into: &buffer)
            }
        }
        return tested
    }

    /// The pinned layout-wide header and footer in the pinning bounds.
    ///
    /// - Complexity: O(1).
    @inline(never)
    func pinnedLayoutWideCount(_ boundary: CompositionalFittedLayoutBoundary) -> Int {
        boundary.resolved.pinnedCount(pinningBounds: pinningBounds, contentHeight: contentSize.height)
    }
}
