/// The estimate self-sizing items start from, as apps give it: a fixed number of items per line that share the
/// line's width (1 is a list), and an estimated extent along the scroll axis (a height, when vertical) that the
/// cells' fitted sizes replace as they come on screen.
///
/// It belongs to the content (``SelfSizingSpec/estimate``), not to a layout: each ``SelfSizingLayoutFamily`` turns it
/// into its own layout's estimate (the flow's `FlowEstimatedSize`, a UIKit layout's `estimatedItemSize`).
public struct ItemSizeEstimate: Hashable, Sendable, Codable {
    /// Items per line: 1 is a list.
    public var itemsPerLine: Int
    /// The estimated extent along the scroll axis, in points.
    public var extent: Double

    /// An estimate of `itemsPerLine` items a line, each `extent` long along the scroll axis.
    public init(itemsPerLine: Int, extent: Double) {
        self.itemsPerLine = itemsPerLine
        self.extent = extent
    }
}
