import LayoutModel

/// One fling of a generated trace: its physics, the offsets it emitted (one per frame, at 1, 2, … frame durations
/// after the flick), and why it ended.
struct _FlingSegment: Hashable {
    /// Why a fling ended.
    enum End: Hashable {
        /// Its speed fell below the stop speed at the last frame.
        case stopped
        /// At the last frame it had passed an end of the scrollable range, and that frame was clamped to the end.
        case edge
        /// The frame limit (the next touch, or the end of the trace) cut it short.
        case interrupted
    }

    /// The closed form the offsets follow.
    var physics: FlingPhysics
    /// The emitted offsets.
    var offsets: [Point]
    /// Why it ended.
    var end: End
}

extension ScrollTrace {
    /// Fills `cursor` with flings, one after another, and returns them.
    ///
    /// Each fling runs until it stops or reaches an end. When it reaches the end of one axis while the other still
    /// moves, that axis carries on decelerating as before (as a scroll view's would), as a new segment from the
    /// clamped offset; otherwise a new seeded flick starts.
    static func generateFlings(_ cursor: inout _TraceCursor) -> [_FlingSegment] {
        var segments: [_FlingSegment] = []
        var next: FlingPhysics?
        while !cursor.isFull {
            let physics = next ?? cursor.randomFling()
            let segment = cursor.runFling(physics, frameLimit: cursor.remaining)
            next = cursor.continuation(of: segment)
            segments.append(segment)
        }
        return segments
    }

    /// The flings of the `.fling` trace for `parameters`: their offsets, in order, are its events.
    static func flingSegments(_ parameters: TraceParameters) -> [_FlingSegment] {
        var cursor = _TraceCursor(parameters)
        return generateFlings(&cursor)
    }
}

extension _TraceCursor {
    /// A seeded flick from the current offset: 2000–12000 pt/s vertically, and on half the flicks a horizontal
    /// component of up to 30% of that, as a user flicking through a spreadsheet. When only the horizontal axis has a
    /// scrollable range (a carousel, a horizontal flow), the flick's 2000–12000 pt/s go along it instead.
    ///
    /// Each axis points away from an end the offset rests on, and an axis with no scrollable range gets no velocity.
    /// The seeded draws are the same either way, so content that scrolls vertically gets the flicks it always had.
    mutating func randomFling() -> FlingPhysics {
        let limit = maximumOffset
        let vertical = random.double(in: 2000...12000)
        let horizontal = random.chance(0.5) ? vertical * random.double(in: 0...0.3) : 0
        let xSign = random.sign(), ySign = random.sign()
        func direction(_ position: Double, _ limit: Double, _ sign: Double) -> Double {
            if limit <= 0 { return 0 }
            if position <= 0 { return 1 }
            if position >= limit { return -1 }
            return sign
        }
        if limit.y <= 0 && limit.x > 0 {
            return FlingPhysics(start: offset, initialVelocity: Point(x: vertical * direction(offset.x, limit.x, xSign),
                                                                      y: 0))
        }
        let velocity = Point(x: horizontal * direction(offset.x, limit.x, xSign),
                             y: vertical * direction(offset.y, limit.y, ySign))
        return FlingPhysics(start: offset, initialVelocity: velocity)
    }

    /// Emits `physics` frame by frame, for at most `frameLimit` frames, until its speed falls below the stop speed or
    /// it passes an end of the scrollable range (that frame clamped to the end).
    mutating func runFling(_ physics: FlingPhysics, frameLimit: Int) -> _FlingSegment {
        var offsets: [Point] = []
        var frame = 0
        while !isFull && frame < frameLimit {
            frame += 1
            let time = Double(frame) * frameDuration
            let point = physics.offset(at: time)
            let inside = clamped(point)
            scroll(to: inside)
            offsets.append(inside)
            if inside != point { return _FlingSegment(physics: physics, offsets: offsets, end: .edge) }
            if physics.isOver(at: time) { return _FlingSegment(physics: physics, offsets: offsets, end: .stopped) }
        }
        return _FlingSegment(physics: physics, offsets: offsets, end: .interrupted)
    }

    /// After a fling clamped at an end: the same deceleration carrying on along the axes that were not clamped, from
    /// the clamped offset; `nil` when nothing is left moving.
    func continuation(of segment: _FlingSegment) -> FlingPhysics? {
        guard segment.end == .edge, let last = segment.offsets.last else { return nil }
        let time = Double(segment.offsets.count) * frameDuration
        let unclamped = segment.physics.offset(at: time)
        var velocity = segment.physics.velocity(at: time)
        if unclamped.x != last.x { velocity.x = 0 }
        if unclamped.y != last.y { velocity.y = 0 }
        let next = FlingPhysics(start: last, initialVelocity: velocity,
                                decelerationRate: segment.physics.decelerationRate,
                                stopSpeed: segment.physics.stopSpeed)
        return next.isOver(at: 0) ? nil : next
    }
}
