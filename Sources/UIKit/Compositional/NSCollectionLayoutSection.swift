import LayoutModel
import Layouts

/// How a section scrolls across the main axis, as UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
/// Only `.none` is supported: a section with another behaviour stops in `prepare()` with a message.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none = 0, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section's blueprint, as UIKit's `NSCollectionLayoutSection`: one group repeated down the section, content
/// insets, the spacing between groups, and boundary supplementary items (one header and one footer at most).
open class NSCollectionLayoutSection: NSObject, NSCopying {
    open private(set) var group: NSCollectionLayoutGroup
    /// Insets between the section's boundary (and its header and footer) and its groups.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// The spacing between consecutive groups.
    open var interGroupSpacing: CGFloat = 0
    /// Only `.none` is supported.
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// The section's header and footer: at most one aligned `.top` and one aligned `.bottom`.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers follow the section's leading and trailing insets; only `true` is supported.
    open var supplementariesFollowContentInsets = true

    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    /// A copy with the same group, insets, spacing, behaviour and boundary items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        return copy
    }

    /// The engine's section and the element kinds of its header and footer. Stops with a message on what the engine
    /// cannot lay out.
    package func engineSection(containerSize: Size) -> (section: CompositionalSection, kinds: CompositionalKindPair) {
        precondition(orthogonalScrollingBehavior == .none,
                     "UIKit on Linux: orthogonalScrollingBehavior \(orthogonalScrollingBehavior) is not supported "
                         + "(Guides/UIKitCompositional.md)")
        precondition(supplementariesFollowContentInsets,
                     "UIKit on Linux: supplementariesFollowContentInsets = false is not supported")
        let insets = EdgeInsets(contentInsets)
        let effective = Size(width: containerSize.width - insets.left - insets.right,
                             height: containerSize.height - insets.top - insets.bottom)
        var section = CompositionalSection(group: group.engineGroup(in: effective), contentInsets: insets,
                                           interGroupSpacing: Double(interGroupSpacing))
        var kinds = CompositionalKindPair()
        for item in boundarySupplementaryItems {
            let engine = item.engineBoundaryItem
            if engine.alignment == .top {
                precondition(section.header == nil, "UIKit on Linux: at most one header (.top) per section")
                section.header = engine
                kinds.header = item.elementKind
            } else {
                precondition(section.footer == nil, "UIKit on Linux: at most one footer (.bottom) per section")
                section.footer = engine
                kinds.footer = item.elementKind
            }
        }
        return (section, kinds)
    }
}
