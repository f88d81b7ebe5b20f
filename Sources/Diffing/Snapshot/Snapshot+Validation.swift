extension Snapshot {
    /// Checks that every section identifier and every item identifier appears once, and that every section has one
    /// content per item.
    ///
    /// The diff refuses a duplicate among the sections and among the items it hashes (those of the sections that
    /// changed); a duplicate between an unchanged section and a changed one is found only here, so a snapshot built
    /// from untrusted data is validated once, when it is built.
    ///
    /// - Throws: ``SnapshotError`` naming the first duplicate, in section order then item order.
    /// - Complexity: O(sections + items).
    @inlinable
    public func validate() throws(SnapshotError) {
        var sectionSeen = Set<SectionIdentifier>(minimumCapacity: sections.count)
        var itemSeen = Set<ItemIdentifier>(minimumCapacity: numberOfItems)
        for (index, section) in sections.enumerated() {
            guard sectionSeen.insert(section.identifier).inserted else {
                throw .duplicateSection(String(describing: section.identifier))
            }
            guard section.items.count == section.contents.count else {
                throw .contentCountMismatch(section: index, items: section.items.count,
                                            contents: section.contents.count)
            }
            for item in section.items where !itemSeen.insert(item).inserted {
                throw .duplicateItem(String(describing: item), section: index)
            }
        }
    }
}
