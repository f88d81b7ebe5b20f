import LayoutModel
import Layouts

extension ScrollTrace {
    /// Fills `cursor` with the `.orthogonal` trace over `spans` (the layout's orthogonal sections, top to bottom):
    /// rounds of a vertical pan of 10–30 frames, then 1–3 gestures, each in a seeded one of the orthogonal sections
    /// the bounds then show (when none shows, one scroll brings the nearest into view instead). A gesture is a drag
    /// of 4–10 frames at 300–1500 pt/s towards the side with room, then a release at 0.5–1.5 times that speed (a
    /// swipe) or 3–8 times (a fling): a continuous section decelerates as ``FlingPhysics`` does until it stops or
    /// reaches an end; any other settles onto its rule's resting offset over 12–24 frames, easing out. Every
    /// offset stays in the section's range. Without spans the trace is the pans alone.
    ///
    /// The main view pans along its layout's axis: along x when only that axis has a scrollable range (a layout
    /// that scrolls horizontally, whose spans lie along x and whose sections scroll along y), with the same draws.
    static func generateOrthogonal(_ cursor: inout _TraceCursor, spans: [OrthogonalSectionSpan]) {
        var offsets = spans.map(\.rule.minimumOffset)
        let limit = cursor.maximumOffset
        let alongX = limit.y <= 0 && limit.x > 0
        while !cursor.isFull {
            var velocity = cursor.randomLinearPan()
            for _ in 0..<cursor.random.int(in: 10...30) { cursor.pan(&velocity) }
            guard !spans.isEmpty else { continue }
            let clamped = cursor.clamped(cursor.offset)
            let top = alongX ? clamped.x : clamped.y
            let extent = alongX ? cursor.viewport.width : cursor.viewport.height
            let bottom = top + extent
            let visible = spans.indices.filter { spans[$0].maxY > top && spans[$0].minY < bottom }
            guard !visible.isEmpty else {
                // The nearest carousel, brought into view with its top a seeded distance below the bounds' top.
                let nearest = spans.indices.min { distance(spans[$0], top, bottom) < distance(spans[$1], top, bottom) }
                if let nearest {
                    let room = Swift.max(0, extent - (spans[nearest].maxY - spans[nearest].minY))
                    let along = spans[nearest].minY - cursor.random.double(in: 0...room)
                    cursor.scroll(to: cursor.clamped(alongX ? Point(x: along, y: cursor.offset.y)
                                                            : Point(x: cursor.offset.x, y: along)))
                }
                continue
            }
            for _ in 0..<cursor.random.int(in: 1...3) {
                let index = visible[cursor.random.int(in: 0...(visible.count - 1))]
                offsets[index] = gesture(&cursor, spans[index], from: offsets[index])
            }
        }
    }

    /// How far `span` lies from the range `top ... bottom`.
    private static func distance(_ span: OrthogonalSectionSpan, _ top: Double, _ bottom: Double) -> Double {
        span.maxY <= top ? top - span.maxY : span.minY - bottom
    }

    /// One drag and release in `span`'s section from `start`, emitted frame by frame; returns where it rests.
    private static func gesture(_ cursor: inout _TraceCursor, _ span: OrthogonalSectionSpan, from start: Double)
        -> Double
    {
        let rule = span.rule
        let speed = cursor.random.double(in: 300...1500)
        let drawn = cursor.random.sign()
        let direction = start <= rule.minimumOffset ? 1 : (start >= rule.maximumOffset ? -1 : drawn)
        let dragFrames = cursor.random.int(in: 4...10)
        let fling = cursor.random.chance(0.5)
        let release = direction * speed * (fling ? cursor.random.double(in: 3...8) : cursor.random.double(in: 0.5...1.5))
        let settleFrames = cursor.random.int(in: 12...24)
        var position = start
        for _ in 0..<dragFrames {
            position = rule.clamped(position + direction * speed * cursor.frameDuration)
            cursor.emit(.orthogonalScroll(section: span.section, to: position))
        }
        let physics = FlingPhysics(start: Point(x: position, y: 0), initialVelocity: Point(x: release, y: 0))
        let target = rule.restingOffset(start: start, proposed: physics.restingOffset.x, velocity: release)
        if rule.behavior == .continuous {
            var frame = 0
            while !cursor.isFull {
                frame += 1
                let time = Double(frame) * cursor.frameDuration
                let x = physics.offset(at: time).x
                let inside = rule.clamped(x)
                cursor.emit(.orthogonalScroll(section: span.section, to: inside))
                if inside != x || physics.isOver(at: time) { return inside }
            }
            return rule.clamped(physics.offset(at: Double(frame) * cursor.frameDuration).x)
        }
        for frame in 1...settleFrames {
            let t = Double(frame) / Double(settleFrames)
            let eased = 1 - (1 - t) * (1 - t) * (1 - t)
            cursor.emit(.orthogonalScroll(section: span.section,
                                          to: frame == settleFrames ? target : position + (target - position) * eased))
        }
        return target
    }
}
