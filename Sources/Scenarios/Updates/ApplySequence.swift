import Diffing
import LayoutModel
import SeededRandom

/// The snapshots an app applies, as an apply trace (``ScrollTraceKind/isApply``) generates them: seeded, the same
/// for the same inputs, one pair (old, new) per apply. Each pair's old snapshot is the previous pair's new one, so
/// a collection view that applied every pair shows the old snapshot of the next.
///
/// Section identifiers are the section's index at the start (`Int`), or new numbers for sections that come later;
/// item identifiers are random 128-bit values (``SnapshotItemID``); an item's content is a version (`Int`) that an
/// edit increments. A section that an apply does not touch keeps its storage (copy on write), as an app's does.
///
/// The kinds (the frames of each trace are its applies):
/// - `apply-differencekit`: DifferenceKit's benchmark pair, in every section: 5,000 items lose 2000..<3000, gain
///   1,000 new ones at 3000..<4000 of the result and have 0..<200 of the result shuffled; 100,000 lose
///   20000..<30000, gain 10,000 at 30000..<40000 and have 0..<2000 shuffled; other counts the 100,000 case's
///   fractions (20–30 % deleted, 10 % inserted at 30 %, the first 2 % shuffled). Applies alternate the pair and its undoing; only the pair is measured (``Step/isMeasured``).
/// - `apply-feed`: 1 % of the items (at least one) per apply: 40 % of those deleted, 40 % inserted, 10 % moved
///   within their section, 10 % edited, each in a section drawn at random.
/// - `apply-chat`: one item appended to the last section per apply; every eighth apply also edits one of the last
///   20 items.
/// - `apply-unchanged`: the snapshot re-applied as it is (its storage shared).
/// - `apply-section-moves`: 1 % of the sections (at least one) move to random places; one item inside the first
///   moved section moves too (two batches: UIKit refuses item moves inside a section the batch moves).
/// - `apply-churn`: a quarter of the items deleted and as many inserted, at random places, per apply.
public struct ApplySequence {
    /// The snapshot type of the apply traces.
    public typealias AppSnapshot = Snapshot<Int, SnapshotItemID, Int>

    /// One apply.
    public struct Step {
        /// The snapshot the collection view shows.
        public var old: AppSnapshot
        /// The snapshot applied.
        public var new: AppSnapshot
        /// Whether the apply is measured: `false` for the undoing steps of `apply-differencekit`, which only bring
        /// the collection view back to the pair's old snapshot.
        public var isMeasured: Bool
    }

    /// The kind of trace.
    public let kind: ScrollTraceKind
    /// The snapshot the next step starts from.
    public private(set) var current: AppSnapshot
    private var random: SeededGenerator
    private var applies = 0
    private var nextSection: Int
    private var pair: (AppSnapshot, AppSnapshot)?

