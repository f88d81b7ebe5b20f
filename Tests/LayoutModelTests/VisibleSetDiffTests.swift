import Testing

@testable import LayoutModel

/// The host's visible-set diff counts exactly what a set difference counts, whatever the order of the answer.
@Suite("VisibleSetDiff")
struct VisibleSetDiffTests {
    static func element(_ section: Int, _ item: Int, _ kind: ElementKind = .cell) -> LayoutAttributes {
        LayoutAttributes(frame: .zero, path: ElementPath(section: section, item: item), kind: kind)
    }

    @Test("appeared and disappeared equal the set differences", arguments: 0..<8)
    func matchesSetDifference(seed: UInt64) {
        var rng = GeometryRNG(seed: seed)
        var diff = VisibleSetDiff()
        var previous: Set<LayoutAttributes> = []
        for frame in 0..<60 {
            // A viewport-like block of cells in a few runs (as the regions of a query return them), shuffled now
            // and then, plus the odd supplementary element.
            let top = Int.random(in: 0..<40, using: &rng), left = Int.random(in: 0..<40, using: &rng)
            var visible: [LayoutAttributes] = []
            for section in top..<(top + Int.random(in: 0..<12, using: &rng)) {
                for item in left..<(left + Int.random(in: 0..<6, using: &rng)) { visible.append(Self.element(section, item)) }
            }
            for section in top..<(top + 3) { visible.append(Self.element(section, 0)) }
            if frame % 3 == 0 { visible.append(Self.element(top, 0, .supplementary("header"))) }
            if frame % 5 == 0 { visible.shuffle(using: &rng) }
            let unique = Array(Set(visible))
            let current = Set(unique)
            let (appeared, disappeared) = diff.update(with: unique)
            #expect(appeared == current.subtracting(previous).count, "frame \(frame)")
            #expect(disappeared == previous.subtracting(current).count, "frame \(frame)")
            previous = current
        }
    }

    @Test("an unchanged set neither appears nor disappears; a reset makes everything appear")
    func steadyState() {
        var diff = VisibleSetDiff()
        let visible = (0..<20).flatMap { s in (0..<4).map { Self.element(s, $0) } }
        #expect(diff.update(with: visible) == (80, 0))
        #expect(diff.update(with: visible.reversed()) == (0, 0))
        diff.reset()
        #expect(diff.update(with: visible) == (80, 0))
        #expect(diff.update(with: []) == (0, 80))
    }

    @Test("a cell and a header at the same path are different elements")
    func kindsAreDistinct() {
        var diff = VisibleSetDiff()
        _ = diff.update(with: [Self.element(1, 2)])
        #expect(diff.update(with: [Self.element(1, 2, .supplementary("header"))]) == (1, 1))
    }

