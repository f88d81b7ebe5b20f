import LayoutModel
import Layouts

/// A layout that scrolls horizontally (`configuration.scrollDirection = .horizontal`, Guides/UIKitCompositional.md,
/// "Horizontal scrolling", rules H1 to H10): each section is translated as a vertical layout's is, in the layout's own
/// coordinates (a header aligned `.leading`, a footer `.trailing`), and the engine is handed its transpose
/// (`_HorizontalTranspose.swift`); the layout's answers are transposed back. A vertical layout does not call this.
extension UICollectionViewCompositionalLayout {
    /// The engine's section, background and badges for `blueprint` in a layout that scrolls horizontally: translated
    /// in a container of `containerSize` (the collection view's size, not transposed), then transposed (H1 to H6).
    ///
    /// An orthogonal section keeps its behaviour: the engine scrolls the transposed section along its x, which is
    /// the layout's y (H9); a visible-items handler is recorded by the caller and called in the layout's own
    /// coordinates (H10).
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for what the translation refuses, and what a horizontal layout does not
    ///   lay out here (H8): a self-sizing section (a group of `.estimated` width), a content insets reference whose
    ///   edge is not the collection view's own.
    ///
    /// - Complexity: the translation's, plus O(slots and badges of the section).
    func transposedEngineSection(_ blueprint: NSCollectionLayoutSection, containerSize: Size)
        throws(UIKitUnsupportedFeature)
        -> (section: CompositionalSection, kinds: CompositionalKindPair, background: CompositionalDecorationItem?,
            badges: CompositionalBadges?, extras: SectionExtras)
    {
        let layout = "in a UICollectionViewCompositionalLayout that scrolls horizontally"
        for reference in [UIContentInsetsReference.automatic, blueprint.contentInsetsReference,
                          blueprint.supplementaryContentInsetsReference]
        where references.insets(of: reference) != .zero {
            let name = reference == .automatic ? "the configuration's" : ".\(reference)"
            throw UIKitUnsupportedFeature("a contentInsetsReference (\(name)) whose edge is not the collection "
                + "view's own \(layout)",
                reason: "the safe area, layout margins and readable content guide are measured across a vertical "
                    + "layout only (H7)")
        }
        let translated: CompositionalSection, kinds: CompositionalKindPair, extras: SectionExtras
        if let list = blueprint.listConfiguration {
            // A list's header padding is refused here (L9), in one line.
            (translated, kinds, _, extras) = try blueprint.listEngineSection(
                list, containerSize: containerSize, references: references, horizontal: true,
                traits: { customGroupTraits })
        } else {
            (translated, kinds, _, extras) = try blueprint.engineSection(
                containerSize: containerSize, references: references, horizontal: true, traits: { customGroupTraits })
        }
        let section = translated.transposed
        if Self.selfSizes(section) {
            throw UIKitUnsupportedFeature("a group of .estimated width (a self-sizing section) \(layout)")
        }
        let background = try blueprint.engineBackground()?.transposed
        let badges = try blueprint.engineBadges(containerSize: containerSize, references: references,
                                                traits: { customGroupTraits })?.transposed
        return (section, kinds, background, badges, extras)
    }
}
