import LayoutModel
import Testing

@Suite("ElementPath and LayoutAttributes")
struct LayoutAttributesTests {
    @Test("ElementPath orders by section, then item")
    func pathOrdering() {
        #expect(ElementPath(section: 0, item: 5) < ElementPath(section: 1, item: 0))
        #expect(ElementPath(section: 1, item: 0) < ElementPath(section: 1, item: 1))
        #expect(!(ElementPath(section: 1, item: 1) < ElementPath(section: 1, item: 1)))
        #expect(ElementPath(section: -1, item: 100) < ElementPath(section: 0, item: -100))
        #expect(ElementPath(section: 2, item: 3) == ElementPath(section: 2, item: 3))
        #expect(ElementPath(section: 2, item: 3) != ElementPath(section: 3, item: 2))
        #expect(ElementPath(section: 2, item: 3).description == "[2, 3]")
    }

    @Test("sorting seeded random paths matches sorting (section, item) tuples")
    func pathSortingMatchesTuples() {
        var rng = GeometryRNG(seed: 61)
        let paths = (0..<500).map { _ in
            ElementPath(section: Int.random(in: 0..<8, using: &rng), item: Int.random(in: 0..<8, using: &rng))
        }
        let sorted = paths.sorted()
        let byTuples = paths.map { ($0.section, $0.item) }.sorted { $0 < $1 }
        #expect(sorted.map(\.section) == byTuples.map(\.0))
        #expect(sorted.map(\.item) == byTuples.map(\.1))
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("LayoutAttributes, ElementKind and Rect are trivially copyable")
    func trivialCopy() {
        #expect(_isPOD(LayoutAttributes.self))
        #expect(_isPOD(ElementKind.self))
        #expect(_isPOD(Rect.self))
        #expect(_isPOD(ElementPath.self))
    }

    @Test("LayoutAttributes defaults, equality and canonical order")
    func attributesEqualityAndOrder() {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let a = LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0))
        #expect(a.kind == .cell)
        #expect(a.zIndex == 0)
        #expect(a == LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0), kind: .cell, zIndex: 0))
        #expect(a != LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0), zIndex: 1))

        let header = LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0),
                                      kind: .supplementary("header"))
        let later = LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 1))
        let onTop = LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0), zIndex: 5)
        let moved = LayoutAttributes(frame: frame.offsetBy(dx: 1, dy: 0), path: ElementPath(section: 0, item: 0))
        // Kind first, then path, then zIndex, then frame.
        #expect([header, onTop, later, moved, a].sorted() == [a, moved, onTop, later, header])
        #expect(Set([a, a, header]).count == 2)
    }
}
