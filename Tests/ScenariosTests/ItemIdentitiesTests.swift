import LayoutModel
import Scenarios
import SeededRandom
import Testing

/// The app's item keys through batch updates: inserts and reloads bring new keys, deletes drop keys, moves keep them
/// (across sections too), section moves carry their items' keys; and sizes follow the keys.
@Suite struct ItemIdentitiesTests {
    /// A key, comparable (the API gives a tuple).
    struct Key: Hashable {
        var section: Int
        var item: Int
    }

    private func path(_ section: Int, _ item: Int) -> ElementPath { ElementPath(section: section, item: item) }

    /// Every key, section by section.
    private func keys(_ identities: ItemIdentities) -> [[Key]] {
        (0..<identities.numberOfSections).map { section in
            (0..<identities.numberOfItems(inSection: section)).map {
                let key = identities.key(section: section, item: $0)
                return Key(section: key.section, item: key.item)
            }
        }
    }

    /// Plans `operations` against `before` (the app's side) and applies the plan to `identities`.
    @discardableResult
    private func apply(_ operations: [UpdateOperation], to identities: ItemIdentities, counts before: [Int],
                       addedSectionCounts: [Int] = []) throws -> ItemCounts {
        var counts = ItemCounts.perSection(before)
        let plan = BatchUpdatePlan()
        try plan.apply(BatchUpdate(operations), to: &counts, addedSectionCounts: addedSectionCounts)
        identities.apply(plan, after: counts)
        return counts
    }

    private func k(_ section: Int, _ item: Int) -> Key { Key(section: section, item: item) }

    @Test func freshIdentitiesArePositions() {
        let identities = ItemIdentities(counts: .perSection([2, 0, 3]))
        #expect(keys(identities) == [[k(0, 0), k(0, 1)], [], [k(2, 0), k(2, 1), k(2, 2)]])
    }

