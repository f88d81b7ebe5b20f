extension ItemCounts {
    /// Applies a planned batch's steps to the counts in place, each inserted section taking its count from `after`.
    /// Uniform counts become one count per section (one allocation, the first time); after that a batch of item
    /// steps changes the counts in place without allocating.
    ///
    /// - Complexity: O(steps), plus O(sections) for each section step and for the first conversion.
    public mutating func apply(_ plan: BatchUpdatePlan, after: ItemCounts) {
        var counts: [Int]
        switch self {
        case let .perSection(existing): counts = existing
        case let .uniform(sections, items): counts = [Int](repeating: items, count: sections)
        }
        self = .uniform(sections: 0, itemsPerSection: 0)  // drops the enum's reference: `counts` is unique
        plan.apply(to: &counts, after: after)
        self = .perSection(counts)
    }

    /// The same counts held one per section, so that later batches change them in place.
    ///
    /// - Complexity: O(sections).
    public var perSection: ItemCounts {
        switch self {
        case .perSection: self
        case let .uniform(sections, items): .perSection([Int](repeating: items, count: sections))
        }
    }
}
