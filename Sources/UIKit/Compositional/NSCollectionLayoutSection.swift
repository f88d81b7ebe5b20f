import LayoutModel
import Layouts

/// How a section scrolls across the main axis, as UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`:
/// every case, laid out by the engine's orthogonal sections (Guides/CompositionalLayout.md, rules O1 to O5).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none = 0, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

    /// The engine's behaviour.
    var engineBehavior: CompositionalOrthogonalBehavior {
        switch self {
        case .none: .none
        case .continuous: .continuous
        case .continuousGroupLeadingBoundary: .continuousGroupLeadingBoundary
        case .paging: .paging
        case .groupPaging: .groupPaging
        case .groupPagingCentered: .groupPagingCentered
        }
    }
}

/// A section's blueprint, as UIKit's `NSCollectionLayoutSection`: one group repeated down the section (or across it,
/// when it scrolls orthogonally), content insets, the spacing between groups, boundary supplementary items (one
/// header and one footer at most), a background decoration and a visible-items handler.
///
/// Its stored properties are `@exclusivity(unchecked)`: the app sets them on its own thread before it hands the section
/// over, and the layout reads them while it translates the section, never with an access open across a call that
/// could reach them (a dynamic check on each cost every translation about 40 instructions a read).
open class NSCollectionLayoutSection: NSObject, NSCopying {
    open private(set) var group: NSCollectionLayoutGroup
    /// Insets between the section's boundary (and its header and footer) and its groups.
    @exclusivity(unchecked) open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// The spacing between consecutive groups.
    @exclusivity(unchecked) open var interGroupSpacing: CGFloat = 0
    /// How the section scrolls across the main axis: any value but `.none` lays its groups out side by side, with
    /// the section's own offset.
    @exclusivity(unchecked) open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Called before each layout pass of the section with its visible items, its content offset and the
    /// environment; what it sets on the items stays in the layout's answers for them (Guides/UIKitCompositional.md).
    @exclusivity(unchecked) open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// The section's header and footer: at most one aligned `.top` and one aligned `.bottom`.
    @exclusivity(unchecked) open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The section's decoration items: at most one, a background (`NSCollectionLayoutDecorationItem.background`).
    @exclusivity(unchecked) open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether headers and footers follow the section's leading and trailing insets (`true`, the default);
    /// `false` spans them across the section without those insets (Guides/UIKitCompositional.md, CI7; refused in a
    /// layout that scrolls horizontally). Deprecated by Apple in iOS 16 for `supplementaryContentInsetsReference`,
    /// and still written by apps.
    @exclusivity(unchecked) open var supplementariesFollowContentInsets = true
    /// The edge ``contentInsets`` are measured from (iOS 14); `.automatic`, the default, follows the layout
    /// configuration's `contentInsetsReference` (Guides/UIKitCompositional.md, CI1 to CI6).
    @exclusivity(unchecked) open var contentInsetsReference: UIContentInsetsReference = .automatic
    /// The edge the section's boundary supplementary items (headers and footers) are measured from (iOS 16);
    /// `.automatic`, the default, follows the layout configuration's `contentInsetsReference`: headers and footers
    /// follow the section's leading and trailing insets measured from this edge (CI4).
    @exclusivity(unchecked) open var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    /// The list configuration this section was made from (``list(using:layoutEnvironment:)``, a `ListSection`),
    /// `nil` for any other section: the padding above its header (L9) and the swipe-action and separator providers
    /// the layout keeps (L7, L8). A subclass's answer, not a stored property: a stored one (even boxed, 8 bytes) made
    /// every section object larger, and a screen of non-list sections allocated 1.6 to 42 more bytes a cell at its
    /// first layout pass (the UIKit gate's carousel, Orthogonal Sections and News Feed).
    var listConfiguration: UICollectionLayoutListConfiguration? { nil }

    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    /// A copy with the same group, insets, spacing, behaviour, boundary and decoration items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = emptyCopy()
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        copy.decorationItems = decorationItems
        copy.contentInsetsReference = contentInsetsReference
        copy.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        return copy
    }

    /// A section of this one's class and group, before ``copy(with:)`` copies the rest: a list section's copy is a list
    /// section.
    func emptyCopy() -> NSCollectionLayoutSection { NSCollectionLayoutSection(group: group) }

    /// The section's content insets as the engine takes them: measured from the collection view's edges, so its
    /// leading and trailing insets plus those of the edge its reference resolves to in `references` (CI2).
    func engineInsets(_ references: ContentInsetsReferences) -> EdgeInsets {
        var insets = EdgeInsets(contentInsets)
        let edge = references.insets(of: contentInsetsReference)
        insets.left += edge.leading
        insets.right += edge.trailing
        return insets
    }

    /// The engine's section and the element kinds of its header and footer, its content insets measured from the
    /// edge its reference resolves to in `references` (CI2; the collection view's edges by default). With
    /// `horizontal`, the section of a layout that scrolls horizontally, in that layout's own coordinates: its
    /// header is aligned `.leading` and its footer `.trailing` (H4), and the caller transposes the result (H1).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` on what the engine cannot lay out:
    ///   `supplementariesFollowContentInsets = false` in a layout that scrolls horizontally, boundary items that do
    ///   not extend the section on another edge than the items (CI4, CI7), and what the group and the boundary
    ///   items refuse.
    ///   `extras` says what the layout asks for out of line: a header or footer at a trailing corner or with an
    ///   offset (B9, B10, ``engineBoundaryMoves(containerSize:references:)``), a custom item's z-index other than 0
    ///   (C5, ``engineSlotZIndexes(containerSize:references:traits:)``).
    package func engineSection(containerSize: Size, references: ContentInsetsReferences = .none,
                               horizontal: Bool = false,
                               traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature)
        -> (section: CompositionalSection, kinds: CompositionalKindPair, boundaryShift: Double, extras: SectionExtras)
    {
        guard supplementariesFollowContentInsets || !horizontal else {
            throw UIKitUnsupportedFeature("supplementariesFollowContentInsets = false in a "
                + "UICollectionViewCompositionalLayout that scrolls horizontally")
        }
        let insets = engineInsets(references)
        let effective = Size(width: containerSize.width - insets.left - insets.right,
                             height: containerSize.height - insets.top - insets.bottom)
        var slotZIndexes: [Int]?
        var section = CompositionalSection(group: try group.engineGroup(in: effective, traits: traits,
                                                                        slotZIndexes: &slotZIndexes),
                                           contentInsets: insets,
                                           interGroupSpacing: Double(interGroupSpacing),
                                           orthogonalScrollingBehavior: orthogonalScrollingBehavior.engineBehavior)
        var kinds = CompositionalKindPair()
        // Headers and footers on another edge than the items (CI4, CI7): the engine places them at the items'
        // leading inset, at their own width; the layout answers them moved by `boundaryShift`.
        // Asked only of a section with boundary items (most sections have none: Apple's News Feed pays nothing).
        let span = boundarySupplementaryItems.isEmpty ? (width: 0, across: 0, moved: false)
            : boundarySpan(containerSize: containerSize, references: references)
        let moved = span.moved
        let boundaryEffective = Size(width: span.width, height: effective.height)
        if moved {
            guard boundarySupplementaryItems.allSatisfy(\.extendsBoundary) else {
                throw UIKitUnsupportedFeature(supplementariesFollowContentInsets
                    ? "a supplementaryContentInsetsReference on another edge than the section's "
                        + "contentInsetsReference with boundary items whose extendsBoundary is false"
                    : "supplementariesFollowContentInsets = false with boundary items whose extendsBoundary is "
                        + "false")
            }
        }
        var extras: SectionExtras = []
        for item in boundarySupplementaryItems where item.extendsBoundary {
            var (engine, trailing, offset) = try item.engineBoundaryPlacement(horizontal: horizontal)
            if moved { engine.size.width = .absolute(engine.size.width.resolved(in: boundaryEffective)) }
            if trailing || offset.x != 0 || offset.y != 0 { extras.insert(.movedBoundaryItems) }
            if engine.alignment == .top {
                if let current = section.header {
                    // B11: the tallest extends the section; the others lie over its band, as the section's own.
                    extras.insert(.secondaryBoundaryItems)
                    guard try secondBoundaryItem(engine, of: item, beside: current, horizontal: horizontal,
                                                 moved: moved, effective: effective) else { continue }
                }
                section.header = engine
                kinds.header = item.elementKind
            } else {
                if let current = section.footer {
                    extras.insert(.secondaryBoundaryItems)
                    guard try secondBoundaryItem(engine, of: item, beside: current, horizontal: horizontal,
                                                 moved: moved, effective: effective) else { continue }
                }
                section.footer = engine
                kinds.footer = item.elementKind
            }
        }
        if slotZIndexes != nil { extras.insert(.customZIndexes) }
        return (section, kinds, moved ? span.across : 0, extras)
    }

    /// Where the section's headers and footers that extend it lie across the scroll axis, against its items: their
    /// width (the container's between the supplementary reference's edges, less the section's leading and trailing
    /// insets while the supplementaries follow them), how far the layout moves the engine's answer (the engine puts
    /// them at the items' leading inset), and whether that differs from the items' span at all: a
    /// `supplementaryContentInsetsReference` on another edge than the `contentInsetsReference` (CI4), or
    /// `supplementariesFollowContentInsets = false` beside a leading or trailing inset (CI7).
    private func boundarySpan(containerSize: Size, references: ContentInsetsReferences)
        -> (width: Double, across: Double, moved: Bool)
    {
        let supplementaryEdge = references.insets(of: supplementaryContentInsetsReference)
        let contentEdge = references.insets(of: contentInsetsReference)
        let follows = supplementariesFollowContentInsets
        let (leading, trailing) = (Double(contentInsets.leading), Double(contentInsets.trailing))
        let width = containerSize.width - (follows ? leading + trailing : 0) - supplementaryEdge.leading
            - supplementaryEdge.trailing
        let across = supplementaryEdge.leading - contentEdge.leading - (follows ? 0 : leading)
        let moved = supplementaryEdge != contentEdge || !follows && (leading != 0 || trailing != 0)
        return (width, across, moved)
    }

    /// Whether `engine`, the engine's item of `item`, a second header (or footer) of the section, replaces `current` as
    /// the one that extends it: the taller does, the first of equal ones (B11).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` in a layout that scrolls horizontally, on another edge than the items
    ///   (CI4), for a pinned one, and for a kind used twice in the section.
    @inline(never)
    private func secondBoundaryItem(_ engine: CompositionalBoundaryItem,
                                    of item: NSCollectionLayoutBoundarySupplementaryItem,
                                    beside current: CompositionalBoundaryItem, horizontal: Bool, moved: Bool,
                                    effective: Size) throws(UIKitUnsupportedFeature) -> Bool
    {
        let name = engine.alignment == .top ? "header" : "footer"
        guard !horizontal else {
            throw UIKitUnsupportedFeature(engine.alignment == .top ? "more than one header (.leading) a section"
                                                                   : "more than one footer (.trailing) a section")
        }
        guard !moved else {
            throw UIKitUnsupportedFeature(supplementariesFollowContentInsets
                ? "more than one \(name) in a section whose supplementaryContentInsetsReference is on another "
                    + "edge than its contentInsetsReference"
                : "more than one \(name) in a section whose supplementariesFollowContentInsets is false")
        }
        guard !engine.pinToVisibleBounds && !current.pinToVisibleBounds else {
            throw UIKitUnsupportedFeature("pinToVisibleBounds on one of more than one \(name) of a section")
        }
        let kind = item.elementKind
        guard boundarySupplementaryItems.lazy.filter({ $0.extendsBoundary && $0.elementKind == kind }).count == 1
        else {
            throw UIKitUnsupportedFeature("two boundary supplementary items of the kind \(kind) in a section")
        }
        return engine.size.height.resolved(in: effective) > current.size.height.resolved(in: effective)
    }

    /// The indexes in ``boundarySupplementaryItems`` of the header and the footer that extend the section, in a
    /// vertical layout whose section's effective size is `effective`: of each, the tallest, the first of equal ones
    /// (B11, as ``engineSection(containerSize:references:horizontal:traits:)`` chooses).
    private func extendingBoundaryIndexes(effective: Size) -> (header: Int?, footer: Int?) {
        var header: (index: Int, height: Double)?, footer: (index: Int, height: Double)?
        for (index, item) in boundarySupplementaryItems.enumerated() where item.extendsBoundary {
            let height = item.layoutSize.engineSize.height.resolved(in: effective)
            switch item.alignment {
            case .top, .topLeading, .topTrailing:
                if header == nil || height > header!.height { header = (index, height) }
            default:
                if footer == nil || height > footer!.height { footer = (index, height) }
            }
        }
        return (header?.index, footer?.index)
    }

    /// The section's second and later headers and footers (B11), as the section's own supplementary items (B8):
    /// over the band of the one that extends the section, a header's top on the section's top, a footer's on the
    /// extending footer's top, at the leading inset (or the trailing one for a trailing corner), moved by its offset.
    /// Asked only of a section whose translation said it has some (``SectionExtras/secondaryBoundaryItems``).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the boundary items refuse.
    @inline(never)
    package func engineSecondaryBoundaryItems(containerSize: Size, references: ContentInsetsReferences = .none)
        throws(UIKitUnsupportedFeature) -> [CompositionalSupplementaryItem]
    {
        let insets = engineInsets(references)
        let effective = Size(width: containerSize.width - insets.left - insets.right,
                             height: containerSize.height - insets.top - insets.bottom)
        let (header, footer) = extendingBoundaryIndexes(effective: effective)
        let footerHeight = footer.map { boundarySupplementaryItems[$0].layoutSize.engineSize.height
            .resolved(in: effective) } ?? 0
        var result: [CompositionalSupplementaryItem] = []
        for (index, item) in boundarySupplementaryItems.enumerated()
        where item.extendsBoundary && index != header && index != footer {
            let (engine, trailing, offset) = try item.engineBoundaryPlacement()
            let size = engine.size.resolved(in: effective)
            let top = engine.alignment == .top
            // Anchored on the section's frame (its top to its bottom, footer included): a footer's bottom edge on
            // the section's, moved up so that its top is the extending footer's.
            let edges: CompositionalRectEdges = [top ? .top : .bottom, trailing ? .trailing : .leading]
            let drop = top ? 0 : size.height - footerHeight
            result.append(CompositionalSupplementaryItem(
                size: CompositionalSize(width: .absolute(size.width), height: .absolute(size.height)),
                elementKind: item.elementKind,
                containerAnchor: CompositionalAnchor(edges: edges,
                                                     absoluteOffset: Point(x: offset.x, y: offset.y + drop)),
                zIndex: item.zIndex))
        }
        return result
    }

    /// The moves of the section's header and footer that extend it (B9, B10) in a container of `containerSize`:
    /// the engine lays them out at the leading inset; the answer lies at the trailing one for a trailing corner (the
    /// width between the insets, or between the supplementary edges (CI4), less its own), moved by its offset. Asked
    /// only of a section whose translation said it has one (``SectionExtras/movedBoundaryItems``).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the boundary items refuse.
    @inline(never)
    package func engineBoundaryMoves(containerSize: Size, references: ContentInsetsReferences = .none)
        throws(UIKitUnsupportedFeature) -> BoundaryMoves
    {
        let insets = engineInsets(references)
        let span = boundarySpan(containerSize: containerSize, references: references)
        let width = span.moved ? span.width : containerSize.width - insets.left - insets.right
        let effective = Size(width: width, height: containerSize.height - insets.top - insets.bottom)
        var moves = BoundaryMoves()
        let (header, footer) = extendingBoundaryIndexes(effective: effective)
        for (index, item) in boundarySupplementaryItems.enumerated()
        where item.extendsBoundary && (index == header || index == footer) {
            let (engine, trailing, offset) = try item.engineBoundaryPlacement()
            let move = Point(x: (trailing ? width - engine.size.width.resolved(in: effective) : 0) + offset.x,
                             y: offset.y)
            if engine.alignment == .top { moves.header = move } else { moves.footer = move }
        }
        return moves
    }

    /// ``engineSection(containerSize:references:horizontal:traits:)`` for a list's section (`configuration`), with
    /// the padding above its header (L9). Out of line and asked only of list sections: the padding's branch and a
    /// wider answer in ``engineSection(containerSize:references:horizontal:traits:)`` made every section's
    /// translation copy the engine's section more (UIKit gate: the News Feed's prepare +2.7 % a cell).
    @inline(never)
    package func listEngineSection(_ configuration: UICollectionLayoutListConfiguration, containerSize: Size,
                                   references: ContentInsetsReferences = .none, horizontal: Bool = false,
                                   traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature)
        -> (section: CompositionalSection, kinds: CompositionalKindPair, boundaryShift: BoundaryShift,
            extras: SectionExtras)
    {
        let (section, kinds, across, extras) = try engineSection(containerSize: containerSize,
                                                                 references: references, horizontal: horizontal,
                                                                 traits: traits)
        let shift = BoundaryShift(across: across)
        guard configuration.headerMode == .supplementary, section.header != nil else {
            return (section, kinds, shift, extras)
        }
        let insets = engineInsets(references)
        let effective = Size(width: containerSize.width - insets.left - insets.right,
                             height: containerSize.height - insets.top - insets.bottom)
        let padded = try Self.paddingHeader(section, kinds: kinds, shift: shift, list: configuration,
                                            effective: effective, horizontal: horizontal)
        return (padded.section, padded.kinds, padded.boundaryShift, extras)
    }

    /// Every slot's z-index of the section's group in a container of `containerSize`, where a custom group's item
    /// has one other than 0 (C5), `nil` otherwise: the group flattened again, its custom groups' providers asked
    /// again. Asked only of a section whose translation said it has such an item.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the group refuses.
    @inline(never)
    package func engineSlotZIndexes(containerSize: Size, references: ContentInsetsReferences = .none,
                                    traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature) -> [Int]?
    {
        let insets = engineInsets(references)
        var zIndexes: [Int]?
        _ = try group.engineGroup(in: Size(width: containerSize.width - insets.left - insets.right,
                                           height: containerSize.height - insets.top - insets.bottom),
                                  traits: traits, slotZIndexes: &zIndexes)
        return zIndexes
    }

    /// L9: the padding above a list's header. The engine is given the header that much taller (its top at the
    /// section's start, the rows after it); the layout answers it below the padding (`shift.headerDrop`).
    @inline(never)
    private static func paddingHeader(_ section: CompositionalSection, kinds: CompositionalKindPair,
                                      shift: BoundaryShift, list: UICollectionLayoutListConfiguration,
                                      effective: Size, horizontal: Bool)
        throws(UIKitUnsupportedFeature)
        -> (section: CompositionalSection, kinds: CompositionalKindPair, boundaryShift: BoundaryShift)
    {
        let padding = Double(list.resolvedHeaderTopPadding)
        guard padding.isFinite, padding >= 0, padding <= 1e15 else {
            throw UIKitUnsupportedFeature("a headerTopPadding of \(padding) (it must be 0 ... 1e15)")
        }
        guard padding > 0, let header = section.header else { return (section, kinds, shift) }
        guard !horizontal else {
            throw UIKitUnsupportedFeature("headerTopPadding in a layout that scrolls horizontally")
        }
        guard !header.pinToVisibleBounds else {
            throw UIKitUnsupportedFeature("headerTopPadding on a header with pinToVisibleBounds")
        }
        var section = section, shift = shift
        let padded = header.size.height.resolved(in: effective) + padding
        // An `.estimated` header stays estimated, the padding in its estimate: the self-sizing engine fits it (S4),
        // given its preferred height and the padding.
        if case .estimated = header.size.height {
            section.header?.size.height = .estimated(padded)
        } else {
            section.header?.size.height = .absolute(padded)
        }
        shift.headerDrop = padding
        return (section, kinds, shift)
    }

    /// The engine's badges of the section's group and items in a container of `containerSize`, or `nil` when none
    /// carries any (Guides/UIKitCompositional.md, "Item and group badges").
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the group refuses.
    package func engineBadges(containerSize: Size, references: ContentInsetsReferences = .none,
                              traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature) -> CompositionalBadges?
    {
        let insets = engineInsets(references)
        var badges = try group.engineBadges(in: Size(width: containerSize.width - insets.left - insets.right,
                                                     height: containerSize.height - insets.top - insets.bottom),
                                       traits: traits)
        for item in boundarySupplementaryItems where !item.extendsBoundary {
            if badges == nil { badges = CompositionalBadges() }
            badges?.section.append(try item.engineSectionItem)
        }
        return badges
    }

    /// The engine's background of the section, or `nil` without decoration items.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for more than one decoration item (the engine lays out one background
    ///   a section).
    package func engineBackground() throws(UIKitUnsupportedFeature) -> CompositionalDecorationItem? {
        guard let first = decorationItems.first else { return nil }
        guard decorationItems.count == 1 else {
            throw UIKitUnsupportedFeature("more than one decoration item a section")
        }
        return first.engineBackground
    }
}

/// A section made by ``NSCollectionLayoutSection/list(using:layoutEnvironment:)``: any section, with the list
/// configuration it was made from.
final class ListSection: NSCollectionLayoutSection {
    let configuration: UICollectionLayoutListConfiguration

    init(group: NSCollectionLayoutGroup, configuration: UICollectionLayoutListConfiguration) {
        self.configuration = configuration
        super.init(group: group)
    }

    override var listConfiguration: UICollectionLayoutListConfiguration? { configuration }

    override func emptyCopy() -> NSCollectionLayoutSection { ListSection(group: group, configuration: configuration) }
}
