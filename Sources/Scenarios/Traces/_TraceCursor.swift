import LayoutModel

/// The state of a trace being generated: the events so far, and the offset, viewport and counts the host will have
/// after them.
///
/// Every move emits exactly one event and does nothing once the trace is full, so a generator loops until
/// ``isFull``. Scrolls stay in the scrollable range `[0, content − viewport]` on each axis, where the content size is
/// the initial one scaled by the current counts over the initial counts; only ``scroll(to:)`` may leave it.
struct _TraceCursor {
    /// The frame rate.
    let frameRate: FrameRate
    /// The initial content size, viewport and counts, sanitised.
    let initialContent: Size, initialViewport: Size, initialRows: Int, initialColumns: Int
    /// The number of frames the trace may hold.
    let limit: Int
    /// The seeded draws.
    var random: _TraceRandom
    /// The events so far.
    private(set) var events: [TraceEvent] = []
    /// The exact content offset: pans keep their fractional progress here and emit it rounded.
    var offset: Point
    /// The current bounds size.
    private(set) var viewport: Size
    /// The current counts.
    private(set) var rows: Int, columns: Int

    /// Creates an empty trace for `parameters`, at a seeded offset in the scrollable range.
    init(_ parameters: TraceParameters) {
        func extent(_ value: Double) -> Double { value.isFinite ? Swift.max(0, value) : 0 }
        frameRate = parameters.frameRate
        initialContent = Size(width: extent(parameters.contentSize.width), height: extent(parameters.contentSize.height))
        initialViewport = Size(width: extent(parameters.viewport.width), height: extent(parameters.viewport.height))
        initialRows = Swift.max(1, parameters.rows)
        initialColumns = Swift.max(1, parameters.columns)
        limit = Swift.max(0, parameters.maximumFrames)
        random = _TraceRandom(seed: parameters.seed)
        offset = .zero
        viewport = initialViewport
        rows = initialRows
        columns = initialColumns
        events.reserveCapacity(Swift.min(limit, 1 << 16))
        offset = randomOffset()
    }

    /// Whether the trace holds all its frames.
    var isFull: Bool { events.count >= limit }

    /// The frames left.
    var remaining: Int { limit - events.count }

    /// The time between frames, in seconds.
    var frameDuration: Double { frameRate.frameDuration }

    /// The content size estimated for the current counts: the initial size scaled by the count ratios.
    var contentSize: Size {
        Size(width: initialContent.width * Double(columns) / Double(initialColumns),
             height: initialContent.height * Double(rows) / Double(initialRows))
    }

    /// The largest offset on each axis, `max(0, content − viewport)`; the smallest is 0.
    var maximumOffset: Point {
        let content = contentSize
        return Point(x: Swift.max(0, content.width - viewport.width), y: Swift.max(0, content.height - viewport.height))
    }

    /// `point` clamped into the scrollable range.
    func clamped(_ point: Point) -> Point {
        let limit = maximumOffset
        return Point(x: Swift.min(Swift.max(point.x, 0), limit.x), y: Swift.min(Swift.max(point.y, 0), limit.y))
    }

    /// A seeded offset anywhere in the scrollable range.
    mutating func randomOffset() -> Point {
        let limit = maximumOffset
        return Point(x: random.double(in: 0...limit.x), y: random.double(in: 0...limit.y))
    }

    /// Emits `event` as the next frame, unless the trace is full.
    mutating func emit(_ event: TraceEvent) {
        guard !isFull else { return }
        events.append(event)
    }

    /// Moves the offset to `point` exactly and emits the scroll.
    mutating func scroll(to point: Point) {
        guard !isFull else { return }
        offset = point
        emit(.scroll(to: point))
    }

    /// One frame of a constant-velocity pan (points per second), reflecting at the ends; the offset is emitted rounded
    /// to whole points (clamped into the range), as a scripted pan's would be.
    mutating func pan(_ velocity: inout Point) {
        guard !isFull else { return }
        let limit = maximumOffset
        let (x, vx) = Self.reflect(offset.x + velocity.x * frameDuration, velocity.x, within: limit.x)
        let (y, vy) = Self.reflect(offset.y + velocity.y * frameDuration, velocity.y, within: limit.y)
        offset = Point(x: x, y: y)
        velocity = Point(x: vx, y: vy)
        emit(.scroll(to: clamped(Point(x: x.rounded(), y: y.rounded()))))
    }

    /// A vertical pan velocity: 1000–2000 pt/s (1500 on average), up or down.
    mutating func randomVerticalPan() -> Point {
        Point(x: 0, y: random.sign() * random.double(in: 1000...2000))
    }