    /// "banner" and "border" (and "header", "glow" and "stripe") had the same 6-bit hash in the diff's first key, so
    /// an element of one kind and one of the other at the same path counted as one.
    @Test("two custom kinds whose names once folded to the same hash are different elements", arguments: [
        ("banner", "border"), ("header", "glow"), ("glow", "stripe"), ("divider", "avatar"),
    ])
    func customKindsNeverCollide(_ first: String, _ second: String) {
        var diff = VisibleSetDiff()
        let a = Self.element(4, 0, .decoration(first)), b = Self.element(4, 0, .decoration(second))
        #expect(diff.update(with: [a, b]) == (2, 0))
        #expect(diff.update(with: [a]) == (0, 1))
        #expect(diff.update(with: [b]) == (1, 1))
        #expect(diff.update(with: [b, .init(frame: .zero, path: ElementPath(section: 4, item: 0),
                                            kind: .supplementary(first))]) == (1, 0))
    }

    @Test("many kinds in one diff each keep their own elements")
    func manyKinds() {
        var diff = VisibleSetDiff()
        let kinds = (0..<200).map { ElementKind.decoration("visible-set-diff-kind-\($0)") }
        let visible = kinds.map { Self.element(0, 0, $0) } + [Self.element(0, 0)]
        #expect(diff.update(with: visible) == (201, 0))
        #expect(diff.update(with: visible.reversed()) == (0, 0))
        #expect(diff.update(with: Array(visible.prefix(100))) == (0, 101))
    }

    @Test("an element listed twice counts once; a frame far larger than the others leaves the counts exact")
    func duplicatesAndGrowth() {
        var diff = VisibleSetDiff()
        let a = Self.element(0, 1), b = Self.element(0, 2), c = Self.element(3, 0)
        #expect(diff.update(with: [a, a, b]) == (2, 0))
        #expect(diff.update(with: [b, c, c, b]) == (1, 1))
        // 5,000 elements, then small frames again: the tables keep their capacity and empty only what they filled.
        let large = (0..<50).flatMap { s in (0..<100).map { Self.element(s, $0) } }
        #expect(diff.update(with: large) == (4_998, 0), "b and c were shown already")
        #expect(diff.update(with: [a, b]) == (0, 4_998))
        #expect(diff.update(with: [c]) == (1, 2))
        #expect(diff.update(with: large.reversed()) == (4_999, 0))
        #expect(diff.update(with: large) == (0, 0))
    }

    /// A carried set (issue 39n) is held as a list of keys that the next update looks up in its own table; the counts
    /// and `wasVisibleBeforeLastUpdate` must be what placing the carried set as an update gives.
    @Test("an update against a carried set counts as one against the same set placed", arguments: 0..<6)
    func carriedSetCountsAsPlaced(seed: UInt64) {
        var rng = GeometryRNG(seed: seed)
        var carried = VisibleSetDiff(), placed = VisibleSetDiff()
        var last: [LayoutAttributes] = []
        for frame in 0..<40 {
            // Every third frame is a batch: the last set renumbered (sections down one, a few items dropped), carried
            // in one diff and placed as an update in the other; then the next set, sometimes far larger (the tables
            // grow while the carried keys wait).
            if frame % 3 == 2 {
                let moved = last.compactMap { element -> LayoutAttributes? in
                    guard element.path.item % 5 != 1 else { return nil }
                    var element = element
                    element.path = ElementPath(section: element.path.section + 1, item: element.path.item)
                    return element
                }
                carried.carry(moved)
                _ = placed.update(with: moved)
            }
            let top = Int.random(in: 0..<30, using: &rng), rows = frame % 7 == 6 ? 60 : Int.random(in: 1..<10, using: &rng)
            var visible: [LayoutAttributes] = []
            for section in top..<(top + rows) {
                for item in 0..<Int.random(in: 1..<6, using: &rng) { visible.append(Self.element(section, item)) }
            }
            if frame % 4 == 0 { visible.append(Self.element(top, 0, .supplementary("header"))) }
            let expected = placed.update(with: visible)
            #expect(carried.update(with: visible) == expected, "frame \(frame)")
            carried.placeCarriedKeys()  // as the host's self-sizing does before its questions
            for element in visible + last {
                #expect(carried.wasVisibleBeforeLastUpdate(element) == placed.wasVisibleBeforeLastUpdate(element),
                        "frame \(frame): \(element.path)")
            }
            last = visible
        }
    }

    /// [a, a, b] listed a twice; carried as [a', a', b'] (a' = [1, 1], b' = [1, 2]), the keys are placed, so a'
    /// counts once: then [b', c] shows c (appeared 1) and loses a' (disappeared 1).
    @Test("a set carried from one that listed an element twice counts it once")
    func carriedDuplicates() {
        var diff = VisibleSetDiff()
        let a = Self.element(0, 1), b = Self.element(0, 2)
        let a1 = Self.element(1, 1), b1 = Self.element(1, 2), c = Self.element(3, 0)
        #expect(diff.update(with: [a, a, b]) == (2, 0))
        diff.carry([a1, a1, b1])
        #expect(diff.update(with: [b1, c]) == (1, 1))
    }
}
