import LayoutModel
import SeededRandom

extension ScrollTrace {
    /// The frames between two batches in an `.edits` trace: every fourth frame is one.
    static let editsInterval = 4
    /// The frames between two messages in a `.chat` trace: every eighth frame inserts one.
    static let chatMessageInterval = 8
    /// The frames a `.chat` trace stays at the end before it pans towards the start: a second at 60 Hz.
    static let chatFramesAtEnd = 60
    /// The items a `.feed` or `.chat` page holds.
    public static let updatePageItems = 60

    /// Fills `cursor` with a pan along the scroll axis and a seeded random batch (``BatchMix/edits``) every
    /// ``editsInterval``-th frame; the pan reflects at the ends of the range the current counts give.
    static func generateEdits(_ cursor: inout _TraceCursor, _ model: inout _UpdateTraceModel) {
        let pan = cursor.randomLinearPan()
        var velocity = model.vertical ? pan.y : pan.x
        while !cursor.isFull {
            if (cursor.events.count + 1) % editsInterval == 0 {
                let drawn = model.grid ? RandomBatch.drawGrid(over: model.counts, mix: .edits, using: &model.random)
                    : RandomBatch.draw(over: model.counts, mix: .edits, using: &model.random)
                model.emit(drawn.batch, addedSectionCounts: drawn.addedSectionCounts, into: &cursor)
            } else {
                model.pan(&velocity, cursor: &cursor)
            }
        }
    }

    /// Fills `cursor` with flings towards the end, from a seeded offset within the last three screens, each cut short
    /// by the next flick after 15–60 frames, as a user flicks through a feed; whenever the
    /// bounds come within a screen of the end of the estimated content, the next frame appends
    /// ``updatePageItems`` items at the end of the last section (a section of them when there is none), while the
    /// content stays within ``ContentSpec/maximumItems``.
    static func generateFeed(_ cursor: inout _TraceCursor, _ model: inout _UpdateTraceModel) {
        model.position = Swift.max(0, model.maximumOffset - model.viewportExtent * cursor.random.double(in: 0...3))
        var fling: (physics: FlingPhysics, frame: Int, limit: Int)?
        var appended = false
        while !cursor.isFull {
            if !appended && model.position + 2 * model.viewportExtent >= model.extent
                && model.canInsert(updatePageItems) {
                model.appendPage(into: &cursor)
                appended = true
                continue
            }
            appended = false
            if fling == nil {
                let speed = cursor.random.double(in: 2000...12000)
                fling = (FlingPhysics(start: Point(x: model.position, y: 0), initialVelocity: Point(x: speed, y: 0)), 0,
                         cursor.random.int(in: 15...60))
            }
            guard var current = fling else { continue }
            current.frame += 1
            let time = Double(current.frame) * cursor.frameDuration
            let position = current.physics.offset(at: time).x
            let limit = model.maximumOffset
            fling = position >= limit || current.physics.isOver(at: time) || current.frame >= current.limit
                ? nil : current
            model.scroll(to: Swift.min(position, limit), cursor: &cursor)
        }
    }

    /// Fills `cursor` with a chat: at the end for ``chatFramesAtEnd`` frames (following the end as messages come),
    /// then a pan towards the start at 1000–2000 pt/s; a message is inserted at the end of the last section every
    /// ``chatMessageInterval``-th frame, and whenever the pan reaches the start the next frame inserts
    /// ``updatePageItems`` older items at the start of section 0. The trace then carries on from where those items
    /// put what the user was reading, as an anchored list keeps it.
    static func generateChat(_ cursor: inout _TraceCursor, _ model: inout _UpdateTraceModel) {
        model.position = model.maximumOffset
        let speed = cursor.random.double(in: 1000...2000)
        while !cursor.isFull {
            let frame = cursor.events.count
            if (frame + 1) % chatMessageInterval == 0 && model.canInsert(model.grid ? model.gridColumns : 1) {
                let atEnd = model.position >= model.maximumOffset
                model.insertAtEnd(items: 1, into: &cursor)
                if atEnd { model.position = model.maximumOffset }
            } else if frame < chatFramesAtEnd {
                model.scroll(to: model.maximumOffset, cursor: &cursor)
            } else if model.position <= 0 && model.canInsert(updatePageItems) {
                let inserted = model.insertAtStart(items: updatePageItems, into: &cursor)
                model.position = Double(inserted) * model.extentPerItem
            } else {
                model.scroll(to: Swift.max(0, model.position - speed * cursor.frameDuration), cursor: &cursor)
            }
        }
    }
}

