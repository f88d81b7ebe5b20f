import LayoutModel

/// Where a carousel is at one content offset: the current item, how far the scroll has gone from it towards the
/// destination, the direction, and the viewport's centre that every role is placed around.
///
/// A pure function of the bounds, the page width and the item count: the current item is the page nearest the
/// offset, the progress is the distance from it in pages (0 to 0.5), and the direction is the side of it the offset
/// lies on, which is the way the scroll is heading. A fresh layout at the same bounds is therefore at the same
/// position, as UIKit's contract for a layout asks (a direction remembered from the previous frame would not be).
public struct CarouselPosition: Hashable, Sendable {
    /// The flat index of the current item (it may lie outside `0..<count` when the offset is past either end).
    public var current: Int
    /// How far the scroll has gone from the current item's rest towards the destination, from 0 to 0.5 pages.
    public var progress: Double
    /// +1 when the offset lies after the current page (each role heading for the one before it), -1 when before.
    public var direction: Int
    /// The centre of the viewport in content coordinates: the middle of the bounds horizontally, the middle of the
    /// content (as tall as the bounds) vertically.
    public var center: Point

    /// Creates a position.
    public init(current: Int, progress: Double, direction: Int, center: Point) {
        self.current = current
        self.progress = progress
        self.direction = direction
        self.center = center
    }

    /// The position at `bounds` over `count` pages, one page per item and as wide as the bounds; `nil` when the
    /// bounds have no width (or are not finite), so that no item can be placed.
    ///
    /// Offsets more than four pages past either end are clamped there: every role is then empty, and the page
    /// index cannot overflow.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func at(bounds: Rect, count: Int) -> CarouselPosition? {
        let width = bounds.size.width, x = bounds.origin.x
        guard width > 0 && width.isFinite && x.isFinite && bounds.size.height.isFinite else { return nil }
        let pages = Swift.min(Swift.max(x / width, -4), Double(count) + 4)
        let current = (pages + 0.5).rounded(.down)
        let signed = pages - current
        return CarouselPosition(
            current: Int(current), progress: signed < 0 ? -signed : signed, direction: signed < 0 ? -1 : 1,
            center: Point(x: x + width / 2, y: bounds.size.height / 2))
    }
}