    /// The sequence of `kind` over content of `counts`, seeded by `seed`.
    ///
    /// - Complexity: O(items) for the first snapshot.
    public init(kind: ScrollTraceKind, counts: ItemCounts, seed: UInt64) {
        self.kind = kind
        random = SeededGenerator(seed: seed ^ 0x4170_706C_7953_6571)
        var sections: [SnapshotSection<Int, SnapshotItemID, Int>] = []
        sections.reserveCapacity(counts.numberOfSections)
        for section in 0..<counts.numberOfSections {
            let count = counts.numberOfItems(inSection: section)
            var items: [SnapshotItemID] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(SnapshotItemID(using: &random)) }
            sections.append(SnapshotSection(section, items: items, contents: [Int](repeating: 0, count: count)))
        }
        current = AppSnapshot(sections)
        nextSection = counts.numberOfSections
    }

    /// The next apply.
    ///
    /// - Complexity: O(items) of the sections it changes (all of them for `apply-differencekit` and `apply-churn`).
    public mutating func next() -> Step {
        defer { applies += 1 }
        let old = current
        var new = current
        var measured = true
        switch kind {
        case .applyDifferenceKit:
            if pair == nil {
                var target = current
                for index in target.sections.indices { differenceKitEdit(&target.sections[index]) }
                pair = (current, target)
            }
            if let (source, target) = pair {
                measured = applies % 2 == 0
                new = measured ? target : source
            }
        case .applyFeed: editRandomSections(&new, changes: Swift.max(1, old.numberOfItems / 100), feed: true)
        case .applyChat: chat(&new)
        case .applyUnchanged: break
        case .applySectionMoves: moveSections(&new)
        case .applyChurn: editRandomSections(&new, changes: old.numberOfItems / 2, feed: false)
        default: break
        }
        current = new
        return Step(old: old, new: new, isMeasured: measured)
    }

    // MARK: Kinds

    private mutating func differenceKitEdit(_ section: inout SnapshotSection<Int, SnapshotItemID, Int>) {
        let count = section.items.count
        let deletes: Range<Int>, at: Int, inserted: Int, shuffled: Range<Int>
        switch count {
        case 5000: (deletes, at, inserted, shuffled) = (2000..<3000, 3000, 1000, 0..<200)
        case 100_000: (deletes, at, inserted, shuffled) = (20000..<30000, 30000, 10000, 0..<2000)
        default:
            deletes = (count / 5)..<(count * 3 / 10)
            at = Swift.min(count * 3 / 10, count - deletes.count)
            inserted = count / 10
            shuffled = 0..<(count / 50)
        }
        section.items.removeSubrange(deletes)
        section.contents.removeSubrange(deletes)
        section.items.insert(contentsOf: (0..<inserted).map { _ in SnapshotItemID(using: &random) }, at: at)
        section.contents.insert(contentsOf: [Int](repeating: 0, count: inserted), at: at)
        section.items[shuffled].shuffle(using: &random)
    }

    /// `changes` changes spread over sections drawn at random (weighted by their counts through an item drawn at
    /// random): a feed's mix (deletes, inserts, moves, edits: 4:4:1:1), or heavy churn's (deletes and inserts, 1:1).
    private mutating func editRandomSections(_ snapshot: inout AppSnapshot, changes: Int, feed: Bool) {
        let total = snapshot.numberOfItems
        guard total > 0, changes > 0 else { return }
        // Cumulative counts, to draw an item's section.
        var ends: [Int] = []
        ends.reserveCapacity(snapshot.sections.count)
        var sum = 0
        for section in snapshot.sections {
            sum += section.items.count
            ends.append(sum)
        }
        var plan: [Int: (deletes: Int, inserts: Int, moves: Int, edits: Int)] = [:]
        for change in 0..<changes {
            let item = Int.random(in: 0..<total, using: &random)
            var low = 0, high = ends.count - 1
            while low < high {
                let mid = (low + high) >> 1
                if ends[mid] > item { high = mid } else { low = mid + 1 }
            }
            var entry = plan[low] ?? (0, 0, 0, 0)
            switch feed ? change % 10 : change % 2 {
            case 0, 2, 4, 6: entry.deletes += 1
            case 1, 3, 5, 7: entry.inserts += 1
            case 8: entry.moves += 1
            default: entry.edits += 1
            }
            plan[low] = entry
        }
        for section in plan.keys.sorted() {
            guard let entry = plan[section] else { continue }
            edit(&snapshot.sections[section], entry)
        }
    }

    /// Rebuilds a section with `deletes` items deleted, `moves` moved, `edits` edited and `inserts` new ones, at
    /// random places, in one pass.
    private mutating func edit(_ section: inout SnapshotSection<Int, SnapshotItemID, Int>,
                               _ change: (deletes: Int, inserts: Int, moves: Int, edits: Int)) {
        let count = section.items.count
        let removed = Swift.min(count, change.deletes + change.moves)
        var picked = Set<Int>(minimumCapacity: removed)
        while picked.count < removed { picked.insert(Int.random(in: 0..<count, using: &random)) }
        let order = picked.sorted()
        let movedOut = Set(order.prefix(Swift.min(change.moves, removed)).map { $0 })
        var items: [SnapshotItemID] = [], contents: [Int] = []
        items.reserveCapacity(count - removed + change.inserts + change.moves)
        contents.reserveCapacity(items.capacity)
        var incoming: [(item: SnapshotItemID, content: Int)] = []
        for index in 0..<count {
            if picked.contains(index) {
                if movedOut.contains(index) { incoming.append((section.items[index], section.contents[index])) }
                continue
            }
            items.append(section.items[index])
            contents.append(section.contents[index])
        }
        if !items.isEmpty {
            for _ in 0..<change.edits { contents[Int.random(in: 0..<items.count, using: &random)] += 1 }
        }
        for _ in 0..<change.inserts { incoming.append((SnapshotItemID(using: &random), 0)) }
        guard !incoming.isEmpty else {
            section.items = items
            section.contents = contents
            return
        }
        // Each incoming item at a random place among the kept ones, merged in one pass.
        var places = incoming.indices.map { ($0, Int.random(in: 0...items.count, using: &random)) }
        places.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var mergedItems: [SnapshotItemID] = [], mergedContents: [Int] = []
        mergedItems.reserveCapacity(items.count + incoming.count)
        mergedContents.reserveCapacity(items.count + incoming.count)
        var next = 0
        for index in 0...items.count {
            while next < places.count && places[next].1 == index {
                mergedItems.append(incoming[places[next].0].item)
                mergedContents.append(incoming[places[next].0].content)
                next += 1
            }
            if index < items.count {
                mergedItems.append(items[index])
                mergedContents.append(contents[index])
            }
        }
        section.items = mergedItems
        section.contents = mergedContents
    }

    private mutating func chat(_ snapshot: inout AppSnapshot) {
        if snapshot.sections.isEmpty {
            snapshot.sections.append(SnapshotSection(nextSection, items: [], contents: []))
            nextSection += 1
        }
        let last = snapshot.sections.count - 1
        snapshot.sections[last].items.append(SnapshotItemID(using: &random))
        snapshot.sections[last].contents.append(0)
        if applies % 8 == 7 {
            let count = snapshot.sections[last].items.count
            let edited = count - 1 - Int.random(in: 0..<Swift.min(20, count), using: &random)
            snapshot.sections[last].contents[edited] += 1
        }
    }

    private mutating func moveSections(_ snapshot: inout AppSnapshot) {
        let count = snapshot.sections.count
        guard count > 1 else { return }
        var firstMoved: Int?
        for _ in 0..<Swift.max(1, count / 100) {
            let section = snapshot.sections.remove(at: Int.random(in: 0..<count, using: &random))
            let place = Int.random(in: 0..<count, using: &random)
            snapshot.sections.insert(section, at: place)
            if firstMoved == nil { firstMoved = section.identifier }
        }
        guard let moved = firstMoved, let index = snapshot.sections.firstIndex(where: { $0.identifier == moved }),
              snapshot.sections[index].items.count > 1 else { return }
        let from = Int.random(in: 0..<snapshot.sections[index].items.count, using: &random)
        let item = snapshot.sections[index].items.remove(at: from)
        let content = snapshot.sections[index].contents.remove(at: from)
        let to = Int.random(in: 0...snapshot.sections[index].items.count, using: &random)
        snapshot.sections[index].items.insert(item, at: to)
        snapshot.sections[index].contents.insert(content, at: to)
    }
}