extension ScrollTrace {
    /// Fills `cursor` with a scroll to the middle of the estimated content, then one-item batches at the start of
    /// section 0, an insert and a delete of the same item in turn (of a whole row, section 0, for a grid), so the
    /// counts return to where they were every second batch and the trace never grows.
    static func generateInsertsAbove(_ cursor: inout _TraceCursor, _ model: inout _UpdateTraceModel) {
        model.scroll(to: model.maximumOffset / 2, cursor: &cursor)
        let first = ElementPath(section: 0, item: 0)
        var inserted = false
        while !cursor.isFull {
            guard model.counts.numberOfSections > 0 else {
                model.scroll(to: model.position, cursor: &cursor)
                continue
            }
            if model.grid {
                model.emit(BatchUpdate([inserted ? .deleteSections([0]) : .insertSections([0])]),
                           addedSectionCounts: inserted ? [] : [model.gridColumns], into: &cursor)
            } else {
                model.emit(BatchUpdate([inserted ? .deleteItems([first]) : .insertItems([first])]),
                           addedSectionCounts: [], into: &cursor)
            }
            inserted.toggle()
        }
    }
}

/// The app's data model while an updating trace is generated: its counts, which the trace's batches change, and the
/// estimated extent of the content along the scroll axis (the initial extent scaled by the item count over the
/// initial one, as the other traces scale it by rows and columns).
struct _UpdateTraceModel {
    /// The data source's counts after the events so far.
    private(set) var counts: ItemCounts
    /// The seeded draws of the batches, apart from the cursor's so that the offsets' draws do not depend on them.
    var random: SeededGenerator
    /// Whether the trace scrolls vertically (unless only the horizontal axis has a scrollable range).
    let vertical: Bool
    /// The estimated extent of one item along the scroll axis.
    let extentPerItem: Double
    /// The viewport's extent along the scroll axis.
    let viewportExtent: Double
    /// The offset along the other axis, where the trace started.
    let across: Double
    /// The exact offset along the scroll axis.
    var position: Double
    /// The items in `counts`.
    private(set) var total: Int
    private let plan = BatchUpdatePlan()
    /// Whether batches keep the grid whole (``UpdateShape/grid``): items come and go as rows.
    let grid: Bool
    /// The grid's columns: every section's count (the last one known while no section is left).
    private(set) var gridColumns: Int

    init(_ parameters: TraceParameters, cursor: _TraceCursor) {
        counts = (parameters.counts ?? .uniform(sections: cursor.initialRows, itemsPerSection: cursor.initialColumns))
            .perSection
        random = SeededGenerator(seed: parameters.seed ^ 0x4261_7463_6845_6469)
        grid = parameters.updateShape == .grid
        gridColumns = counts.numberOfSections > 0 ? counts.numberOfItems(inSection: 0) : Swift.max(0, cursor.initialColumns)
        let limit = cursor.maximumOffset
        vertical = !(limit.y <= 0 && limit.x > 0)
        total = counts.totalItems
        let extent = vertical ? cursor.initialContent.height : cursor.initialContent.width
        extentPerItem = total > 0 ? extent / Double(total) : 0
        viewportExtent = vertical ? cursor.viewport.height : cursor.viewport.width
        across = vertical ? cursor.offset.x : cursor.offset.y
        position = vertical ? cursor.offset.y : cursor.offset.x
    }

    /// The estimated extent of the content along the scroll axis.
    var extent: Double { Double(total) * extentPerItem }

    /// The largest offset along the scroll axis.
    var maximumOffset: Double { Swift.max(0, extent - viewportExtent) }

    /// Whether `items` more items keep the content within ``ContentSpec/maximumItems``.
    func canInsert(_ items: Int) -> Bool { total <= ContentSpec.maximumItems - items }

    /// The point at `position` along the scroll axis.
    func point(_ position: Double) -> Point {
        vertical ? Point(x: across, y: position) : Point(x: position, y: across)
    }

