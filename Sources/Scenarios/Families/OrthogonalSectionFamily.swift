/// A family whose layouts may have sections that scroll across the layout's axis (orthogonal sections, each with its
/// own offset): what the `orthogonal` trace needs, asked before anything is built.
public protocol OrthogonalSectionFamily: LayoutFamily {
    /// Whether the family's layouts for `content` have at least one orthogonal section.
    ///
    /// - Complexity: the family's: O(1) for the `compositional` family, O(sections) section translations for a UIKit
    ///   compositional layout.
    func hasOrthogonalSections(for content: ContentSpec) -> Bool
}
