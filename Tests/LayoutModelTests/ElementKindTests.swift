import LayoutModel
import Testing

/// The two literals below live in different functions so that, unless the linker merges them, the two
/// `StaticString`s point at different bytes; equality must compare the bytes, not the pointers.
private func headerKindA() -> ElementKind { .supplementary("header") }
private func headerKindB() -> ElementKind {
    let name: StaticString = "header"
    return .supplementary(name)
}

private func hashValue(_ kind: ElementKind) -> Int {
    var hasher = Hasher()
    kind.hash(into: &hasher)
    return hasher.finalize()
}

@Suite("ElementKind")
struct ElementKindTests {
    @Test("cell equals cell")
    func cellEqualsCell() {
        #expect(ElementKind.cell == .cell)
        #expect(hashValue(.cell) == hashValue(.cell))
        #expect(ElementKind.cell.category == .cell)
        #expect(ElementKind.cell.nameString.isEmpty)
    }

    @Test("supplementary kinds with the same name are equal and hash alike, whatever literal they came from")
    func sameNameEqual() {
        let a = headerKindA(), b = headerKindB()
        #expect(a == b)
        #expect(hashValue(a) == hashValue(b))
        #expect(Set([a, b, .supplementary("header")]).count == 1)
        #expect(a.nameString == "header")
    }

    @Test("names compare by bytes: a longer literal sharing a prefix or suffix is different")
    func namesCompareByContent() {
        #expect(ElementKind.supplementary("header") != .supplementary("headers"))
        #expect(ElementKind.supplementary("header") != .supplementary("xheader"))
        #expect(ElementKind.supplementary("header") != .supplementary("Header"))
        #expect(ElementKind.supplementary("") == .supplementary(""))
        #expect(ElementKind.supplementary("") != .cell)
    }

    @Test("different names or categories are unequal", arguments: [
        (ElementKind.supplementary("header"), ElementKind.supplementary("footer")),
        (.supplementary("header"), .decoration("header")),
        (.cell, .supplementary("header")),
        (.cell, .decoration("background")),
        (.decoration("background"), .decoration("separator")),
    ])
    func unequal(_ a: ElementKind, _ b: ElementKind) {
        #expect(a != b)
        #expect(b != a)
        #expect(Set([a, b]).count == 2)
    }

    @Test("ordering is by category, then name bytes")
    func ordering() {
        let sorted: [ElementKind] = [
            .decoration("a"), .supplementary("footer"), .cell, .supplementary("header"), .decoration("B"),
            .supplementary("foot"),
        ].sorted()
        #expect(sorted.map(\.description) == [
            "cell", "supplementary(foot)", "supplementary(footer)", "supplementary(header)", "decoration(B)",
            "decoration(a)",
        ])
        #expect(!(ElementKind.cell < .cell))
        #expect(!(headerKindA() < headerKindB()) && !(headerKindB() < headerKindA()))
    }

    @Test("Category order and raw values")
    func categoryOrder() {
        #expect(ElementKind.Category.cell < .supplementary)
        #expect(ElementKind.Category.supplementary < .decoration)
        #expect(!(ElementKind.Category.decoration < .cell))
    }
}
