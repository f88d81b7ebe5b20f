import LayoutModel
import Layouts
import Testing

@testable import Scenarios

/// Self-sizing content: the fitted heights' distribution and the cells' fitting.
@Suite("Self-sizing content")
struct SelfSizingContentTests {
    @Test("hand-computed heights: 16·(1−u)^(−1/1.1) characters of 7.5 pt in width − 32, lines of 20.5 pt plus 23.5")
    func handComputed() {
        // u = 0: 16 characters, 120 pt of text in 342 pt: one line, 23.5 + 20.5 = 44.
        #expect(SelfSizingSpec.fittedExtent(draw: 0, width: 374) == 44)
        // u = 0.5: 16 · 2^(1/1.1) = 30.04 characters, 225.3 pt: one line at 374 wide; in 68 pt, 4 lines: 105.5.
        #expect(SelfSizingSpec.fittedExtent(draw: 0.5, width: 374) == 44)
        #expect(SelfSizingSpec.fittedExtent(draw: 0.5, width: 100) == 105.5)
        // u = 0.9: 16 · 10^(1/1.1) = 129.8 characters, 973.4 pt: 3 lines in 342 pt (85), 6 in 168 pt (146.5).
        #expect(SelfSizingSpec.fittedExtent(draw: 0.9, width: 374) == 85)
        #expect(SelfSizingSpec.fittedExtent(draw: 0.9, width: 200) == 146.5)
        // u = 0.999: 8539 characters, 188 lines: clamped to 400.
        #expect(SelfSizingSpec.fittedExtent(draw: 0.999, width: 374) == 400)
        // A width under the padding counts as 1 pt of text: clamped to 400.
        #expect(SelfSizingSpec.fittedExtent(draw: 0, width: 10) == 400)
    }

    @Test("every height is from 44 to 400 pt, on the 0.5 pt grid, and long-tailed")
    func boundsAndGrid() {
        var heights: [Double] = []
        for section in 0..<20 {
            for item in 0..<100 {
                heights.append(SelfSizingSpec.fittedExtent(seed: 5, section: section, item: item, width: 374))
            }
        }
        #expect(heights.allSatisfy { (44...400).contains($0) && ($0 * 2).rounded() == $0 * 2 })
        let sorted = heights.sorted()
        let median = sorted[sorted.count / 2], mean = heights.reduce(0, +) / Double(heights.count)
        // Most cells one line, a long tail of tall ones: the mean above the median, some at the cap.
        #expect(median == 44)
        #expect(mean > median + 10)
        #expect(heights.contains(400))
        #expect(Set(heights).count > 8)
    }

    @Test("heights are a function of the seed, the item and the width alone")
    func determinism() {
        let a = (0..<500).map { SelfSizingSpec.fittedExtent(seed: 9, section: $0 / 50, item: $0 % 50, width: 374) }
        let b = (0..<500).map { SelfSizingSpec.fittedExtent(seed: 9, section: $0 / 50, item: $0 % 50, width: 374) }
        let other = (0..<500).map { SelfSizingSpec.fittedExtent(seed: 10, section: $0 / 50, item: $0 % 50, width: 374) }
        #expect(a == b)
        #expect(a != other)
    }

    @Test("narrower gives taller or equal, and a rotation changes many sizes")
    func widthDependence() {
        var changed = 0
        for item in 0..<1000 {
            let portrait = SelfSizingSpec.fittedExtent(seed: 2, section: 0, item: item, width: 374)
            let landscape = SelfSizingSpec.fittedExtent(seed: 2, section: 0, item: item, width: 828)
            let narrow = SelfSizingSpec.fittedExtent(seed: 2, section: 0, item: item, width: 180)
            #expect(narrow >= portrait && portrait >= landscape)
            if portrait != landscape { changed += 1 }
        }
        #expect(changed > 100)
    }

    @Test("the fitting keeps the path, the origin and the width, fits the height, and spends its cost")
    func fitting() {
        let spec = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44, fittingCost: 10)
        let fitting = SelfSizingFitting(seed: 3, spec: spec)
        let original = LayoutAttributes(frame: Rect(x: 8, y: 500, width: 374, height: 44),
                                        path: ElementPath(section: 2, item: 7))
        let before = fitting.sink
        let preferred = fitting.preferredAttributes(fitting: original)
        #expect(preferred.path == original.path)
        #expect(preferred.frame.origin == original.frame.origin)
        #expect(preferred.frame.size.width == 374)
        #expect(preferred.frame.size.height == SelfSizingSpec.fittedExtent(seed: 3, section: 2, item: 7, width: 374))
        #expect(fitting.sink != before)
    }

    @Test("with item identities, an item is sized by its key, wherever it is")
    func identities() {
        let ids = ItemIdentities(counts: .uniform(sections: 2, itemsPerSection: 3))
        let fitting = SelfSizingFitting(seed: 3, spec: SelfSizingSpec(), identities: ids)
        for section in 0..<2 {
            for item in 0..<3 {
                let key = ids.key(section: section, item: item)
                #expect(fitting.fittedExtent(at: ElementPath(section: section, item: item), width: 300)
                        == SelfSizingSpec.fittedExtent(seed: 3, section: key.section, item: key.item, width: 300))
            }
        }
    }

    @Test("the spec's limits, its id and the content's fitting")
    func spec() {
        #expect(SelfSizingSpec().problem == nil)
        #expect(SelfSizingSpec().idComponent == "ss1x44-c3000")
        #expect(SelfSizingSpec(itemsPerLine: 3, estimatedExtent: 120.5, fittingCost: 0).idComponent == "ss3x120.5-c0")
        #expect(SelfSizingSpec(itemsPerLine: 0).problem?.contains("items per line") == true)
        #expect(SelfSizingSpec(estimatedExtent: .nan).problem?.contains("estimate") == true)
        #expect(SelfSizingSpec(fittingCost: -1).problem?.contains("fitting cost") == true)
        var content = ContentSpec(sections: 2, itemsPerSection: 3, seed: 4)
        #expect(content.makeItemFitting() == nil)
        content.selfSizing = SelfSizingSpec(fittingCost: -1)
        #expect(content.problem?.contains("fitting cost") == true)
        content.selfSizing = SelfSizingSpec()
        #expect(content.makeItemFitting()?.seed == 4)
    }
}
