#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

extension ScrollTrace {
    /// The share of its remaining distance a paging settle keeps each millisecond: `UIScrollView`'s fast
    /// deceleration rate, which a paging scroll view decelerates with.
    static let pageSettleRate = FlingPhysics.fastDecelerationRate
    /// The distance from the page, in points, under which a settle lands on it: a sixth of a point, half a pixel at
    /// 3x.
    static let pageLandingDistance = 1.0 / 6

    /// Fills `cursor` with page-by-page swipes, as a paging scroll view does: the offset first settles onto the page
    /// nearest its seeded start; then each swipe drags 10–35% of a page towards the next or previous page (away
    /// from an end it rests on) for 50–130 ms at constant speed, and the scroll view settles onto that page, the
    /// remaining distance decaying by ``pageSettleRate`` each millisecond until it is under
    /// ``pageLandingDistance``, when the frame lands exactly on the page.
    ///
    /// Pages run along the horizontal axis when only that axis has a scrollable range, else along the vertical one;
    /// a page is the viewport's extent along the axis, and the last page is the end of the range. With no range, or
    /// an empty viewport, every frame stays at the offset.
    static func generatePages(_ cursor: inout _TraceCursor) {
        let limit = cursor.maximumOffset
        let horizontal = limit.y <= 0 && limit.x > 0
        let page = horizontal ? cursor.viewport.width : cursor.viewport.height
        let range = horizontal ? limit.x : limit.y
        // The other axis has no range to move in: it stays where the trace starts.
        let across = horizontal ? cursor.offset.y : cursor.offset.x
        let point = { (position: Double) -> Point in
            horizontal ? Point(x: position, y: across) : Point(x: across, y: position)
        }
        guard range > 0 && page > 0 else {
            while !cursor.isFull { cursor.scroll(to: cursor.offset) }
            return
        }
        let lastPage = (range / page).rounded(.up)
        func offset(ofPage index: Double) -> Double { Swift.min(index * page, range) }
        var position = horizontal ? cursor.offset.x : cursor.offset.y
        var target = (position / page).rounded()
        settle(&cursor, from: position, to: offset(ofPage: target), point: point)
        position = offset(ofPage: target)
        while !cursor.isFull {
            var step = cursor.random.sign()
            if target <= 0 { step = 1 } else if target >= lastPage { step = -1 }
            let dragSeconds = cursor.random.double(in: 0.05...0.13)
            let dragShare = cursor.random.double(in: 0.10...0.35)
            let frames = Swift.max(1, Int((dragSeconds / cursor.frameDuration).rounded()))
            let start = position
            for frame in 1...frames {
                position = Swift.min(Swift.max(start + step * dragShare * page * Double(frame) / Double(frames), 0),
                                     range)
                cursor.scroll(to: point(position))
            }
            target += step
            settle(&cursor, from: position, to: offset(ofPage: target), point: point)
            position = offset(ofPage: target)
        }
    }

    /// Emits a paging settle from `start` to `end`: the remaining distance decays by ``pageSettleRate`` each
    /// millisecond, and the first frame within ``pageLandingDistance`` lands exactly on `end`.
    private static func settle(_ cursor: inout _TraceCursor, from start: Double, to end: Double,
                               point: (Double) -> Point) {
        var frame = 0
        while !cursor.isFull {
            frame += 1
            let remaining = (start - end) * pow(pageSettleRate, Double(frame) * cursor.frameDuration * 1000)
            if abs(remaining) < pageLandingDistance {
                cursor.scroll(to: point(end))
                return
            }
            cursor.scroll(to: point(end + remaining))
        }
    }
}
