import LayoutModel

/// A cell's blueprint, as `NSCollectionLayoutItem`: a size resolved against its group's effective size, and content
/// insets that shrink it inside the slot the group gives it.
public struct CompositionalItem: Hashable, Sendable {
    /// The item's size; fractions resolve against the group's size after the group's content insets.
    public var size: CompositionalSize
    /// Insets applied after the item is placed: the slot keeps its size and position, the frame shrinks. Ignored on
    /// an axis whose dimension is estimated.
    public var contentInsets: EdgeInsets

    /// Creates an item.
    public init(size: CompositionalSize, contentInsets: EdgeInsets = .zero) {
        self.size = size
        self.contentInsets = contentInsets
    }

    /// The item's frame in `slot`, the place its group gave it: its content insets taken off every axis whose
    /// dimension is not estimated (rules R3 and R4, and ES5 where edge spacing placed the slot).
    @inline(__always)
    func frame(in slot: Rect) -> Rect {
        var frame = slot
        let i = contentInsets
        if !size.width.isEstimated {
            frame.origin.x += i.left
            frame.size.width -= i.left + i.right
        }
        if !size.height.isEstimated {
            frame.origin.y += i.top
            frame.size.height -= i.top + i.bottom
        }
        return frame
    }
}
