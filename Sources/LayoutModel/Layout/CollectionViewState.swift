/// What a layout may read of its collection view: the bounds (whose origin is the content offset) and the data
/// source's counts. UIKit layouts read these through `collectionView`; here the host passes them in, so a layout can
/// be driven and tested without a view.
public struct CollectionViewState: Hashable, Sendable {
    /// The visible rect in content coordinates; its origin is the content offset.
    public var bounds: Rect
    /// The number of items in each section.
    public var counts: ItemCounts

    /// Creates a state from bounds and counts.
    public init(bounds: Rect, counts: ItemCounts) {
        self.bounds = bounds
        self.counts = counts
    }

    /// Creates the state of a grid: `sections` sections of `itemsPerSection` items each.
    public init(bounds: Rect, sections: Int, itemsPerSection: Int) {
        self.init(bounds: bounds, counts: .uniform(sections: sections, itemsPerSection: itemsPerSection))
    }

    /// The content offset, which is the origin of the bounds.
    @inlinable
    public var contentOffset: Point { bounds.origin }

    /// The number of sections.
    @inlinable
    public var numberOfSections: Int { counts.numberOfSections }

    /// The number of items in `section`.
    @inlinable
    public func numberOfItems(inSection section: Int) -> Int { counts.numberOfItems(inSection: section) }
}

/// The data source's item counts: the same count in every section (a grid), stored in O(1), or one count per section.
public enum ItemCounts: Hashable, Sendable {
    /// `sections` sections of `itemsPerSection` items each.
    case uniform(sections: Int, itemsPerSection: Int)
    /// One count per section.
    case perSection([Int])

    /// The number of sections.
    @inlinable
    public var numberOfSections: Int {
        switch self {
        case .uniform(let sections, _): sections
        case .perSection(let counts): counts.count
        }
    }

    /// The number of items in `section`.
    @inlinable
    public func numberOfItems(inSection section: Int) -> Int {
        switch self {
        case .uniform(_, let items): items
        case .perSection(let counts): counts[section]
        }
    }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1) for ``uniform(sections:itemsPerSection:)``, O(sections) otherwise.
    public var totalItems: Int {
        switch self {
        case let .uniform(sections, items): sections * items
        case let .perSection(counts): counts.reduce(0, +)
        }
    }

    /// The item count shared by every section, or `nil` when sections differ. An empty data source has 0.
    ///
    /// - Complexity: O(1) for ``uniform(sections:itemsPerSection:)``, O(sections) otherwise.
    public var uniformItemCount: Int? {
        switch self {
        case .uniform(let sections, let items): return sections == 0 ? 0 : items
        case .perSection(let counts):
            guard let first = counts.first else { return 0 }
            return counts.allSatisfy { $0 == first } ? first : nil
        }
    }
}
