import LayoutModel

/// A self-sizing flow layout's estimate, as `estimatedItemSize` set the way apps set it for lists and grids: a
/// fixed number of items per line that share the line's width (the width follows the bounds, as apps reset
/// `estimatedItemSize` on rotation), and an estimated extent along the scroll axis (height, when vertical) that the
/// cells' fitted sizes replace as they come on screen.
///
/// The cells keep the width the layout proposes and fit their height to it (a list cell's `systemLayoutSizeFitting`
/// with a required horizontal priority), so the lines never break differently; only their extents change.
public struct FlowEstimatedSize: Hashable, Sendable, Codable {
    /// Items per line: 1 is a list.
    public var itemsPerLine: Int
    /// The estimated extent along the scroll axis.
    public var extent: Double

    /// An estimate of `itemsPerLine` items a line, each `extent` long along the scroll axis.
    public init(itemsPerLine: Int, extent: Double) {
        self.itemsPerLine = itemsPerLine
        self.extent = extent
    }

    /// The extent of an item across the scroll axis in a section `available` wide (without its insets) with
    /// `spacing` between items: the line's width shared by ``itemsPerLine`` items, rounded down to 1/64 pt so that
    /// exactly that many fit by the flow layout's greedy rule (every sum on that grid is exact).
    ///
    /// - Complexity: O(1).
    public func itemWidth(available: Double, spacing: Double) -> Double {
        let count = Double(Swift.max(1, itemsPerLine))
        let share = (available - (count - 1) * spacing) / count
        return Swift.max(0, (share * 64).rounded(.down) / 64)
    }
}

/// The sizes cells have fitted, by item: what a freshly built self-sizing layout is told so that it equals one that
/// resolved them while scrolling (the differential checks build their references from it), and what the `full`
/// strategy (``SelfSizingFlowLayout``) keeps.
///
/// Sizes are extents along the scroll axis (heights, when vertical); the extent across is the estimate's.
public final class ResolvedItemSizes: @unchecked Sendable {
    /// The fitted extents, by item.
    public var extents: [ElementPath: Double]
    /// The fitted extents of supplementary views (a compositional section's `.estimated` header or footer, rule E8
    /// of `Guides/CompositionalLayout.md`), by kind and path.
    public var supplementaryExtents: [ElementKind: [ElementPath: Double]]

    /// A record of `extents`, and of `supplementaryExtents`.
    public init(_ extents: [ElementPath: Double] = [:],
                supplementaryExtents: [ElementKind: [ElementPath: Double]] = [:]) {
        self.extents = extents
        self.supplementaryExtents = supplementaryExtents
    }

    /// A copy that later changes to this record do not reach.
    public func snapshot() -> ResolvedItemSizes {
        ResolvedItemSizes(extents, supplementaryExtents: supplementaryExtents)
    }

    /// Records `extent` as the fitted extent of the element `attributes` names: an item's, or a supplementary
    /// view's by kind.
    ///
    /// - Complexity: O(1) amortized.
    public func record(_ extent: Double, for attributes: LayoutAttributes) {
        if attributes.kind == .cell {
            extents[attributes.path] = extent
        } else {
            supplementaryExtents[attributes.kind, default: [:]][attributes.path] = extent
        }
    }
}

/// A layout that resolves estimated sizes from its cells' preferred attributes and keeps what the user sees in place
/// when told to.
public protocol SelfSizingLayout: MeasuredLayout {
    /// What a resolution keeps in place: ``LayoutModel/ScrollAnchoring/none`` (UIKit's flow layout: a size resolved
    /// above the bounds moves the visible content) unless set; ``LayoutModel/ScrollAnchoring/top`` and
    /// ``LayoutModel/ScrollAnchoring/bottom`` answer, for an item whose line starts above the bounds, a
    /// `contentOffsetAdjustment` equal to the line's change.
    var resizeAnchoring: ScrollAnchoring { get set }
}

/// The preferred-attributes rules the self-sizing flow layouts share (``IncrementalFlowLayout`` and
/// ``SelfSizingFlowLayout`` differ only in how they keep the sizes).
enum FlowSelfSizingRule {
    /// Whether a cell's fitted extent along the scroll axis differs from the one proposed (and is a size at all).
    @inline(__always)
    static func differs(_ preferred: LayoutAttributes, from original: LayoutAttributes, vertical: Bool) -> Bool {
        guard original.kind == .cell else { return false }
        let proposed = vertical ? original.frame.size.height : original.frame.size.width
        let fitted = fittedExtent(preferred, vertical: vertical)
        return fitted != proposed && fitted >= 0 && fitted < .infinity
    }

    /// The fitted extent along the scroll axis.
    @inline(__always)
    static func fittedExtent(_ preferred: LayoutAttributes, vertical: Bool) -> Double {
        vertical ? preferred.frame.size.height : preferred.frame.size.width
    }

    /// The adjustments of a resolution whose line changed by `change` and started at `lineStart` before: the content
    /// size changes by `change`, and under `anchoring` `top` or `bottom`, when the line starts above the bounds, the
    /// offset moves by `change` too (what was on screen stays in place).
    @inline(__always)
    static func adjustments(change: Double, lineStart: Double, vertical: Bool, anchoring: ScrollAnchoring,
                            bounds: Rect) -> (size: Size, offset: Point) {
        let size = vertical ? Size(width: 0, height: change) : Size(width: change, height: 0)
        let top = vertical ? bounds.standardized.minY : bounds.standardized.minX
        guard anchoring != .none && change != 0 && lineStart < top else { return (size, .zero) }
        return (size, vertical ? Point(x: 0, y: change) : Point(x: change, y: 0))
    }
}
