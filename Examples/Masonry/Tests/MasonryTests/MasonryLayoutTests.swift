import LayoutModel
import Layouts
import Masonry
import Testing
import Scenarios
import SeededRandom

/// Sizes from a table: `table[section][item]`.
private struct TableSizes: GridSizeProvider {
    var table: [[Size]]
    func size(row: Int, column: Int) -> Size { table[row][column] }
}

/// Every item's attributes, through `attributesForItem`, for `counts`.
private func everyItem(of layout: some MeasuredLayout, counts: ItemCounts) -> [LayoutAttributes] {
    var all: [LayoutAttributes] = []
    for section in 0..<counts.numberOfSections {
        for item in 0..<counts.numberOfItems(inSection: section) {
            if let attributes = layout.attributesForItem(at: ElementPath(section: section, item: item)) {
                all.append(attributes)
            }
        }
    }
    return all
}

private func state(_ counts: ItemCounts) -> CollectionViewState {
    CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: counts)
}

@Suite("MasonryLayout")
struct MasonryLayoutTests {
    /// Uniform 120 x 44 items in 2 columns, spacing 8: columnWidth = (390 - 8 * 3) / 2 = 183, each item
    /// ceil(44 * 183 / 120) = ceil(67.1) = 68 tall; columns start at x 8 and 8 + 183 + 8 = 199; equal columns tie
    /// to the left, so items alternate, each row 68 + 8 below the last.
    @Test func uniformItemsAlternateBetweenTwoColumns() {
        let layout = MasonryLayout(sizes: GridSizes(.uniform, rows: 1, columns: 5, seed: 1), columns: 2, spacing: 8)
        let work = layout.prepare(in: state(.uniform(sections: 1, itemsPerSection: 5)))
        #expect(work == PreparationWork(recomputedElements: 5, sizeQueries: 5))
        #expect(layout.columnWidth == 183)
        let expected = [
            Rect(x: 8, y: 8, width: 183, height: 68),
            Rect(x: 199, y: 8, width: 183, height: 68),
            Rect(x: 8, y: 84, width: 183, height: 68),
            Rect(x: 199, y: 84, width: 183, height: 68),
            Rect(x: 8, y: 160, width: 183, height: 68),
        ]
        for (item, frame) in expected.enumerated() {
            #expect(layout.attributesForItem(at: ElementPath(section: 0, item: item))
                        == LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: item)))
        }
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 5)) == nil)
        #expect(layout.attributesForItem(at: ElementPath(section: 1, item: 0)) == nil)
        // The lowest item ends at 228; the content reaches spacing below it.
        #expect(layout.contentSize == Size(width: 390, height: 236))
    }

    /// Items of different heights go to the shortest column, an empty section takes no space, and the next
    /// section starts spacing below the tallest column. Widths of 183 keep heights as given; 366 halves them.
    @Test func itemsGoToTheShortestColumnAndSectionsStack() {
        let w = 183.0
        let sizes = TableSizes(table: [
            [Size(width: w, height: 100), Size(width: w, height: 50), Size(width: w, height: 30),
             Size(width: w, height: 40), Size(width: w, height: 20)],
            [],
            [Size(width: 366, height: 10), Size(width: 120, height: 44)],
        ])
        let layout = MasonryLayout(sizes: sizes, columns: 2, spacing: 8)
        layout.prepare(in: state(.perSection([5, 0, 2])))
        let expected: [(ElementPath, Rect)] = [
            // Section 0 starts at y 8; both columns tie, so item 0 goes left.
            (ElementPath(section: 0, item: 0), Rect(x: 8, y: 8, width: w, height: 100)),    // left ends 108
            (ElementPath(section: 0, item: 1), Rect(x: 199, y: 8, width: w, height: 50)),   // right ends 58
            (ElementPath(section: 0, item: 2), Rect(x: 199, y: 66, width: w, height: 30)),  // right ends 96
            (ElementPath(section: 0, item: 3), Rect(x: 199, y: 104, width: w, height: 40)), // right ends 144
            (ElementPath(section: 0, item: 4), Rect(x: 8, y: 116, width: w, height: 20)),   // left ends 136
            // Section 1 is empty. Section 2 starts 8 below the tallest column (144).
            (ElementPath(section: 2, item: 0), Rect(x: 8, y: 152, width: w, height: 5)),    // left ends 157
            // ceil(44 * 183 / 120) = 68, in the right column, level with the left at the section's top.
            (ElementPath(section: 2, item: 1), Rect(x: 199, y: 152, width: w, height: 68)), // right ends 220
        ]
        for (path, frame) in expected {
            #expect(layout.attributesForItem(at: path) == LayoutAttributes(frame: frame, path: path), "\(path)")
        }
        #expect(layout.attributesForItem(at: ElementPath(section: 1, item: 0)) == nil)
        #expect(layout.contentSize == Size(width: 390, height: 228))
    }

    @Test func nothingToLayOut() {
        let layout = MasonryLayout(sizes: GridSizes(.uniform, rows: 1, columns: 1, seed: 1))
        layout.prepare(in: state(.perSection([0, 0])))
        #expect(layout.contentSize == Size(width: 390, height: 0))
        var buffer: [LayoutAttributes] = []
        for variant in layout.queryVariants {
            layout.attributesForElements(in: .infinite, into: &buffer, using: variant)
            #expect(buffer.isEmpty)
        }
    }

    @Test func rebuildsOnlyWhenAsked() {
        let layout = MasonryLayout(sizes: GridSizes(.perCell, rows: 10, columns: 10, seed: 3))
        let counts = ItemCounts.uniform(sections: 10, itemsPerSection: 10)
        #expect(layout.prepare(in: state(counts)).recomputedElements == 100)
        #expect(layout.prepare(in: state(counts)) == .none)
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 390, height: 844),
                                         in: state(counts)))
        layout.invalidate(with: InvalidationContext(invalidatePinnedElements: true))
        #expect(layout.prepare(in: state(counts)) == .none)
        layout.invalidate(with: InvalidationContext(invalidateDelegateMetrics: true))
        #expect(layout.prepare(in: state(counts)).sizeQueries == 100)
        layout.invalidate(with: InvalidationContext(invalidateDataSourceCounts: true))
        #expect(layout.prepare(in: state(.uniform(sections: 11, itemsPerSection: 10))).recomputedElements == 110)
    }

    /// Both variants return exactly what a filter over every item's `attributesForItem` returns, for seeded random
    /// rects (negative sizes included) and edge cases, over varied counts with empty sections.
    @Test(arguments: [1, 2, 3, 5, 20], [UInt64(1), 7, 42])
    func variantsAgreeWithBruteForce(columns: Int, seed: UInt64) {
        let content = ContentSpec(sections: 40, itemsPerSection: 12, counts: .varied, sizes: .perCell, seed: seed)
        for counts in [content.itemCounts, .perSection([0, 7, 0, 0, 13, 1, 0])] {
            let spacing = columns == 20 ? 2.0 : 8.0
            let layout = MasonryLayout(sizes: content.makeSizes(), columns: columns, spacing: spacing)
            layout.prepare(in: state(counts))
            let all = everyItem(of: layout, counts: counts)
            #expect(all.count == (0..<counts.numberOfSections).reduce(0) { $0 + counts.numberOfItems(inSection: $1) })

            var rng = SeededGenerator(seed: seed &* 31 &+ UInt64(columns))
            let height = layout.contentSize.height
            var rects: [Rect] = [.zero, .null, .infinite, Rect(origin: .zero, size: layout.contentSize),
                                 Rect(x: 0, y: height + 1, width: 390, height: 100),
                                 Rect(x: 0, y: .nan, width: 390, height: 100)]
            // Zero-size rects on item corners, and rects ending exactly on an item's edges.
            for element in all.prefix(20) {
                let f = element.frame
                rects.append(Rect(x: f.maxX, y: f.maxY, width: 0, height: 0))
                rects.append(Rect(x: f.minX, y: f.minY - 50, width: 1, height: 50))
                rects.append(Rect(x: f.minX - 8, y: f.maxY, width: 8, height: 8))
            }
            for _ in 0..<300 {
                rects.append(Rect(x: Double.random(in: -50...440, using: &rng),
                                  y: Double.random(in: -50...(height + 50), using: &rng),
                                  width: Double.random(in: -200...400, using: &rng),
                                  height: Double.random(in: -300...900, using: &rng)))
            }

            var naive: [LayoutAttributes] = [], indexed: [LayoutAttributes] = []
            for rect in rects {
                let expected = all.filter { $0.frame.intersects(rect) }.sorted()
                let naiveTested = layout.attributesForElements(in: rect, into: &naive, using: MasonryLayout<GridSizes>.naive)
                let indexedTested = layout.attributesForElements(in: rect, into: &indexed,
                                                                 using: MasonryLayout<GridSizes>.indexed)
                #expect(naive.sorted() == expected, "naive, \(rect)")
                #expect(indexed.sorted() == expected, "indexed, \(rect)")
                #expect(naiveTested == all.count)
                #expect(indexedTested <= all.count)
                #expect(indexedTested >= expected.count)
            }
        }
    }
}
