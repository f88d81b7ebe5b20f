import LayoutModel
import SeededRandom

/// What a seeded random batch may hold: how many of each call, at most. Every count is an upper bound; a draw takes
/// from 0 to it, limited by what the data has (no deletes from an empty section).
public struct BatchMix: Hashable, Sendable {
    /// Item inserts.
    public var itemInserts: Int
    /// Item deletes.
    public var itemDeletes: Int
    /// Item reloads.
    public var itemReloads: Int
    /// Item moves (within a section or across sections).
    public var itemMoves: Int
    /// Section inserts.
    public var sectionInserts: Int
    /// Section deletes.
    public var sectionDeletes: Int
    /// Section reloads.
    public var sectionReloads: Int
    /// Section moves.
    public var sectionMoves: Int
    /// The most items an inserted section gets.
    public var itemsPerInsertedSection: Int

    /// Creates a mix.
    public init(itemInserts: Int = 0, itemDeletes: Int = 0, itemReloads: Int = 0, itemMoves: Int = 0,
                sectionInserts: Int = 0, sectionDeletes: Int = 0, sectionReloads: Int = 0, sectionMoves: Int = 0,
                itemsPerInsertedSection: Int = 8) {
        self.itemInserts = itemInserts
        self.itemDeletes = itemDeletes
        self.itemReloads = itemReloads
        self.itemMoves = itemMoves
        self.sectionInserts = sectionInserts
        self.sectionDeletes = sectionDeletes
        self.sectionReloads = sectionReloads
        self.sectionMoves = sectionMoves
        self.itemsPerInsertedSection = itemsPerInsertedSection
    }

    /// The `edits` trace's mix: a few of every call, items more often than sections.
    public static let edits = BatchMix(itemInserts: 3, itemDeletes: 3, itemReloads: 2, itemMoves: 2,
                                       sectionInserts: 1, sectionDeletes: 1, sectionReloads: 1, sectionMoves: 1)
}

/// A valid batch drawn at random over the data's counts, with the counts its inserted and reloaded sections get.
public struct RandomBatch: Hashable, Sendable {
    /// The batch, its calls in a seeded order (UIKit ignores the order).
    public var batch: BatchUpdate
    /// The item counts of the inserted and reloaded sections, by ascending index after the batch: what
    /// ``LayoutModel/BatchUpdatePlan/apply(_:to:addedSectionCounts:)`` takes.
    public var addedSectionCounts: [Int]

