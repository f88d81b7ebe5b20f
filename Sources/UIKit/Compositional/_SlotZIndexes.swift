/// The z-indexes a custom group's item provider gave its items (`NSCollectionLayoutGroupCustomItem(frame:zIndex:)`,
/// Guides/UIKitCompositional.md C5), per section, by slot of the section's flattened group: the layout answers a
/// cell's z-index from here, since the engine lays every cell out at 0. Empty, and asked nothing, while every custom
/// item is at 0.
package struct SlotZIndexes {
    /// `init(section:)`'s slots' z-indexes, when any is not 0.
    private var uniform: [Int]?
    /// The provider's sections' slots' z-indexes, by section (only the sections that have one other than 0).
    private var perSection: [Int: [Int]] = [:]

    /// None.
    package init() {}

    /// Whether no section has a z-index other than 0: the one test an answer pays.
    package private(set) var isEmpty = true

    /// Records the slots' z-indexes of `section` (of every section for `init(section:)`, `uniform`).
    package mutating func record(_ zIndexes: [Int], section: Int, uniform isUniform: Bool) {
        if isUniform { uniform = zIndexes } else { perSection[section] = zIndexes }
        isEmpty = false
    }

    /// Forgets every section's.
    package mutating func removeAll() {
        guard !isEmpty else { return }
        uniform = nil
        perSection.removeAll()
        isEmpty = true
    }

    /// The z-index of item `item` of `section`: its slot's (the item's place in its group, the groups repeating the
    /// slots), or `nil` when its section's slots are all at 0.
    ///
    /// - Complexity: O(1).
    package func zIndex(section: Int, item: Int) -> Int? {
        guard let slots = uniform ?? perSection[section], !slots.isEmpty, item >= 0 else { return nil }
        return slots[item % slots.count]
    }
}
