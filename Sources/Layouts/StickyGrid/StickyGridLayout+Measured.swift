import LayoutModel
import RectIndex

extension RectQueryStrategy {
    /// This strategy as a sticky-grid query variant, named by its raw value and tagged by its position in
    /// `RectQueryStrategy/allCases`.
    public var queryVariant: QueryVariant {
        let tag = RectQueryStrategy.allCases.firstIndex(of: self) ?? 0
        switch self {
        case .linearScan:
            return QueryVariant(name: rawValue, summary: "the seeds' double loop: every cell tested, O(R x C)",
                                testsEveryElement: true, tag: tag)
        case .rowBuckets:
            return QueryVariant(name: rawValue, summary: "fixed-height row buckets, then every cell of those rows",
                                tag: tag)
        case .binarySearch:
            // One literal: building the variant (as `activeVariant` does) never concatenates strings.
            return QueryVariant(
                name: rawValue,
                summary: "binary search over rows, then over each row's columns (WWDC 2018), O(log R + rows x log C + k)",
                tag: tag)
        case .prefixSums:
            return QueryVariant(
                name: rawValue,
                summary: "uniform or separable sizes only: binary searches over row and column offsets, O(log R + log C + k)",
                tag: tag)
        }
    }

    /// The strategy a sticky-grid variant names, found by its tag: a query pays no string comparison (the name is
    /// checked in debug builds only).
    @inline(__always)
    init(_ variant: QueryVariant) {
        switch variant.tag {
        case 0: self = .linearScan
        case 1: self = .rowBuckets
        case 2: self = .binarySearch
        case 3: self = .prefixSums
        default: preconditionFailure("\(variant) is not a sticky-grid query variant")
        }
        assert(rawValue == variant.name, "\(variant) is not a sticky-grid query variant")
    }
}

extension StickyGridLayout {
    /// Every ``RectIndex/RectQueryStrategy`` the layout can answer with: prefix sums only where the sizes are separable
    /// (or the storage is prefix sums). The linear scan is the reference.
    public var queryVariants: [QueryVariant] {
        (offersPrefixSums ? RectQueryStrategy.allCases : RectQueryStrategy.perCellStrategies).map(\.queryVariant)
    }

    /// The linear scan, which every strategy must equal.
    public var referenceVariant: QueryVariant { RectQueryStrategy.linearScan.queryVariant }

    /// ``strategy`` as a variant.
    public var activeVariant: QueryVariant {
        get { strategy.queryVariant }
        set {
            let strategy = RectQueryStrategy(newValue)
            precondition(strategy != .prefixSums || offersPrefixSums,
                         "prefix-sums is unavailable for per-cell sizes: this sticky grid's sizes are not separable")
            self.strategy = strategy
        }
    }

    /// The cells in `rect`, found with the strategy `variant` names, pinned cells searched too.
    ///
    /// - Complexity: that of the strategy.
    @discardableResult
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        attributesForElements(in: rect, into: &buffer, using: RectQueryStrategy(variant))
    }

    /// The store's requested bytes, and the axes' when they are kept beside it.
    public var attributeBytes: Int {
        store.requestedBytes + (axes.map { $0 === store ? 0 : $0.requestedBytes } ?? 0)
    }

    /// A cell in a sticky row or a sticky column: its zIndex is above ``ZIndex/plain``.
    public func isPinned(_ attributes: LayoutAttributes) -> Bool { attributes.zIndex != ZIndex.plain }
}
