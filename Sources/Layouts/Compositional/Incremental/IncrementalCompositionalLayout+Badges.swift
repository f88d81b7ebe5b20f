import LayoutModel

extension IncrementalCompositionalLayout {
    /// Asks the badging provider, if any, for every section's badges (B1-B7); empties the table otherwise.
    ///
    /// - Returns: the badge elements of every section (the elements recomputed).
    /// - Complexity: O(S) provider calls with a badging provider; O(1) otherwise.
    func refillBadges(count: Int) -> Int {
        guard let badging, badging.badgesSections else {
            if !badges.isEmpty { badges.removeAll() }
            return 0
        }
        let counts = itemCounts, templateOf = sectionTemplates
        return badges.fill(from: badging, count: count, environment: CompositionalEnvironment(containerSize: container),
                           templates: templates, slots: slots, templateOf: { Int(templateOf[$0]) },
                           itemsOf: { counts[$0] }, recordOf: { record($0) })
    }
}
