import LayoutModel
import Layouts

/// A compositional layout's orthogonal sections, for the `orthogonal` trace's player and `verify invalidation`: the
/// section's own scroll view moved by the harness, as a swipe inside it moves it in UIKit. Any other layout has no
/// orthogonal section (the trace refuses it in one line).
extension UIKitLayoutBridge: OrthogonalScrollingLayout {
    private var compositional: UICollectionViewCompositionalLayout? {
        layout as? UICollectionViewCompositionalLayout
    }

    /// The compositional layout's orthogonal sections at its last `prepare()`; none for any other layout.
    ///
    /// - Complexity: O(sections).
    package func orthogonalSections() -> [OrthogonalSectionSpan] { compositional?.orthogonalSections() ?? [] }

    /// The section's offset, or `nil`.
    ///
    /// - Complexity: O(1).
    package func orthogonalOffset(ofSection section: Int) -> Double? {
        compositional?.orthogonalOffset(ofSection: section)
    }

    /// Scrolls the section's scroll view; the host then passes the returned context to ``invalidate(with:)``, which
    /// hands the layout a UIKit context naming the items, as UIKit's private invalidation of the section does.
    ///
    /// - Complexity: O(1) plus the items named.
    package func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext? {
        compositional?.scrollOrthogonalSection(section, to: offset, in: bounds)
    }

    /// Whether the compositional layout scrolls horizontally, its sections along y (H9).
    ///
    /// - Complexity: O(1).
    package var orthogonalSectionsScrollAlongY: Bool { compositional?.transposes ?? false }
}
