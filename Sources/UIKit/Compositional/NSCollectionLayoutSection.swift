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
open class NSCollectionLayoutSection: NSObject, NSCopying {
    open private(set) var group: NSCollectionLayoutGroup
    /// Insets between the section's boundary (and its header and footer) and its groups.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// The spacing between consecutive groups.
    open var interGroupSpacing: CGFloat = 0
    /// How the section scrolls across the main axis: any value but `.none` lays its groups out side by side, with
    /// the section's own offset.
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Called before each layout pass of the section with its visible items, its content offset and the
    /// environment; what it sets on the items stays in the layout's answers for them (Guides/UIKitCompositional.md).
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// The section's header and footer: at most one aligned `.top` and one aligned `.bottom`.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The section's decoration items: at most one, a background (`NSCollectionLayoutDecorationItem.background`).
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether headers and footers follow the section's leading and trailing insets; only `true` is supported.
    open var supplementariesFollowContentInsets = true

    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    /// A copy with the same group, insets, spacing, behaviour, boundary and decoration items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        copy.decorationItems = decorationItems
        return copy
    }

    /// The engine's section and the element kinds of its header and footer.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` on what the engine cannot lay out:
    ///   `supplementariesFollowContentInsets = false`, more than one header or footer, and what the group and the
    ///   boundary items refuse.
    package func engineSection(containerSize: Size, traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature)
        -> (section: CompositionalSection, kinds: CompositionalKindPair)
    {
        guard supplementariesFollowContentInsets else {
            throw UIKitUnsupportedFeature("supplementariesFollowContentInsets = false")
        }
        let insets = EdgeInsets(contentInsets)
        let effective = Size(width: containerSize.width - insets.left - insets.right,
                             height: containerSize.height - insets.top - insets.bottom)
        var section = CompositionalSection(group: try group.engineGroup(in: effective, traits: traits), contentInsets: insets,
                                           interGroupSpacing: Double(interGroupSpacing),
                                           orthogonalScrollingBehavior: orthogonalScrollingBehavior.engineBehavior)
        var kinds = CompositionalKindPair()
        for item in boundarySupplementaryItems where item.extendsBoundary {
            let engine = try item.engineBoundaryItem()
            if engine.alignment == .top {
                guard section.header == nil else { throw UIKitUnsupportedFeature("more than one header (.top) a section") }
                section.header = engine
                kinds.header = item.elementKind
            } else {
                guard section.footer == nil else {
                    throw UIKitUnsupportedFeature("more than one footer (.bottom) a section")
                }
                section.footer = engine
                kinds.footer = item.elementKind
            }
        }
        return (section, kinds)
    }

    /// The engine's badges of the section's group and items in a container of `containerSize`, or `nil` when none
    /// carries any (Guides/UIKitCompositional.md, "Item and group badges").
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the group refuses.
    package func engineBadges(containerSize: Size, traits: () -> UITraitCollection = { UITraitCollection() })
        throws(UIKitUnsupportedFeature) -> CompositionalBadges?
    {
        let insets = EdgeInsets(contentInsets)
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