    /// Draws a batch over `counts` that UIKit would accept, built by construction rather than by rejection:
    /// 1. section deletes, reloads and move sources are distinct old sections;
    /// 2. the inserted sections and the move destinations take distinct new indices, and the surviving sections
    ///    (reloads among them) fill the others in order;
    /// 3. item deletes, reloads and move sources are distinct old items of surviving, unreloaded sections;
    /// 4. in each such section after the batch, the inserts and move destinations take distinct new indices below
    ///    its new count.
    ///
    /// - Complexity: O(sections + named elements) for the draw's bookkeeping.
    public static func draw(over counts: ItemCounts, mix: BatchMix, using random: inout SeededGenerator)
        -> RandomBatch
    {
        let oldSections = counts.numberOfSections
        var operations: [UpdateOperation] = []
        // 1. Sections leaving the old space.
        var pool = Array(0..<oldSections)
        pool.shuffle(using: &random)
        func take(_ limit: Int) -> [Int] {
            let n = limit > 0 ? Int.random(in: 0...Swift.min(limit, pool.count), using: &random) : 0
            defer { pool.removeFirst(n) }
            return Array(pool.prefix(n)).sorted()
        }
        let deleted = take(mix.sectionDeletes), reloaded = take(mix.sectionReloads), movedFrom = take(mix.sectionMoves)
        let inserted = mix.sectionInserts > 0 ? Int.random(in: 0...mix.sectionInserts, using: &random) : 0
        let newSections = oldSections - deleted.count + inserted
        // 2. New indices for inserts and move destinations; survivors fill the rest, in order.
        var newIndices = Array(0..<newSections)
        newIndices.shuffle(using: &random)
        let added = Array(newIndices.prefix(inserted + movedFrom.count))
        var shuffledAdded = added
        shuffledAdded.shuffle(using: &random)
        let insertedAt = Array(shuffledAdded.prefix(inserted)).sorted()
        let movedTo = Array(shuffledAdded.dropFirst(inserted))
        let addedSet = Set(added)
        let leaving = Set(deleted).union(movedFrom)
        var newIndexOfOld = [Int](repeating: -1, count: oldSections)
        var next = 0
        for old in 0..<oldSections where !leaving.contains(old) {
            while addedSet.contains(next) { next += 1 }
            newIndexOfOld[old] = next
            next += 1
        }
        if !deleted.isEmpty { operations.append(.deleteSections(deleted)) }
        if !reloaded.isEmpty { operations.append(.reloadSections(reloaded)) }
        if !insertedAt.isEmpty { operations.append(.insertSections(insertedAt)) }
        for (from, to) in zip(movedFrom, movedTo) { operations.append(.moveSection(from: from, to: to)) }

        // 3. Items leaving the old space, in surviving, unreloaded sections that have items.
        let reloadedSet = Set(reloaded)
        let itemSections = (0..<oldSections).filter {
            newIndexOfOld[$0] >= 0 && !reloadedSet.contains($0) && counts.numberOfItems(inSection: $0) > 0
        }
        var removedByOld: [Int: Set<Int>] = [:]
        func drawOldItems(_ limit: Int) -> [ElementPath] {
            guard limit > 0, !itemSections.isEmpty else { return [] }
            var paths: [ElementPath] = []
            for _ in 0..<Int.random(in: 0...limit, using: &random) {
                let section = itemSections[Int.random(in: 0..<itemSections.count, using: &random)]
                let count = counts.numberOfItems(inSection: section)
                guard removedByOld[section, default: []].count < count else { continue }
                var item = Int.random(in: 0..<count, using: &random)
                while removedByOld[section, default: []].contains(item) { item = (item + 1) % count }
                removedByOld[section, default: []].insert(item)
                paths.append(ElementPath(section: section, item: item))
            }
            return paths.sorted()
        }
        let deletedItems = drawOldItems(mix.itemDeletes), reloadedItems = drawOldItems(mix.itemReloads)
        let movedItems = drawOldItems(mix.itemMoves)
        // 4. New indices for inserts and move destinations in the surviving, unreloaded sections.
        let targetSections = itemSections.isEmpty
            ? (0..<oldSections).filter { newIndexOfOld[$0] >= 0 && !reloadedSet.contains($0) } : itemSections
        var addedByOld: [Int: Int] = [:]
        var insertTargets: [Int] = []
        let insertCount = mix.itemInserts > 0 && !targetSections.isEmpty
            ? Int.random(in: 0...mix.itemInserts, using: &random) : 0
        for _ in 0..<insertCount {
            let section = targetSections[Int.random(in: 0..<targetSections.count, using: &random)]
            insertTargets.append(section)
            addedByOld[section, default: 0] += 1
        }
        var moveTargets: [Int] = []
        for _ in movedItems where !targetSections.isEmpty {
            let section = targetSections[Int.random(in: 0..<targetSections.count, using: &random)]
            moveTargets.append(section)
            addedByOld[section, default: 0] += 1
        }
        var freePositions: [Int: [Int]] = [:]
        for (old, addedCount) in addedByOld.sorted(by: { $0.key < $1.key }) {
            let newCount = counts.numberOfItems(inSection: old) - removedByOld[old, default: []].count
                + reloadedItems.filter { $0.section == old }.count + addedCount
            var positions = Array(0..<newCount)
            positions.shuffle(using: &random)
            freePositions[old] = Array(positions.prefix(addedCount))
        }
        func nextPosition(_ old: Int) -> ElementPath {
            let item = freePositions[old]!.removeLast()
            return ElementPath(section: newIndexOfOld[old], item: item)
        }
        let insertedItems = insertTargets.map(nextPosition).sorted()
        if !deletedItems.isEmpty { operations.append(.deleteItems(deletedItems)) }
        if !reloadedItems.isEmpty { operations.append(.reloadItems(reloadedItems)) }
        if !insertedItems.isEmpty { operations.append(.insertItems(insertedItems)) }
        for (from, old) in zip(movedItems, moveTargets) { operations.append(.moveItem(from: from, to: nextPosition(old))) }
        operations.shuffle(using: &random)

        // The counts of the inserted and reloaded sections, by ascending new index.
        var addedCounts: [(index: Int, count: Int)] = insertedAt.map {
            ($0, Int.random(in: 0...Swift.max(0, mix.itemsPerInsertedSection), using: &random))
        }
        for old in reloaded { addedCounts.append((newIndexOfOld[old], counts.numberOfItems(inSection: old))) }
        addedCounts.sort { $0.index < $1.index }
        return RandomBatch(batch: BatchUpdate(operations), addedSectionCounts: addedCounts.map(\.count))
    }
}
