import LayoutModel
import Layouts

/// Orthogonal scrolling and `visibleItemsInvalidationHandler` (Guides/UIKitCompositional.md, "Orthogonal sections
/// and visible-items handlers", rules V1 to V5).
///
/// The engine answers an orthogonal section's items where they are on screen (Guides/CompositionalLayout.md, O3),
/// and so does this layout; a handler gets them as UIKit hands them over: in the section's own coordinate system
/// (the unscrolled space of its scroll view, the on-screen x plus the section's offset), with the section's content
/// offset as its `CGPoint`. What the handler sets is converted back when the layout answers for those items. In a
/// layout that scrolls horizontally the engine's frames are transposed back first, and an orthogonal section's offset
/// is along y (H9, H10).
extension UICollectionViewCompositionalLayout {
    /// The visible-items handler of `section`, as of the last full pass, or `nil`.
    ///
    /// - Complexity: O(1).
    func visibleItemsHandler(ofSection section: Int) -> NSCollectionLayoutSectionVisibleItemsInvalidationHandler? {
        if case let .section(blueprint) = source { return blueprint.visibleItemsInvalidationHandler }
        return handlers.isEmpty ? nil : handlers[section]
    }

    /// Whether any section has a visible-items handler: then every bounds change is a layout pass, as UIKit calls
    /// the handlers on every main-view scroll.
    var hasVisibleItemsHandlers: Bool {
        if case let .section(blueprint) = source { return blueprint.visibleItemsInvalidationHandler != nil }
        return !handlers.isEmpty
    }

