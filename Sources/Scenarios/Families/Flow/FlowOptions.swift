import LayoutModel
import Layouts

/// The parameters the flow families share: what a `UICollectionViewFlowLayout` is configured with.
public struct FlowOptions: Hashable, Sendable {
    /// The scroll direction.
    public var scrollDirection: FlowScrollDirection
    /// Whether section headers pin to the visible bounds.
    public var pinHeaders: Bool
    /// Whether section footers pin to the visible bounds.
    public var pinFooters: Bool
    /// The header's extent along the scroll axis (its height when vertical); 0 means no headers.
    public var headerHeight: Double
    /// The footer's extent along the scroll axis; 0 means no footers.
    public var footerHeight: Double
    /// `minimumLineSpacing` and `minimumInteritemSpacing`.
    public var spacing: Double
    /// `sectionInset`, the same on every edge.
    public var inset: Double

    /// Creates options; the defaults are a vertical flow with 40-point pinned headers, 20-point footers, spacing 10
    /// and insets 8.
    public init(scrollDirection: FlowScrollDirection = .vertical, pinHeaders: Bool = true, pinFooters: Bool = false,
                headerHeight: Double = 40, footerHeight: Double = 20, spacing: Double = 10, inset: Double = 8) {
        self.scrollDirection = scrollDirection
        self.pinHeaders = pinHeaders
        self.pinFooters = pinFooters
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.spacing = spacing
        self.inset = inset
    }

    /// The parameters as a suite file gives them, in a family whose options are at `options`.
    static func parameters<Family>(at options: WritableKeyPath<Family, FlowOptions>) -> [FamilyParameter<Family>] {
        [.init("scrollDirection", options.appending(path: \.scrollDirection), help: "vertical or horizontal"),
         .init("pinHeaders", options.appending(path: \.pinHeaders), help: "sectionHeadersPinToVisibleBounds"),
         .init("pinFooters", options.appending(path: \.pinFooters), help: "sectionFootersPinToVisibleBounds"),
         .init("headerHeight", options.appending(path: \.headerHeight),
               help: "header extent along the scroll axis; 0 for none"),
         .init("footerHeight", options.appending(path: \.footerHeight),
               help: "footer extent along the scroll axis; 0 for none"),
         .init("spacing", options.appending(path: \.spacing), help: "minimumLineSpacing and minimumInteritemSpacing"),
         .init("inset", options.appending(path: \.inset), help: "sectionInset on every edge")]
    }

    /// The options' part of an id: direction, header and footer extents, pinning, spacing and inset.
    var idSuffix: String {
        "-\(scrollDirection == .vertical ? "v" : "h")-hd\(headerHeight.shortText)\(pinHeaders ? "p" : "")"
            + "-ft\(footerHeight.shortText)\(pinFooters ? "p" : "")-sp\(spacing.shortText)-in\(inset.shortText)"
    }

    /// Why the options cannot lay out `content`, or `nil`: every length from 0 to
    /// ``LayoutLimits/maximumContentExtent``, room for items in a line, and the content's extent along the scroll
    /// axis (bounded above as if every item took a line of its own) within the limit. `extraExtent` is added along the
    /// scroll axis (the global header).
    func problem(for content: ContentSpec, family: String = "flow", extraExtent: Double = 0) -> String? {
        for (name, value) in [("headerHeight", headerHeight), ("footerHeight", footerHeight), ("spacing", spacing),
                              ("inset", inset)] {
            if let problem = LayoutLimits.lengthProblem(family: family, name: name, value: value) { return problem }
        }
        if inset * 2 >= 300 { return "\(family) inset \(inset.shortText) leaves no room for items in a 320-point line" }
        let largest = GridSizes.maximumCellSize(of: content.sizes)
        let along = scrollDirection == .vertical ? largest.height : largest.width
        let extent = extraExtent + Double(content.sections) * (headerHeight + footerHeight + 2 * inset)
            + LayoutLimits.itemUpperBound(content) * (along + spacing)
        return LayoutLimits.extentProblem(family: family, extent: extent, axis: "scroll axis",
                                          parameters: "headerHeight, footerHeight, spacing, inset")
    }

    /// The metrics every section gets.
    var sectionMetrics: FlowSectionMetrics {
        let vertical = scrollDirection == .vertical
        let header = vertical ? Size(width: 0, height: headerHeight) : Size(width: headerHeight, height: 0)
        let footer = vertical ? Size(width: 0, height: footerHeight) : Size(width: footerHeight, height: 0)
        return FlowSectionMetrics(sectionInset: EdgeInsets(top: inset, left: inset, bottom: inset, right: inset),
                                  minimumLineSpacing: spacing, minimumInteritemSpacing: spacing,
                                  headerReferenceSize: header, footerReferenceSize: footer)
    }

    /// The configuration of a layout of `content`: `itemSize` for uniform content, the size provider (as
    /// `sizeForItemAt`) otherwise.
    func configuration(for content: ContentSpec, alignment: FlowAlignment, pinning: FlowHeaderPinning? = nil)
        -> FlowConfiguration
    {
        let sizing: FlowItemSizing = content.sizes == .uniform ? .uniform(GridSizes.uniformSize)
            : .provider(content.makeSizeProvider())
        return FlowConfiguration(scrollDirection: scrollDirection, itemSizing: sizing,
                                 metrics: UniformFlowMetrics(sectionMetrics), alignment: alignment,
                                 pinning: pinning ?? .visibleBounds(headers: pinHeaders, footers: pinFooters))
    }

    /// A conservative estimate of a prepared layout's bytes: per item its 32-byte frame (plus `perItemExtra`), per
    /// line 24 bytes twice over (the lines array grows by doubling) with lines counted as if the narrowest viewport
    /// (a phone's 390 points, across the scroll axis) held as few of the largest items as it can, per section its
    /// record twice over, plus an eighth. `Int.max` on overflow.
    func estimatedBytes(for content: ContentSpec, perItemExtra: Int = 0) -> Int {
        let largest = content.makeSizes().maximumCellSize
        let along = scrollDirection == .vertical ? largest.width : largest.height
        let cross = scrollDirection == .vertical ? 390.0 : 844.0
        let perLine = Swift.max(1, Int(((cross - 2 * inset + spacing) / (along + spacing)).rounded(.down)))
        let (items, o1) = content.sections.multipliedReportingOverflow(
            by: content.counts.largestCount(mean: content.itemsPerSection))
        guard !o1 else { return .max }
        let linesUpperBound = items / perLine + content.sections
        let (itemBytes, o2) = items.multipliedReportingOverflow(by: MemoryLayout<Rect>.stride + perItemExtra)
        let (lineBytes, o3) = linesUpperBound.multipliedReportingOverflow(by: 2 * MemoryLayout<FlowLineRecord>.stride)
        let (sectionBytes, o4) = content.sections.multipliedReportingOverflow(
            by: 2 * MemoryLayout<FlowSectionRecord>.stride)
        guard !(o2 || o3 || o4) else { return .max }
        let (sum, o5) = itemBytes.addingReportingOverflow(lineBytes)
        let (total, o6) = sum.addingReportingOverflow(sectionBytes)
        guard !(o5 || o6) else { return .max }
        let (padded, o7) = total.addingReportingOverflow(total / 8 + (1 << 16))
        return o7 ? .max : padded
    }
}

extension Double {
    /// The shortest text that reads back as this value: `8` rather than `8.0`.
    var shortText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}
