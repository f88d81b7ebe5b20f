import LayoutModel

/// The direction a flow layout scrolls in, as `UICollectionView.ScrollDirection`.
public enum FlowScrollDirection: String, CaseIterable, Sendable, Codable {
    /// Lines are rows stacked top to bottom; items flow left to right within a row.
    case vertical
    /// Lines are columns stacked left to right; items flow top to bottom within a column.
    case horizontal
}

/// How a flow layout places the items of a line along it.
public enum FlowAlignment: String, CaseIterable, Sendable, Codable {
    /// `UICollectionViewFlowLayout`'s own rule: leftover space widens the gaps of a full line, a line holding a
    /// single item is centred, and the last line is spaced as if it were full (see `Guides/FlowLayout.md`).
    case justified
    /// Every line starts at the section's leading inset and items follow at `minimumInteritemSpacing`, as the
    /// common left-aligned subclasses do.
    case left
}

/// Where a flow layout's headers go when the content scrolls.
public enum FlowHeaderPinning: Sendable, Hashable {
    /// Headers and footers scroll with their sections.
    case none
    /// `sectionHeadersPinToVisibleBounds` / `sectionFootersPinToVisibleBounds`: a header sticks to the leading edge
    /// of the bounds while its section is in view and is pushed off by the end of its section; a footer likewise
    /// sticks to the trailing edge.
    case visibleBounds(headers: Bool, footers: Bool)
    /// The global-header layout: section 0's header is always at the top of the bounds and stretches when the
    /// content is pulled below its top; every other header pins below it.
    case globalHeader
}

/// The metrics a flow layout asks its delegate for, per section, as `UICollectionViewDelegateFlowLayout`'s
/// `insetForSectionAt`, `minimumLineSpacingForSectionAt`, `minimumInteritemSpacingForSectionAt` and
/// `referenceSizeForHeaderInSection` / `referenceSizeForFooterInSection`.
public struct FlowSectionMetrics: Hashable, Sendable {
    /// `sectionInset`: space around the section's items (not around its header and footer).
    public var sectionInset: EdgeInsets
    /// `minimumLineSpacing`: space between successive lines.
    public var minimumLineSpacing: Double
    /// `minimumInteritemSpacing`: the least space between items of one line.
    public var minimumInteritemSpacing: Double
    /// `headerReferenceSize`: only its extent along the scroll axis is used (height when vertical); zero means no
    /// header.
    public var headerReferenceSize: Size
    /// `footerReferenceSize`: as the header's.
    public var footerReferenceSize: Size

    /// Creates metrics; the defaults are `UICollectionViewFlowLayout`'s (spacings 10, no insets, no header or
    /// footer).
    public init(sectionInset: EdgeInsets = .zero, minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10,
                headerReferenceSize: Size = .zero, footerReferenceSize: Size = .zero) {
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }
}

/// Supplies a flow layout's per-section metrics, as the flow layout delegate does.
public protocol FlowMetricsProvider: Sendable {
    /// The metrics of `section`.
    func metrics(forSection section: Int) -> FlowSectionMetrics
}

/// The same metrics for every section: the flow layout's own properties with no delegate.
public struct UniformFlowMetrics: FlowMetricsProvider {
    /// The metrics.
    public var metrics: FlowSectionMetrics
    /// Wraps `metrics`.
    public init(_ metrics: FlowSectionMetrics) { self.metrics = metrics }
    /// ``metrics``, whatever the section.
    public func metrics(forSection section: Int) -> FlowSectionMetrics { metrics }
}

/// Per-section metrics from a closure, for tests and callers that vary them by section.
public struct FlowMetricsClosure: FlowMetricsProvider {
    private let body: @Sendable (Int) -> FlowSectionMetrics
    /// Wraps `body`, called once per section on each rebuild.
    public init(_ body: @escaping @Sendable (Int) -> FlowSectionMetrics) { self.body = body }
    /// `body(section)`.
    public func metrics(forSection section: Int) -> FlowSectionMetrics { body(section) }
}

/// Where a flow layout's item sizes come from.
public enum FlowItemSizing: Sendable {
    /// `itemSize`: every item the same size.
    case uniform(Size)
    /// `sizeForItemAt`: the provider's size of (row: section, column: item).
    case provider(any GridSizeProvider)
}

/// Everything that shapes a ``FlowLayout``.
public struct FlowConfiguration: Sendable {
    /// The scroll direction.
    public var scrollDirection: FlowScrollDirection
    /// Item sizes.
    public var itemSizing: FlowItemSizing
    /// Per-section metrics.
    public var metrics: any FlowMetricsProvider
    /// How items are placed along a line.
    public var alignment: FlowAlignment
    /// Header and footer pinning.
    public var pinning: FlowHeaderPinning

    /// Creates a configuration.
    public init(scrollDirection: FlowScrollDirection = .vertical, itemSizing: FlowItemSizing,
                metrics: any FlowMetricsProvider = UniformFlowMetrics(FlowSectionMetrics()),
                alignment: FlowAlignment = .justified, pinning: FlowHeaderPinning = .none) {
        self.scrollDirection = scrollDirection
        self.itemSizing = itemSizing
        self.metrics = metrics
        self.alignment = alignment
        self.pinning = pinning
    }
}