    /// Moves to `position` exactly and emits it rounded to whole points, clamped into the range.
    mutating func scroll(to position: Double, cursor: inout _TraceCursor) {
        self.position = position
        let rounded = Swift.min(Swift.max(position.rounded(), 0), maximumOffset)
        cursor.scroll(to: point(rounded))
    }

    /// One frame of a constant-velocity pan along the scroll axis, reflecting at the ends.
    mutating func pan(_ velocity: inout Double, cursor: inout _TraceCursor) {
        let (next, turned) = _TraceCursor.reflect(position + velocity * cursor.frameDuration, velocity,
                                                  within: maximumOffset)
        velocity = turned
        scroll(to: next, cursor: &cursor)
    }

    /// Applies `batch` to the counts and emits it; the offset is clamped into the new range. A batch the model
    /// refuses (none of the generators' is) is left out and the frame scrolls in place.
    mutating func emit(_ batch: BatchUpdate, addedSectionCounts: [Int], into cursor: inout _TraceCursor) {
        var after = counts
        do {
            try plan.apply(batch, to: &after, addedSectionCounts: addedSectionCounts)
        } catch {
            scroll(to: position, cursor: &cursor)
            return
        }
        counts = after
        total = after.totalItems
        if grid && after.numberOfSections > 0 { gridColumns = after.numberOfItems(inSection: 0) }
        position = Swift.min(position, maximumOffset)
        cursor.emit(.update(batch, addedSectionCounts: addedSectionCounts))
    }

    /// The rows a grid inserts for `items` items: at least one.
    func rows(forItems items: Int) -> Int { Swift.max(1, items / Swift.max(1, gridColumns)) }

    /// Inserts `items` items at the end of the last section (a section of them when there is none), or, for a grid,
    /// as many whole rows at the end.
    mutating func insertAtEnd(items: Int, into cursor: inout _TraceCursor) {
        let sections = counts.numberOfSections
        if grid {
            let rows = rows(forItems: items)
            emit(BatchUpdate([.insertSections(Array(sections..<(sections + rows)))]),
                 addedSectionCounts: Array(repeating: gridColumns, count: rows), into: &cursor)
            return
        }
        guard sections > 0 else {
            emit(BatchUpdate([.insertSections([0])]), addedSectionCounts: [items], into: &cursor)
            return
        }
        let first = counts.numberOfItems(inSection: sections - 1)
        let paths = (first..<(first + items)).map { ElementPath(section: sections - 1, item: $0) }
        emit(BatchUpdate([.insertItems(paths)]), addedSectionCounts: [], into: &cursor)
    }

    /// Inserts `items` items at the start of section 0 (a section of them when there is none), or, for a grid, as
    /// many whole rows at the start; answers the items inserted.
    @discardableResult
    mutating func insertAtStart(items: Int, into cursor: inout _TraceCursor) -> Int {
        if grid {
            let rows = rows(forItems: items)
            emit(BatchUpdate([.insertSections(Array(0..<rows))]),
                 addedSectionCounts: Array(repeating: gridColumns, count: rows), into: &cursor)
            return rows * gridColumns
        }
        guard counts.numberOfSections > 0 else {
            emit(BatchUpdate([.insertSections([0])]), addedSectionCounts: [items], into: &cursor)
            return items
        }
        let paths = (0..<items).map { ElementPath(section: 0, item: $0) }
        emit(BatchUpdate([.insertItems(paths)]), addedSectionCounts: [], into: &cursor)
        return items
    }

    /// Appends ``ScrollTrace/updatePageItems`` items at the end of the last section, or a section of them (whole
    /// rows for a grid).
    mutating func appendPage(into cursor: inout _TraceCursor) {
        if grid {
            insertAtEnd(items: ScrollTrace.updatePageItems, into: &cursor)
            return
        }
        let page = ScrollTrace.updatePageItems
        let sections = counts.numberOfSections
        guard sections > 0 else {
            emit(BatchUpdate([.insertSections([0])]), addedSectionCounts: [page], into: &cursor)
            return
        }
        let first = counts.numberOfItems(inSection: sections - 1)
        let paths = (first..<(first + page)).map { ElementPath(section: sections - 1, item: $0) }
        emit(BatchUpdate([.insertItems(paths)]), addedSectionCounts: [], into: &cursor)
    }
}
