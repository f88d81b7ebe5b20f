import LayoutModel
import Testing

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
        #expect(ElementKind.cell.name.isEmpty)
        #expect(ElementKind(category: .cell, name: "ignored") == .cell)
    }

    @Test("well-known kinds have fixed ids, and UIKit's names intern to them")
    func wellKnownIDs() {
        #expect(ElementKind.cell.id == 0)
        #expect(ElementKind.sectionHeader.id == ElementKind.Names.sectionHeaderID << 2 | 1)
        #expect(ElementKind.sectionFooter.id == ElementKind.Names.sectionFooterID << 2 | 1)
        #expect(ElementKind.sectionHeader.category == .supplementary)
        #expect(ElementKind.sectionFooter.category == .supplementary)
        #expect(ElementKind.supplementary("UICollectionElementKindSectionHeader") == .sectionHeader)
        #expect(ElementKind.supplementary("UICollectionElementKindSectionFooter") == .sectionFooter)
        #expect(ElementKind.sectionHeader.name == "UICollectionElementKindSectionHeader")
        #expect(ElementKind.sectionFooter.name == "UICollectionElementKindSectionFooter")
        #expect(ElementKind.decoration("UICollectionElementKindSectionHeader") != .sectionHeader)
    }

    @Test("a name registered twice gets the same id, from a literal or a runtime string")
    func sameNameSameID() {
        let literal = ElementKind.supplementary("header")
        let runtime = ElementKind.supplementary(String(["h", "e", "a", "d", "e", "r"]))
        #expect(literal == runtime)
        #expect(literal.id == runtime.id)
        #expect(hashValue(literal) == hashValue(runtime))
        #expect(Set([literal, runtime, .supplementary("header")]).count == 1)
        #expect(literal.name == "header")
        #expect(ElementKind.Names.register("header") == literal.nameID)
        #expect(ElementKind.decoration("header").nameID == literal.nameID)
    }

    @Test("a new name gets the next id, and its name comes back from the registry")
    func registration() {
        let before = ElementKind.Names.count
        let name = "element-kind-tests-\(before)-fresh"
        let kind = ElementKind.decoration(name)
        #expect(Int(kind.nameID) >= before)
        #expect(ElementKind.Names.name(of: kind.nameID) == name)
        #expect(kind.description == "decoration(\(name))")
        #expect(ElementKind.Names.register(name) == kind.nameID)
    }

    @Test("names compare whole: a longer name sharing a prefix or suffix is different")
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
        (.sectionHeader, .sectionFooter),
        (.sectionHeader, .supplementary("header")),
    ])
    func unequal(_ a: ElementKind, _ b: ElementKind) {
        #expect(a != b)
        #expect(b != a)
        #expect(a.id != b.id)
        #expect(Set([a, b]).count == 2)
    }

    @Test("two custom kinds are never equal: a thousand names, a thousand ids")
    func customKindsDistinct() {
        let kinds = (0..<1000).map { ElementKind.supplementary("element-kind-tests-distinct-\($0)") }
        #expect(Set(kinds.map(\.id)).count == 1000)
        #expect(Set(kinds).count == 1000)
        for (index, kind) in kinds.enumerated() { #expect(kind.name == "element-kind-tests-distinct-\(index)") }
    }

    @Test("registration from many threads at once: every name gets one id, and every thread sees the same one")
    func concurrentRegistration() async {
        let names = (0..<64).map { "element-kind-tests-concurrent-\($0)" }
        let results = await withTaskGroup(of: [UInt32].self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task walks the names from a different start, so registrations race.
                    var ids = [UInt32](repeating: 0, count: names.count)
                    for step in 0..<names.count {
                        let index = (step + task * 8) % names.count
                        ids[index] = ElementKind.Names.register(names[index])
                    }
                    return ids
                }
            }
            var all: [[UInt32]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for result in results { #expect(result == results[0]) }
        #expect(Set(results[0]).count == names.count)
        for (index, id) in results[0].enumerated() { #expect(ElementKind.Names.name(of: id) == names[index]) }
    }

    @Test("ordering is by category, then name bytes, whatever order the names were registered in")
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
        #expect(!(ElementKind.supplementary("header") < .supplementary("header")))
        #expect(ElementKind.sectionFooter < .sectionHeader)
    }

    @Test("Category order and raw values")
    func categoryOrder() {
        #expect(ElementKind.Category.cell < .supplementary)
        #expect(ElementKind.Category.supplementary < .decoration)
        #expect(!(ElementKind.Category.decoration < .cell))
    }

    @Test("a kind is one 32-bit integer, so attributes stay plain memory")
    func layout() {
        #expect(MemoryLayout<ElementKind>.size == 4)
        #expect(_isPOD(ElementKind.self))
        #expect(MemoryLayout<LayoutAttributes>.size == 64)
    }
}
