import LayoutModel

/// A section background, as `NSCollectionLayoutDecorationItem.background(elementKind:)`: one decoration view per
/// section, behind its items, covering the section's whole extent (its header, content insets, groups and footer,
/// the container's full width) inset by its own ``contentInsets``. It does not scroll with an orthogonal section's
/// items. A ``CompositionalDecoratingProvider`` gives it beside its section, not in it. The rules and their sources
/// are in `Guides/CompositionalLayout.md` (D1-D4).
public struct CompositionalDecorationItem: Hashable, Sendable {
    /// The decoration kind its attributes carry (`elementKind`, interned: the layout matches repeated backgrounds
    /// as integers).
    public var elementKind: ElementKind
    /// Insets from the section's frame to the decoration's frame (`contentInsets`).
    public var contentInsets: EdgeInsets
    /// The stacking order of its attributes (`zIndex`): 0 by default, as UIKit's, which draws it below the section's
    /// other elements.
    public var zIndex: Int

    /// A background of `elementKind`, with no insets and zIndex 0, as `background(elementKind:)`.
    public static func background(elementKind: String, contentInsets: EdgeInsets = .zero, zIndex: Int = 0) -> Self {
        CompositionalDecorationItem(elementKind: .decoration(elementKind), contentInsets: contentInsets,
                                    zIndex: zIndex)
    }
}
