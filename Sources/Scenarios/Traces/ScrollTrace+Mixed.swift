import LayoutModel

extension ScrollTrace {
    /// The parts a `.mixed` trace interleaves.
    enum _MixedPart: CaseIterable {
        /// A vertical pan of 10–40 frames.
        case pan
        /// A diagonal pan of 10–40 frames.
        case diagonal
        /// A seeded fling, cut short by the next touch after 15–90 frames.
        case fling
        /// A `scrollToItem` jump to a random cell.
        case jump
        /// A bounds-size change.
        case resize
        /// A data-source change.
        case counts
        /// 1–3 scrolls to arbitrary fractional offsets in the range.
        case fractional
        /// An overscroll past an end and back.
        case bounce
    }

    /// Fills `cursor` with rounds of every ``_MixedPart``, each round in a seeded order, so every kind of event
    /// appears within a round of at most about 200 frames.
    static func generateMixed(_ cursor: inout _TraceCursor) {
        while !cursor.isFull {
            for part in cursor.random.shuffled(_MixedPart.allCases) {
                generate(part, &cursor)
            }
        }
    }

    private static func generate(_ part: _MixedPart, _ cursor: inout _TraceCursor) {
        switch part {
        case .pan, .diagonal:
            var velocity = part == .pan ? cursor.randomVerticalPan() : cursor.randomDiagonalPan()
            for _ in 0..<cursor.random.int(in: 10...40) { cursor.pan(&velocity) }
        case .fling:
            let physics = cursor.randomFling()
            _ = cursor.runFling(physics, frameLimit: cursor.random.int(in: 15...90))
        case .jump: cursor.jumpToRandomCell()
        case .resize: cursor.resizeRandomly()
        case .counts: cursor.changeCountsRandomly()
        case .fractional:
            for _ in 0..<cursor.random.int(in: 1...3) { cursor.scroll(to: cursor.randomOffset()) }
        case .bounce: cursor.bounce()
        }
    }
}

extension _TraceCursor {
    /// An overscroll past the end nearest the offset and back, as a scroll view bounces: from the end out by 2–10% of
    /// the viewport along the axis (vertical three times in four when the content scrolls both ways; otherwise the
    /// axis it scrolls along, since a scroll view bounces only along an axis it scrolls: ``ScrollAxes``) over 4–8
    /// frames, and back to the end as many.
    mutating func bounce() {
        let axes = ScrollAxes(contentSize: contentSize, viewport: viewport)
        let drawn = random.chance(0.75)
        let vertical = axes.vertical && axes.horizontal ? drawn : axes.vertical
        let depth = (vertical ? viewport.height : viewport.width) * random.double(in: 0.02...0.1)
        let steps = random.int(in: 4...8)
        let base = clamped(offset)
        let end = vertical ? maximumOffset.y : maximumOffset.x
        let nearStart = (vertical ? base.y : base.x) <= end / 2
        for step in 0...(2 * steps) {
            let out = depth * Double(steps - abs(step - steps)) / Double(steps)
            let position = nearStart ? -out : end + out
            scroll(to: vertical ? Point(x: base.x, y: position) : Point(x: position, y: base.y))
        }
    }
}
