import LayoutModel
import Layouts
import SeededRandom

/// The data source of a workload, independent of the layout that arranges it: how many sections, how many items in
/// each, how items are sized, and the seed.
///
/// A grid reads sections as rows and items as columns; a flow or compositional layout reads them as they are.
public struct ContentSpec: Hashable, Sendable {
    /// The number of sections (a grid's rows).
    public var sections: Int
    /// The items in every section, or, with ``CountDistribution/varied``, their mean (a grid's columns).
    public var itemsPerSection: Int
    /// Whether every section has ``itemsPerSection`` items, or a seeded count of its own.
    public var counts: CountDistribution
    /// How items are sized.
    public var sizes: SizeDistribution
    /// The seed for sizes, counts, traces and queries.
    public var seed: UInt64
    /// The app's item identities once batch updates have moved items (a trace's data model sets them), or `nil`:
    /// ``makeSizeProvider()`` asks sizes through them, so a layout built from this spec sizes each item by its key.
    public var identities: ItemIdentities?
    /// Self-sizing items (an estimate, and the sizes cells fit as they come on screen), or `nil`: sizes are final.
    public var selfSizing: SelfSizingSpec?

    /// The most items LayoutBench builds: 10^8, as 10000 sections of 10000 items.
    public static let maximumItems = 100_000_000

    /// Creates a content spec.
    public init(sections: Int, itemsPerSection: Int, counts: CountDistribution = .uniform,
                sizes: SizeDistribution = .uniform, seed: UInt64 = 1, selfSizing: SelfSizingSpec? = nil) {
        self.sections = sections
        self.selfSizing = selfSizing
        self.itemsPerSection = itemsPerSection
        self.counts = counts
        self.sizes = sizes
        self.seed = seed
    }

    /// Why this content cannot be built, in one line, or `nil` if it can.
    public var problem: String? {
        if sections <= 0 { return "rows must be a positive integer, got \(sections)" }
        if itemsPerSection <= 0 {
            return "columns must be a positive integer, got \(itemsPerSection)"
        }
        let (items, overflow) = sections.multipliedReportingOverflow(by: counts.largestCount(mean: itemsPerSection))
        if overflow || items > Self.maximumItems {
            return "\(sections) x \(itemsPerSection)\(counts == .varied ? " (varied, up to twice as many)" : "") is "
                + "more than the \(Self.maximumItems) items (10000 x 10000) LayoutBench supports"
        }
        if let problem = selfSizing?.problem { return problem }
        return nil
    }

    /// `SECTIONSxITEMS`, with `-varied` when counts vary per section: the content's part of a workload id.
    public var dimensions: String {
        "\(sections)x\(itemsPerSection)" + (counts == .uniform ? "" : "-\(counts.rawValue)")
    }

    /// The item counts of this content.
    ///
    /// - Complexity: O(1) for uniform counts, O(sections) for varied ones.
    public var itemCounts: ItemCounts { itemCounts(sections: sections, itemsPerSection: itemsPerSection) }

    /// The item counts of this content resized to `sections` sections of `itemsPerSection` items (or that mean), as a
    /// data-source change in a trace leaves it. Varied counts are a hash of (seed, section), so a section keeps its
    /// count when sections are inserted after it.
    public func itemCounts(sections: Int, itemsPerSection: Int) -> ItemCounts {
        switch counts {
        case .uniform: return .uniform(sections: sections, itemsPerSection: itemsPerSection)
        case .varied:
            let span = UInt64(2 * itemsPerSection + 1)
            return .perSection((0..<sections).map { section in
                Int(SplitMix64.mix(seed ^ 0xC0_0A75 ^ UInt64(section) &* 0x9E37_79B9_7F4A_7C15) % span)
            })
        }
    }

    /// The total number of items.
    ///
    /// - Complexity: O(1) for uniform counts, O(sections) for varied ones.
    public var itemCount: Int { itemCounts.totalItems }

    /// The size provider: item `item` of section `section` has the size of the grid cell at that row and column.
    public func makeSizes() -> GridSizes {
        GridSizes(sizes, rows: sections, columns: counts.largestCount(mean: itemsPerSection), seed: seed)
    }

    /// The sizes a layout of this content asks for: ``makeSizes()``, through ``identities`` when a trace's data model
    /// has set them (``KeyedGridSizes``), so that an item keeps its size wherever a batch moves it.
    public func makeSizeProvider() -> any GridSizeProvider {
        guard let identities else { return makeSizes() }
        return KeyedGridSizes(makeSizes(), identities: identities)
    }

    /// The cells of self-sizing content, items known through ``identities`` when set; `nil` when sizes are final.
    public func makeItemFitting() -> SelfSizingFitting? {
        selfSizing.map { SelfSizingFitting(seed: seed, spec: $0, identities: identities) }
    }

    /// The collection view state of this content with the bounds at `contentOffset`.
    public func state(contentOffset: Point, viewport: Size) -> CollectionViewState {
        CollectionViewState(bounds: Rect(origin: contentOffset, size: viewport), counts: itemCounts)
    }
}

/// How many items each section of a ``ContentSpec`` has.
public enum CountDistribution: String, CaseIterable, Sendable, Codable {
    /// Every section has the same count: a grid.
    case uniform
    /// Each section has a seeded count from 0 to twice the mean, empty sections included, as feeds and
    /// sectioned lists have.
    case varied

    /// The largest count a section can have for `mean` items per section.
    public func largestCount(mean: Int) -> Int {
        switch self {
        case .uniform: mean
        case .varied: mean.multipliedReportingOverflow(by: 2).overflow ? .max : 2 * mean
        }
    }
}