    /// Calls the handler of every section with one that shows an item in `bounds` (only the scrolled section's after
    /// an orthogonal scroll), with its visible cells in section coordinates, its content offset and the environment,
    /// and keeps what each handler set. `engine` is the closed-form engine or, once a section self-sizes, the
    /// self-sizing one (generic, so that each engine's pass is specialized for it).
    ///
    /// - Complexity: the engine's query of `bounds`, plus O(k) for its k elements, plus the handlers; no allocation
    ///   once the pools and buffers have grown to the largest pass.
    func callVisibleItemsHandlers<Engine: MeasuredLayout & OrthogonalScrollingLayout>(_ engine: Engine,
                                                                                      bounds: Rect) {
        let only = orthogonalPassSection
        orthogonalPassSection = nil
        guard hasVisibleItemsHandlers else {
            if !handlerRecords.isEmpty { handlerRecords.removeAll() }
            return
        }
        // A layout that scrolls horizontally (H10) or custom items with a z-index (C5): the items are made over for
        // the handler after the plain pass below has made them, so that a plain vertical pass pays one test a section.
        let general = transposes || !slotZIndexes.isEmpty
        // The buffers are taken out of the layout for the pass and put back after it: locals the pass alone
        // references, read and written without a dynamic exclusivity check at every access.
        var scratch: [LayoutAttributes] = [], pool: [CompositionalVisibleItem] = []
        var handed: [any NSCollectionLayoutVisibleItem] = [], records: [HandlerRecord] = []
        var sectionRecords: [HandlerRecord] = []
        swap(&scratch, &handlerScratch)
        swap(&pool, &visibleItemPool)
        swap(&handed, &visibleItemsBuffer)
        swap(&records, &handlerRecords)
        swap(&sectionRecords, &handlerRecordScratch)
        defer {
            swap(&scratch, &handlerScratch)
            swap(&pool, &visibleItemPool)
            swap(&handed, &visibleItemsBuffer)
            swap(&records, &handlerRecords)
            swap(&sectionRecords, &handlerRecordScratch)
            // The engine's answer for the bounds serves the host's query of the same rect that follows this pass
            // (`takeHandlerPassAnswer(for:)`), unless the layout moves headers and footers (CI4) and so asks the
            // engine for a wider rect.
            // In a layout that scrolls horizontally `bounds` is the engine's, the transpose of the host's, whose engine
            // rect it is (H10).
            handlerPassRect = engineQueryRect(for: bounds) == bounds || (general && transposes) ? bounds : nil
        }
        // V4: a pass other than an orthogonal scroll drops every earlier result before calling: its records are
        // written over the last pass's from the front (`kept` of them so far), and the rest cut after the calls.
        var kept = 0
        defer { if only == nil && records.count > kept { records.removeLast(records.count - kept) } }
        engine.attributesForElements(in: bounds, into: &scratch)
        let environment = handlerEnvironment(size: general && transposes ? bounds.standardized.size.transposed.cgSize
                                                  : bounds.standardized.size.cgSize)
        // `init(section:)`'s one handler, or the provider's by section: the sections come in ascending order, so the
        // table is searched once and then walked.
        var uniformHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
        if case let .section(blueprint) = source { uniformHandler = blueprint.visibleItemsInvalidationHandler }
        let entries = handlers.entries
        var entry = -1
        var start = 0
        while start < scratch.count {
            let section = scratch[start].path.section
            var end = start + 1
            while end < scratch.count && scratch[end].path.section == section { end += 1 }
            defer { start = end }
            if let only, only != section { continue }
            let handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler
            if let uniformHandler {
                handler = uniformHandler
            } else {
                if entry < 0 { entry = handlers.index(atOrAfter: section) }
                while entry < entries.count && entries[entry].section < section { entry += 1 }
                guard entry < entries.count, entries[entry].section == section else { continue }
                handler = entries[entry].handler
            }
            // V2: an orthogonal section's offset is its scroll view's (x, 0); any other section's is the collection
            // view's content offset, and its frames are the collection view's.
            let sectionOffset = orthogonalOffset(of: engine, section: section)
            var offset = sectionOffset.map { CGPoint(x: CGFloat($0), y: 0) } ?? bounds.origin.cgPoint
            var shift = CGFloat(sectionOffset ?? 0)
            var used = 0
            for index in start..<end {
                let element = scratch[index]
                guard element.kind == ElementKind.cell, element.frame.meetsByCoreGraphicsRule(bounds) else { continue }
                if used == pool.count { pool.append(CompositionalVisibleItem()) }
                var frame = element.frame.cgRect
                frame.origin.x += shift
                pool[used].reset(section: section, item: element.path.item, frame: frame, zIndex: element.zIndex)
                used += 1
            }
            guard used > 0 else { continue }
            if general {
                offset = madeOver(pool[..<used], section: section, offset: offset)
            }
            // The array handed over is the pool's first `used` objects, as it was at the last call with as many: only
            // its length changes (a handler that kept the last array keeps it intact: this copies on write).
            if handed.count > used { handed.removeLast(handed.count - used) }
            while handed.count < used { handed.append(pool[handed.count]) }
            handler(handed, offset, environment)
            if general && transposes && shift != 0 {
                Self.keptOnScreen(pool[..<used], shift: shift)
                shift = 0
            }
            if only == nil {
                HandlerRecord.keep(pool[..<used], ofSection: section, shift: shift, in: &records, after: &kept,
                                   scratch: &sectionRecords)
            } else {
                HandlerRecord.keep(pool[..<used], ofSection: section, shift: shift, in: &records,
                                   scratch: &sectionRecords)
            }
        }
    }

