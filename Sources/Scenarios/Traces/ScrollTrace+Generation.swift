import LayoutModel

extension ScrollTrace {
    /// The frames between two `scrollToItem` jumps in a `.jump` trace: every tenth frame is a jump.
    static let jumpInterval = 10
    /// The frames between two bounds-size changes in a `.resize` trace: every thirtieth frame is a resize.
    static let resizeInterval = 30
    /// The frames between two data-source changes in a `.dataSource` trace: every twentieth frame is one.
    static let countsInterval = 20
    /// The frames between two layout switches in a `.layoutSwitch` trace: every twentieth frame is one.
    static let switchInterval = 20

    /// The trace of `kind` for `parameters`: `parameters.maximumFrames` events (none when it is 0 or less), the same
    /// for the same inputs bit for bit.
    ///
    /// Every trace starts at a seeded offset in the scrollable range `[0, content − viewport]` and stays in it (the
    /// content size following the counts after a data-source change), except `.mixed`, which also overscrolls past
    /// the ends by up to 10% of the viewport. Content no larger than the viewport leaves offsets at 0.
    ///
    /// - Complexity: O(`maximumFrames`).
    public static func make(_ kind: ScrollTraceKind, _ parameters: TraceParameters) -> ScrollTrace {
        var cursor = _TraceCursor(parameters)
        switch kind {
        case .linear:
            let velocity = cursor.randomLinearPan()
            generatePan(&cursor, velocity: velocity)
        case .fling:
            _ = generateFlings(&cursor)
        case .diagonal:
            let velocity = cursor.randomDiagonalPan()
            generatePan(&cursor, velocity: velocity)
        case .jump:
            let velocity = cursor.randomVerticalPan()
            generatePan(&cursor, velocity: velocity, every: jumpInterval) { $0.jumpToRandomCell() }
        case .resize:
            let velocity = cursor.randomVerticalPan()
            generatePan(&cursor, velocity: velocity, every: resizeInterval) { $0.resizeRandomly() }
        case .dataSource:
            let velocity = cursor.randomVerticalPan()
            generatePan(&cursor, velocity: velocity, every: countsInterval) { $0.changeCountsRandomly() }
        case .layoutSwitch:
            let velocity = cursor.randomVerticalPan()
            generatePan(&cursor, velocity: velocity, every: switchInterval) { $0.emit(.switchLayout) }
        case .mixed:
            generateMixed(&cursor)
        case .page:
            generatePages(&cursor)
        case .selfSizing:
            generateSelfSizing(&cursor)
        case .rotate:
            generateRotate(&cursor)
        case .orthogonal:
            generateOrthogonal(&cursor, spans: parameters.orthogonalSections)
        case .applyDifferenceKit, .applyFeed, .applyChat, .applyUnchanged, .applySectionMoves, .applyChurn:
            // The viewport stays at a seeded place in the middle of the content (30–70 % of the range along each
            // axis); each frame is an apply (``ApplySequence``).
            let limit = cursor.maximumOffset
            let fraction = cursor.random.double(in: 0.3...0.7)
            let middle = Point(x: (limit.x * fraction).rounded(), y: (limit.y * fraction).rounded())
            while !cursor.isFull { cursor.scroll(to: middle) }
        case .edits, .feed, .chat, .insertsAbove:
            var model = _UpdateTraceModel(parameters, cursor: cursor)
            switch kind {
            case .edits: generateEdits(&cursor, &model)
            case .feed: generateFeed(&cursor, &model)
            case .insertsAbove: generateInsertsAbove(&cursor, &model)
            default: generateChat(&cursor, &model)
            }
        }
        return ScrollTrace(kind: kind, frameRate: parameters.frameRate, events: cursor.events)
    }

    /// Fills `cursor` with a constant-velocity pan, replacing every `interval`-th frame (if any) with `change`.
    private static func generatePan(_ cursor: inout _TraceCursor, velocity: Point, every interval: Int? = nil,
                                    change: (inout _TraceCursor) -> Void = { _ in }) {
        var velocity = velocity
        while !cursor.isFull {
            if let interval, (cursor.events.count + 1) % interval == 0 {
                change(&cursor)
            } else {
                cursor.pan(&velocity)
            }
        }
    }
}
