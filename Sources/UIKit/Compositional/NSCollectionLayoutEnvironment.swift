/// The container a section provider lays out in, as UIKit's `NSCollectionLayoutContainer`.
public protocol NSCollectionLayoutContainer: AnyObject {
    /// The collection view's bounds size.
    var contentSize: CGSize { get }
    /// ``contentSize`` less ``effectiveContentInsets``.
    var effectiveContentSize: CGSize { get }
    /// The leading and trailing insets of the layout configuration's `contentInsetsReference` (the safe area's by
    /// default), zero at the top and bottom (Guides/UIKitCompositional.md, CI5).
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// ``contentInsets``: the collection view adds none of its own.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider may read, as UIKit's `NSCollectionLayoutEnvironment`: the container and the traits.
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// The environment the compositional layout hands its section provider (the collection view as the container, its
/// insets those of the configuration's content insets reference), and a custom group's item provider (C2: the group
/// as the container, `contentSize` the group's size and `contentInsets` the group's content insets).
final class CompositionalLayoutEnvironment: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let traitCollection: UITraitCollection

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets = .zero, traitCollection: UITraitCollection) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.traitCollection = traitCollection
    }

    var container: any NSCollectionLayoutContainer { self }
    var effectiveContentSize: CGSize {
        CGSize(width: contentSize.width - contentInsets.leading - contentInsets.trailing,
               height: contentSize.height - contentInsets.top - contentInsets.bottom)
    }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}