    @Test func insertsGetNewKeysAndDeletesDropTheirs() throws {
        let identities = ItemIdentities(counts: .perSection([4, 2]))
        try apply([.deleteItems([path(0, 1)]), .insertItems([path(0, 0), path(1, 2)])], to: identities,
                  counts: [4, 2])
        let after = keys(identities)
        #expect(after[0].count == 4 && after[1].count == 3)
        #expect(Array(after[0][1...]) == [k(0, 0), k(0, 2), k(0, 3)])
        #expect(Array(after[1][..<2]) == [k(1, 0), k(1, 1)])
        let new = [after[0][0], after[1][2]]
        #expect(Set(new).count == 2)
        for key in new { #expect(!(0..<2).contains(key.section) || key.item >= 4) }
    }

    /// A move keeps the item's key, within a section and across sections.
    @Test func movesKeepTheirKeys() throws {
        let identities = ItemIdentities(counts: .perSection([3, 2]))
        try apply([.moveItem(from: path(0, 0), to: path(1, 2)), .moveItem(from: path(1, 1), to: path(1, 0))],
                  to: identities, counts: [3, 2])
        #expect(keys(identities) == [[k(0, 1), k(0, 2)], [k(1, 1), k(1, 0), k(0, 0)]])
        // And again: the moved key moves back.
        try apply([.moveItem(from: path(1, 2), to: path(0, 1))], to: identities, counts: [2, 3])
        #expect(keys(identities) == [[k(0, 1), k(0, 0), k(0, 2)], [k(1, 1), k(1, 0)]])
    }

    /// A reload is new content: a new key at the same place.
    @Test func reloadsGetNewKeys() throws {
        let identities = ItemIdentities(counts: .perSection([3]))
        try apply([.reloadItems([path(0, 1)])], to: identities, counts: [3])
        let after = keys(identities)[0]
        #expect(after[0] == k(0, 0) && after[2] == k(0, 2))
        #expect(after[1] != k(0, 1) && after[1].item >= 3)
    }

    /// Section moves carry their items' keys; inserted and reloaded sections get new section keys.
    @Test func sectionMovesCarryKeysAndNewSectionsGetNewKeys() throws {
        let identities = ItemIdentities(counts: .perSection([2, 1, 2]))
        try apply([.moveItem(from: path(0, 1), to: path(0, 0))], to: identities, counts: [2, 1, 2])
        try apply([.moveSection(from: 0, to: 2), .reloadSections([2]), .insertSections([0])], to: identities,
                  counts: [2, 1, 2], addedSectionCounts: [1, 2])
        // New sections: N0 (inserted), s1, s0 (moved), s2 (reloaded: new content).
        let after = keys(identities)
        #expect(after.count == 4)
        #expect(after[1] == [k(1, 0)])
        #expect(after[2] == [k(0, 1), k(0, 0)])
        let newSections = [after[0], after[3]].map { Set($0.map(\.section)) }
        #expect(newSections[0].count == 1 && newSections[1].count == 1)
        #expect(newSections[0].isDisjoint(with: [0, 1, 2]) && newSections[1].isDisjoint(with: [0, 1, 2]))
        #expect(newSections[0] != newSections[1])
        #expect(after[0].count == 1 && after[3].count == 2)
    }

    /// Deleting every item, then inserting again, then deleting sections: counts and keys stay consistent.
    @Test func emptyingASection() throws {
        let identities = ItemIdentities(counts: .perSection([2, 1]))
        try apply([.deleteItems([path(0, 0), path(0, 1)])], to: identities, counts: [2, 1])
        #expect(keys(identities) == [[], [k(1, 0)]])
        try apply([.moveItem(from: path(1, 0), to: path(0, 0))], to: identities, counts: [0, 1])
        #expect(keys(identities) == [[k(1, 0)], []])
        try apply([.deleteSections([0, 1])], to: identities, counts: [1, 0])
        #expect(identities.numberOfSections == 0)
    }

    /// Over seeded random batches, each surviving item's key is where the plan says it goes (`newPath(forOld:)`),
    /// and every other item has a key never seen before.
    @Test(arguments: [UInt64(1), 2, 3])
    func keysFollowThePlan(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var counts = ItemCounts.perSection([3, 0, 5, 1, 7, 2])
        let identities = ItemIdentities(counts: counts)
        var seen = Set(keys(identities).joined())
        let plan = BatchUpdatePlan()
        for _ in 0..<150 {
            let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
            var after = counts
            try plan.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            let before = keys(identities)
            identities.apply(plan, after: after)
            let now = keys(identities)
            #expect(now.map(\.count) == (0..<after.numberOfSections).map { after.numberOfItems(inSection: $0) })
            var carried = Set<ElementPath>()
            for section in before.indices {
                for item in before[section].indices {
                    guard let new = plan.newPath(forOld: path(section, item)) else { continue }
                    #expect(now[new.section][new.item] == before[section][item])
                    carried.insert(new)
                }
            }
            for section in now.indices {
                for item in now[section].indices where !carried.contains(path(section, item)) {
                    #expect(!seen.contains(now[section][item]))
                }
            }
            seen.formUnion(now.joined())
            counts = after
            if counts.numberOfSections == 0 { return }
        }
    }

    /// With identities, each item has its key's size (``KeyedGridSizes``): an item moved keeps its size, and a
    /// fresh item has the size its key would have had anywhere.
    @Test(arguments: SizeDistribution.allCases)
    func sizesFollowKeys(distribution: SizeDistribution) throws {
        var content = ContentSpec(sections: 3, itemsPerSection: 4, sizes: distribution, seed: 5)
        let plain = content.makeSizes()
        let identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        let keyed = content.makeSizeProvider()
        #expect(keyed is KeyedGridSizes)
        #expect(keyed.size(row: 2, column: 3) == plain.size(row: 2, column: 3))
        try apply([.moveItem(from: path(0, 3), to: path(2, 0)), .deleteItems([path(1, 0)]),
                   .insertItems([path(1, 3)])], to: identities, counts: [4, 4, 4])
        for section in 0..<3 {
            for item in 0..<identities.numberOfItems(inSection: section) {
                let key = identities.key(section: section, item: item)
                #expect(keyed.size(row: section, column: item) == plain.size(row: key.section, column: key.item))
            }
        }
        // Without identities, the plain sizes themselves: a run without updates pays nothing for keys.
        content.identities = nil
        #expect(content.makeSizeProvider() is GridSizes)
    }
}