    /// Makes `items` (section `section`'s, as the plain pass made them: the engine's frames, an orthogonal section's
    /// moved along the engine's x by its offset) over as a handler is handed them where the plain pass is not the
    /// whole story: in a layout that scrolls horizontally, transposed to the layout's own coordinates (the offset
    /// then along y, H10); at their custom items' z-indexes (C5). Returns the content offset to hand over: `(0, y)`
    /// for an orthogonal section in a layout that scrolls horizontally, the collection view's for any other there.
    ///
    /// - Complexity: O(items).
    @inline(never)
    private func madeOver(_ items: ArraySlice<CompositionalVisibleItem>, section: Int, offset: CGPoint) -> CGPoint {
        let zIndexes = slotZIndexes
        for item in items {
            if transposes {
                let frame = item.state.frame
                item.state.frame = CGRect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width)
                item.state.center = CGPoint(x: item.state.center.y, y: item.state.center.x)
            }
            if !zIndexes.isEmpty, let zIndex = zIndexes.zIndex(section: section, item: item.itemIndex) {
                item.state.zIndex = zIndex
            }
        }
        guard transposes else { return offset }
        return CGPoint(x: offset.y, y: offset.x)
    }

    /// Moves what a handler in a layout that scrolls horizontally was handed and set on `items` (an orthogonal
    /// section's, in its unscrolled space) on screen, `shift` up along y, so that their records keep no offset: a
    /// moved `center` is then answered as it is (V4, H10).
    ///
    /// - Complexity: O(items).
    @inline(never)
    private static func keptOnScreen(_ items: ArraySlice<CompositionalVisibleItem>, shift: CGFloat) {
        for item in items {
            item.state.frame.origin.y -= shift
            item.state.center.y -= shift
        }
    }

    /// What `prepare()` does before it lays anything out: the handler pass's engine answer is forgotten, and so are
    /// the orthogonal offsets asked, unless the engine is to re-place pinned elements only (a scroll) or the section
    /// an orthogonal scroll moved (whose offset that scroll forgot already): a rebuild may clamp them anew.
    ///
    /// - Complexity: O(1).
    func beginHandlerPreparation() {
        handlerPassRect = nil
        guard !orthogonalOffsetCache.isEmpty else { return }
        if engine == nil || sizingEngine != nil || engineContext.invalidateEverything
            || engineContext.invalidateDataSourceCounts || engineContext.invalidateDelegateMetrics
            || !engineContext.invalidatedSupplementaryPaths.isEmpty
        {
            orthogonalOffsetCache.removeAll(keepingCapacity: true)
        }
    }

    /// The engine's offset of `section` (`nil` when it does not scroll orthogonally), asked once between the
    /// changes that can move it (``beginHandlerPreparation()``, ``scrollOrthogonalSection(_:to:in:)``).
    ///
    /// - Complexity: O(1); O(sections) the first time after a rebuild.
    private func orthogonalOffset<Engine: OrthogonalScrollingLayout>(of engine: Engine, section: Int) -> Double? {
        if section < orthogonalOffsetCache.count {
            let known = orthogonalOffsetCache[section]
            if !known.isNaN { return known == .infinity ? nil : known }
        } else {
            let missing = section + 1 - orthogonalOffsetCache.count
            orthogonalOffsetCache.append(contentsOf: repeatElement(.nan, count: missing))
        }
        let answer = engine.orthogonalOffset(ofSection: section)
        orthogonalOffsetCache[section] = answer ?? .infinity
        return answer
    }

    /// Whether the host's query of `rect` can take the engine's answer of the last handler pass (it asked the engine
    /// for the same rect, and nothing has changed the engine's answers since: an invalidation, a `prepare()` or an
    /// orthogonal scroll forgets it): then that answer is moved into `engineScratch`, the buffer of the answer's
    /// path, and `true` is answered; the engine is asked once a frame rather than twice.
    ///
    /// - Complexity: O(1).
    func takeHandlerPassAnswer(for rect: CGRect) -> Bool {
        guard let passRect = handlerPassRect else { return false }
        handlerPassRect = nil
        guard engineQueryRect(for: Rect(rect)) == passRect else { return false }
        swap(&engineScratch, &handlerScratch)
        return true
    }

    /// The environment handed to handlers: the section provider's while its size holds, else a new one.
    private func handlerEnvironment(size: CGSize) -> any NSCollectionLayoutEnvironment {
        if let environment, environment.contentSize == size { return environment }
        let made = CompositionalLayoutEnvironment(
            contentSize: size, contentInsets: containerInsets,
            traitCollection: collectionView?.traitCollection ?? UITraitCollection())
        environment = made
        return made
    }

    /// ``HandlerRecord/apply(_:cursor:section:item:to:)`` on an object (`layoutAttributesForItem(at:)`'s answer).
    ///
    /// - Complexity: O(log records).
    func applyHandlerResult(to object: UICollectionViewLayoutAttributes) {
        guard object.representedElementCategory == .cell, object.indexPath.count == 2 else { return }
        var values = UICollectionViewLayoutAttributes.Values(frame: object.frame)
        values.zIndex = object.zIndex
        var cursor = 0
        HandlerRecord.apply(handlerRecords, cursor: &cursor, section: object.indexPath[0], item: object.indexPath[1],
                            to: &values)
        object.write(values)
    }

    // MARK: Orthogonal scrolling

    /// The engine's orthogonal sections at the last `prepare()` (the self-sizing engine's once a section self-sizes:
    /// S5 lets orthogonal sections stand beside self-sizing ones).
    ///
    /// - Complexity: O(sections) (O(S log S) with the self-sizing engine).
    package func orthogonalSections() -> [OrthogonalSectionSpan] {
        if let sizingEngine { return sizingEngine.orthogonalSections() }
        return engine?.orthogonalSections() ?? []
    }

    /// Section `section`'s offset, or `nil` when it does not scroll orthogonally.
    ///
    /// - Complexity: O(1) (O(log S) with the self-sizing engine).
    package func orthogonalOffset(ofSection section: Int) -> Double? {
        if let sizingEngine { return sizingEngine.orthogonalOffset(ofSection: section) }
        return engine?.orthogonalOffset(ofSection: section)
    }

    /// Scrolls section `section`'s own scroll view to `offset` (clamped): the engine's offset, and the context naming
    /// the section's items in view, which `invalidateLayout(with:)` then takes as this scroll's, rebuilding nothing
    /// (with the self-sizing engine: laying nothing out again and forgetting no fitted height); the next `prepare()`
    /// calls that section's handler only (V3). In a layout that scrolls horizontally the section scrolls along y: the
    /// engine is handed the transpose of `bounds` (H9).
    ///
    /// - Complexity: the engine's, O(1) (O(log S) with the self-sizing engine) plus the items named.
    package func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext? {
        handlerPassRect = nil
        if section >= 0 && section < orthogonalOffsetCache.count { orthogonalOffsetCache[section] = .nan }
        let scrolled = sizingEngine != nil ? sizingEngine?.scrollOrthogonalSection(section, to: offset, in: bounds)
            : engine?.scrollOrthogonalSection(section, to: offset, in: transposes ? bounds.transposed : bounds)
        guard let context = scrolled else { return nil }
        pendingOrthogonalScroll = (section, context)
        return context
    }

    /// Takes `context` as the pending orthogonal scroll's (the section's items in view, named), when it is that
    /// scroll's and nothing else is recorded: the engine's next pass rebuilds nothing for it and calls that
    /// section's handler only. Either engine.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func takeOrthogonalScroll(_ context: UICollectionViewLayoutInvalidationContext) -> Bool {
        guard let scroll = pendingOrthogonalScroll else { return false }
        pendingOrthogonalScroll = nil
        orthogonalPassSection = scroll.section
        guard !context.invalidateEverything && !context.invalidateDataSourceCounts
            && engineContext == InvalidationContext()
        else { return false }
        engineContext = scroll.context
        return true
    }

    // MARK: Beside self-sizing sections

    /// The self-sizing engine's elements in `rect`, as `layoutAttributesForElements(in:)` answers them, with what
    /// the visible-items handlers set (V4): the same answer path as the closed-form engine's.
    ///
    /// - Complexity: the engine's query, plus O(k) for its k elements. Inlined, and without a handler the records
    ///   are not copied out: out of line, the UIKit gate's News Feed query cost 28 instructions more.
    @inline(__always)
    func selfSizingElements(in rect: CGRect, of sizing: IncrementalSelfSizingCompositionalLayout)
        -> [UICollectionViewLayoutAttributes]
    {
        if handlerRecords.isEmpty { return makeObjects(in: rect, of: sizing, scratch: &engineScratch) }
        let records = handlerRecords
        var cursor = 0
        let answered = takeHandlerPassAnswer(for: rect)
        return makeObjects(in: rect, of: sizing, scratch: &engineScratch, answered: answered) { element, state in
            guard element.kind == ElementKind.cell else { return }
            HandlerRecord.apply(records, cursor: &cursor, section: element.path.section, item: element.path.item,
                                to: &state)
        }
    }

    /// The self-sizing engine's item, with what its section's visible-items handler set on it at the last call.
    ///
    /// - Complexity: the engine's, plus O(log records).
    @inline(__always)
    func selfSizingItem(at indexPath: IndexPath, of sizing: IncrementalSelfSizingCompositionalLayout)
        -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count == 2 else { return nil }
        let answer = makeObject(sizing.attributesForItem(at: ElementPath(indexPath)))
        if let answer, !handlerRecords.isEmpty { applyHandlerResult(to: answer) }
        return answer
    }
}