    /// The `.linear` trace's pan velocity: ``randomVerticalPan()``, turned to the horizontal axis when only that axis
    /// has a scrollable range (a carousel, a horizontal flow). The draws are the same either way, so content that
    /// scrolls vertically gets the pan it always had.
    mutating func randomLinearPan() -> Point {
        let pan = randomVerticalPan()
        let limit = maximumOffset
        return limit.y <= 0 && limit.x > 0 ? Point(x: pan.y, y: 0) : pan
    }

    /// A diagonal pan velocity: 600–1800 pt/s along each axis, each in either direction.
    mutating func randomDiagonalPan() -> Point {
        let x = random.sign() * random.double(in: 600...1800)
        return Point(x: x, y: random.sign() * random.double(in: 600...1800))
    }

    /// `scrollToItem(at:)` to a random cell; the offset is then estimated as the cell's origin in a uniform grid,
    /// clamped into the range (the host's real offset depends on the layout).
    mutating func jumpToRandomCell() {
        guard !isFull else { return }
        let path = ElementPath(section: random.int(in: 0...(rows - 1)), item: random.int(in: 0...(columns - 1)))
        let content = contentSize
        offset = clamped(Point(x: content.width * Double(path.item) / Double(columns),
                               y: content.height * Double(path.section) / Double(rows)))
        emit(.jump(to: path))
    }

    /// A rotation: the viewport's width and height swap; the origin is kept, clamped into the new range.
    mutating func rotate() {
        guard !isFull else { return }
        viewport = Size(width: viewport.height, height: viewport.width)
        offset = clamped(offset)
        emit(.resize(to: viewport))
    }

    /// A bounds-size change: a rotation (width and height swapped), a split-view width (a third, half or two thirds
    /// of the initial width), or back to the initial size. Sizes are at least 1 x 1; the origin is kept, and pans
    /// resume from it clamped into the new range.
    mutating func resizeRandomly() {
        guard !isFull else { return }
        let full = Size(width: Swift.max(1, initialViewport.width), height: Swift.max(1, initialViewport.height))
        let current = Size(width: Swift.max(1, viewport.width), height: Swift.max(1, viewport.height))
        var next: Size
        switch random.int(in: 0...3) {
        case 0, 1: next = Size(width: current.height, height: current.width)
        case 2:
            let share = [1.0 / 3, 0.5, 2.0 / 3][random.int(in: 0...2)]
            next = Size(width: Swift.max(1, (full.width * share).rounded()), height: current.height)
        default: next = full
        }
        if next == current {
            next = Size(width: Swift.max(1, (current.width / 2).rounded()), height: current.height)
        }
        viewport = next
        offset = clamped(offset)
        emit(.resize(to: next))
    }

    /// A data-source change: 1–5 rows (three times in four) or columns inserted or removed. Counts never drop below 1,
    /// and an insertion that would take the grid past ``ContentSpec/maximumItems`` becomes a removal.
    mutating func changeCountsRandomly() {
        guard !isFull else { return }
        var changesRows = random.chance(0.75)
        var inserts = random.chance(0.5)
        let amount = random.int(in: 1...5)
        if inserts && !canInsert(amount, intoRows: changesRows) { inserts = false }
        if !inserts && (changesRows ? rows : columns) == 1 {
            if canInsert(amount, intoRows: changesRows) { inserts = true } else { changesRows.toggle() }
        }
        let delta = inserts ? amount : -amount
        if changesRows {
            rows = Swift.max(1, rows + delta)
        } else {
            columns = Swift.max(1, columns + delta)
        }
        offset = clamped(offset)
        emit(.setCounts(rows: rows, columns: columns))
    }

    /// Whether inserting `amount` rows (or columns) keeps the grid within ``ContentSpec/maximumItems``.
    private func canInsert(_ amount: Int, intoRows: Bool) -> Bool {
        let (newRows, rowsOverflow) = rows.addingReportingOverflow(intoRows ? amount : 0)
        let (newColumns, columnsOverflow) = columns.addingReportingOverflow(intoRows ? 0 : amount)
        let (cells, cellsOverflow) = newRows.multipliedReportingOverflow(by: newColumns)
        return !rowsOverflow && !columnsOverflow && !cellsOverflow && cells <= ContentSpec.maximumItems
    }

    /// `position` folded back into `[0, limit]` by reflecting at both ends, and `velocity` reversed when an odd number
    /// of reflections happened. With no range (`limit` 0) the position is 0 and the velocity is kept.
    static func reflect(_ position: Double, _ velocity: Double, within limit: Double)
        -> (position: Double, velocity: Double)
    {
        guard limit > 0 else { return (0, velocity) }
        if position >= 0 && position <= limit { return (position, velocity) }
        let period = 2 * limit
        var phase = position.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        if phase <= limit { return (phase, velocity) }
        return (Swift.min(Swift.max(period - phase, 0), limit), -velocity)
    }
}
