import LayoutModel
import Layouts
import Scenarios

/// The smallest complete ``MeasuredLayout``: a vertical list. Each section is a header (a supplementary element of
/// kind `header`, ``headerHeight`` tall, absent from empty sections) followed by its items, one per line, full
/// width, as tall as the content's size provider says.
///
/// It exists to test the harness and the conformance checker on something that is not the sticky grid: per-section
/// counts, supplementary elements, and two query variants, `scan` (the reference: every element tested) and
/// `search` (a binary search over the elements' tops, then a walk).
package final class MinimalListLayout: MeasuredLayout {
    /// The header height.
    package static let headerHeight = 30.0
    /// The list's width.
    package static let width = 320.0
    /// The kind of its section headers, a custom kind registered once.
    package static let headerKind = ElementKind.supplementary("header")

    let sizes: GridSizes
    private(set) var attributes: [LayoutAttributes] = []
    private var firstIndexOfSection: [Int] = []
    private var itemIndexOffsetInSection: [Int] = []
    private var needsRebuild = true
    package private(set) var contentSize: Size = .zero
    package var activeVariant: QueryVariant

    package init(sizes: GridSizes) {
        self.sizes = sizes
        activeVariant = Self.variants[1]
    }

    package static let variants = [
        QueryVariant(name: "scan", summary: "every element tested", testsEveryElement: true, tag: 0),
        QueryVariant(name: "search", summary: "binary search over tops, then a walk", tag: 1),
    ]

    package var queryVariants: [QueryVariant] { Self.variants }
    package var referenceVariant: QueryVariant { Self.variants[0] }

    package func prepare(in state: CollectionViewState) -> PreparationWork {
        guard needsRebuild else { return .none }
        needsRebuild = false
        attributes.removeAll(keepingCapacity: true)
        firstIndexOfSection.removeAll(keepingCapacity: true)
        itemIndexOffsetInSection.removeAll(keepingCapacity: true)
        var y = 0.0, sizeQueries = 0
        for section in 0..<state.numberOfSections {
            let items = state.numberOfItems(inSection: section)
            firstIndexOfSection.append(attributes.count)
            if items > 0 {
                attributes.append(LayoutAttributes(
                    frame: Rect(x: 0, y: y, width: Self.width, height: Self.headerHeight),
                    path: ElementPath(section: section, item: 0), kind: Self.headerKind))
                y += Self.headerHeight
            }
            itemIndexOffsetInSection.append(attributes.count)
            for item in 0..<items {
                let height = sizes.size(row: section, column: item).height.rounded(.up)
                sizeQueries += 1
                attributes.append(LayoutAttributes(frame: Rect(x: 0, y: y, width: Self.width, height: height),
                                                   path: ElementPath(section: section, item: item)))
                y += height
            }
        }
        contentSize = Size(width: Self.width, height: y)
        return PreparationWork(recomputedElements: attributes.count, sizeQueries: sizeQueries)
    }

    package func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        _ = attributesForElements(in: rect, into: &buffer, using: activeVariant)
    }

    package func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                       using variant: QueryVariant) -> Int {
        buffer.removeAll(keepingCapacity: true)
        if variant.tag == 0 {
            for element in attributes where element.frame.intersects(rect) { buffer.append(element) }
            return attributes.count
        }
        // The first element whose bottom is at or below the rect's top (touching edges intersect).
        var low = 0, high = attributes.count
        while low < high {
            let mid = (low + high) / 2
            if attributes[mid].frame.maxY < rect.minY { low = mid + 1 } else { high = mid }
        }
        var tested = 0
        var index = low
        while index < attributes.count && attributes[index].frame.minY <= rect.maxY {
            tested += 1
            if attributes[index].frame.intersects(rect) { buffer.append(attributes[index]) }
            index += 1
        }
        return tested
    }

    package func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < itemIndexOffsetInSection.count, path.item >= 0 else { return nil }
        let index = itemIndexOffsetInSection[path.section] + path.item
        let end = path.section + 1 < firstIndexOfSection.count ? firstIndexOfSection[path.section + 1] : attributes.count
        return index < end ? attributes[index] : nil
    }

    package func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard kind == Self.headerKind, path.item == 0, path.section >= 0,
              path.section < firstIndexOfSection.count,
              firstIndexOfSection[path.section] != itemIndexOffsetInSection[path.section]
        else { return nil }
        return attributes[firstIndexOfSection[path.section]]
    }

    package func invalidate(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics {
            needsRebuild = true
        }
    }

    /// A size change changes nothing in a list of fixed width, so no bounds change invalidates.
    package func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool { false }

    package var attributeBytes: Int {
        attributes.capacity * MemoryLayout<LayoutAttributes>.stride + (firstIndexOfSection.capacity
            + itemIndexOffsetInSection.capacity) * MemoryLayout<Int>.stride
    }

    package func isPinned(_ attributes: LayoutAttributes) -> Bool { false }
}

/// The family of ``MinimalListLayout``, for catalog tests; it takes per-section counts.
package struct MinimalListFamily: LayoutFamily {
    package init() {}
    package static let name = "minimal-list"
    package static let summary = "a vertical list with section headers (test support)"
    package static var queryVariants: [QueryVariant] { MinimalListLayout.variants }
    package var idComponent: String { "minimal-list" }
    package func problem(for content: ContentSpec) -> String? { nil }
    package func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        let (items, overflow) = content.sections.multipliedReportingOverflow(
            by: content.counts.largestCount(mean: content.itemsPerSection) + 1)
        return overflow ? .max : items.multipliedReportingOverflow(by: 2 * MemoryLayout<LayoutAttributes>.stride).partialValue
    }
    package func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        MinimalListLayout(sizes: request.content.makeSizes())
    }
}