/// What a section's visible-items handler set on one item it was handed (V4): the item, the section offset its frame
/// was handed at (`shift`, 0 for a section that does not scroll orthogonally) and its state after the call.
struct HandlerRecord {
    var section: Int
    var item: Int
    var shift: CGFloat
    var state: CompositionalVisibleItem.State
}

extension HandlerRecord {
    /// The index of the first of `records` (ordered by section and item) at or after item `item` of `section`.
    ///
    /// - Complexity: O(log records).
    @inline(__always)
    static func index(in records: [HandlerRecord], atOrAfter section: Int, item: Int) -> Int {
        if let last = records.last, (last.section, last.item) < (section, item) { return records.count }
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if (records[middle].section, records[middle].item) < (section, item) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Puts on `state` (a cell's values as the engine placed it) what its section's handler set on the cell at the
    /// last call, from `records`: `alpha`, `transform3D`, `zIndex`, `isHidden`, and a `center` moved from where it
    /// was handed over (V4). A query's cells come in the order the handlers were handed them, so the record is most
    /// often the one after the last found (`cursor`, the query's own).
    ///
    /// - Complexity: O(1) for the next record, else O(log records).
    @inline(__always)
    static func apply(_ records: [HandlerRecord], cursor: inout Int, section: Int, item: Int,
                      to state: inout UICollectionViewLayoutAttributes.Values) {
        var index = cursor
        if index >= records.count || records[index].section != section || records[index].item != item {
            index = Self.index(in: records, atOrAfter: section, item: item)
            guard index < records.count, records[index].section == section, records[index].item == item else { return }
        }
        cursor = index + 1
        let record = records[index].state
        state.alpha = record.alpha
        state.transform3D = record.transform3D
        state.zIndex = record.zIndex
        state.isHidden = record.isHidden
        if record.center.x != record.frame.midX || record.center.y != record.frame.midY {
            state.frame.origin = CGPoint(x: record.center.x - records[index].shift - state.frame.width / 2,
                                         y: record.center.y - state.frame.height / 2)
        }
    }
}

extension HandlerRecord {
    /// Keeps what the handler of `section` set on `items` (V4) in a full pass: the pass's records are the first
    /// `kept` of `records` (the rest are the last pass's, written over here and cut after the pass), in section and
    /// item order, and the sections are called top to bottom, so the section's records go after them, written in
    /// place (no record is built and then copied). `scratch` is a reused buffer.
    ///
    /// - Complexity: O(items).
    static func keep(_ items: ArraySlice<CompositionalVisibleItem>, ofSection section: Int, shift: CGFloat,
                     in records: inout [HandlerRecord], after kept: inout Int, scratch: inout [HandlerRecord]) {
        if kept == 0 || records[kept - 1].section < section {
            if !write(items, ofSection: section, shift: shift, at: kept, in: &records) {
                sorted(items, ofSection: section, shift: shift, into: &scratch)
                for (offset, record) in scratch.enumerated() {
                    if kept + offset < records.count { records[kept + offset] = record } else { records.append(record) }
                }
            }
            kept += items.count
            return
        }
        // A section after one it follows (an engine answer out of section order): the records kept so far, merged.
        if records.count > kept { records.removeLast(records.count - kept) }
        keep(items, ofSection: section, shift: shift, in: &records, scratch: &scratch)
        kept = records.count
    }

    /// Writes the records of `items` from `start` on in `records`, over the records there and then appended: each
    /// record's fields stored where it lives (no record is built and then copied), the items read once. `false`
    /// when `items` are not in ascending item order (as the engine hands a section's items): then the records from
    /// `start` on are left part written, for the caller to write again.
    ///
    /// - Complexity: O(items).
    @inline(__always)
    private static func write(_ items: ArraySlice<CompositionalVisibleItem>, ofSection section: Int, shift: CGFloat,
                              at start: Int, in records: inout [HandlerRecord]) -> Bool {
        var last = Int.min
        var index = items.startIndex
        let count = records.count
        if start < count {
            let inOrder = records.withUnsafeMutableBufferPointer { buffer in
                var at = start
                while index < items.endIndex && at < count {
                    let item = items[index]
                    let itemIndex = item.itemIndex
                    if itemIndex <= last { return false }
                    last = itemIndex
                    buffer[at].section = section
                    buffer[at].item = itemIndex
                    buffer[at].shift = shift
                    buffer[at].state = item.state
                    at += 1
                    index += 1
                }
                return true
            }
            if !inOrder { return false }
        }
        while index < items.endIndex {
            let item = items[index]
            if item.itemIndex <= last { return false }
            last = item.itemIndex
            records.append(HandlerRecord(section: section, item: item.itemIndex, shift: shift, state: item.state))
            index += 1
        }
        return true
    }

    /// The records of `items` in item order, in `scratch` (emptied first).
    ///
    /// - Complexity: O(items) for items in item order, else O(items²) (insertion).
    private static func sorted(_ items: ArraySlice<CompositionalVisibleItem>, ofSection section: Int, shift: CGFloat,
                               into scratch: inout [HandlerRecord]) {
        scratch.removeAll(keepingCapacity: true)
        for item in items {
            let record = HandlerRecord(section: section, item: item.itemIndex, shift: shift, state: item.state)
            // The engine hands a section's items in item order; an insertion keeps any other order sorted.
            var at = scratch.count
            while at > 0 && scratch[at - 1].item > record.item { at -= 1 }
            if at == scratch.count { scratch.append(record) } else { scratch.insert(record, at: at) }
        }
    }

    /// Keeps what the handler of `section` set on `items` (V4) in `records` in an orthogonal pass, in place of the
    /// section's earlier records (the other sections' stay), in section and item order: written over them in place
    /// when the section shows as many items as before, in item order (the steady swipe); `scratch` is a reused
    /// buffer.
    ///
    /// - Complexity: O(log records + items), plus O(records moved) when the section's count changes.
    static func keep(_ items: ArraySlice<CompositionalVisibleItem>, ofSection section: Int, shift: CGFloat,
                     in records: inout [HandlerRecord], scratch: inout [HandlerRecord]) {
        let low = index(in: records, atOrAfter: section, item: Int.min)
        var high = low
        while high < records.count && records[high].section == section { high += 1 }
        // (The write stays inside the section's records, which an order found wrong has replaced below.)
        if high - low == items.count && write(items, ofSection: section, shift: shift, at: low, in: &records) {
            return
        }
        sorted(items, ofSection: section, shift: shift, into: &scratch)
        if low == records.count {
            records.append(contentsOf: scratch)
        } else {
            records.replaceSubrange(low..<high, with: scratch)
        }
    }
}
