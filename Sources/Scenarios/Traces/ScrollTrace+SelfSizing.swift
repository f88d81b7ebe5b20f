import LayoutModel

extension ScrollTrace {
    /// The share of a `self-sizing` trace's frames spent flinging down before the jump to the end.
    static let selfSizingDownShare = 0.4
    /// The share of a `rotate` trace's frames spent flinging down before the rotation.
    static let rotateDownShare = 0.5
    /// The speed, in points per second, under which a user flicks again while flinging through content.
    static let reflickSpeed = 300.0

    /// The `self-sizing` trace (``ScrollTraceKind/selfSizing``): at the top, flings down for 40% of the frames, a
    /// jump to the last item, then flings up. Offsets are the estimated content's (the runner applies a
    /// self-sizing workload's scrolls as the finger's moves, from wherever the layout's adjustments left the bounds).
    ///
    /// - Complexity: O(frames).
    static func generateSelfSizing(_ cursor: inout _TraceCursor) {
        cursor.scroll(to: .zero)
        let down = Int((Double(cursor.remaining + 1) * selfSizingDownShare).rounded())
        generateVerticalFlings(&cursor, direction: 1, frames: down - 1)
        cursor.jumpToLastItem()
        generateVerticalFlings(&cursor, direction: -1, frames: cursor.remaining)
    }

    /// The `rotate` trace (``ScrollTraceKind/rotate``): at the top, flings down for half the frames, a rotation,
    /// then a seeded pan up (1000–2000 pt/s) for the rest.
    ///
    /// - Complexity: O(frames).
    static func generateRotate(_ cursor: inout _TraceCursor) {
        cursor.scroll(to: .zero)
        let down = Int((Double(cursor.remaining + 1) * rotateDownShare).rounded())
        generateVerticalFlings(&cursor, direction: 1, frames: down - 1)
        cursor.rotate()
        var velocity = Point(x: 0, y: -cursor.random.double(in: 1000...2000))
        while !cursor.isFull {
            if cursor.offset.y <= 0 { velocity.y = Swift.abs(velocity.y) }
            cursor.pan(&velocity)
        }
    }

    /// `frames` frames of flings along the vertical axis in `direction` (1 down, −1 up), one after another: each a
    /// seeded 2500–6000 pt/s flick decelerating as `UIScrollView` does (``FlingPhysics``), until it slows under
    /// ``reflickSpeed`` (the user flicks again), the frames run out or the bounds reach an end (where the direction
    /// turns).
    static func generateVerticalFlings(_ cursor: inout _TraceCursor, direction: Double, frames: Int) {
        let end = cursor.remaining - Swift.max(0, frames)
        var direction = direction
        while cursor.remaining > end {
            let speed = cursor.random.double(in: 2500...6000)
            let physics = FlingPhysics(start: cursor.offset, initialVelocity: Point(x: 0, y: direction * speed))
            var time = 0.0
            while cursor.remaining > end {
                time += cursor.frameDuration
                let point = cursor.clamped(physics.offset(at: time))
                cursor.scroll(to: Point(x: point.x.rounded(), y: point.y.rounded()))
                let atEnd = direction > 0 ? point.y >= cursor.maximumOffset.y : point.y <= 0
                if atEnd { direction = -direction }
                if atEnd || physics.speed(at: time) < reflickSpeed { break }
            }
        }
    }
}

extension _TraceCursor {
    /// `scrollToItem(at:)` to the last item of the last section; the offset is then the estimated end.
    mutating func jumpToLastItem() {
        guard !isFull else { return }
        offset = maximumOffset
        emit(.jump(to: ElementPath(section: rows - 1, item: columns - 1)))
    }
}
