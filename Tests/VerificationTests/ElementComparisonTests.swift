import LayoutModel
import Layouts
import Testing
import Verification

/// The one classification every verifier uses, case by case, by hand.
@Suite("ElementComparison")
struct ElementComparisonTests {
    static let rect = Rect(x: 0, y: 100, width: 390, height: 200)

    static func cell(_ item: Int, y: Double, height: Double = 44, z: Int = 0) -> LayoutAttributes {
        LayoutAttributes(frame: Rect(x: 0, y: y, width: 390, height: height), path: ElementPath(section: 0, item: item),
                         zIndex: z)
    }

    func classify(_ expected: [ObservedElement], _ actual: [ObservedElement],
                  reference: @escaping (LayoutAttributes) -> LayoutAttributes? = { _ in nil },
                  contract: RectContract = .uikit, tolerance: Double = 0) -> MismatchTally {
        var tally = MismatchTally()
        ElementComparison(contract: contract, tolerance: tolerance)
            .compare(expected: expected.sorted(), actual: actual.sorted(), rect: Self.rect, reference: reference,
                     place: "test", into: &tally)
        return tally
    }

    @Test("equal answers: nothing counted")
    func equal() {
        let answer = [ObservedElement(Self.cell(0, y: 120)), ObservedElement(Self.cell(1, y: 170))]
        let tally = classify(answer, answer)
        #expect(tally.isEmpty && tally.comparisonsWithMismatches == 0)
    }

    @Test("each class, by hand")
    func classes() {
        let a = Self.cell(0, y: 120), b = Self.cell(1, y: 170), c = Self.cell(2, y: 220)
        // b left out: missing.
        #expect(classify([.init(a), .init(b)], [.init(a)]).total(.missing) == 1)
        // b 10 points lower: moved.
        var lower = b
        lower.frame.origin.y += 10
        #expect(classify([.init(a), .init(b)], [.init(a), .init(lower)]).total(.moved) == 1)
        // b on top of a: an attribute difference (zIndex), not a move.
        var raised = b
        raised.zIndex = 5
        #expect(classify([.init(b)], [.init(raised)]).total(.attributes) == 1)
        // b half transparent in the answer only: an attribute difference.
        #expect(classify([.init(b)], [.init(b, appearance: ElementAppearance(alpha: 0.5))]).total(.attributes) == 1)
        // An element far below the rect (y 600): extra outside the rect.
        let far = Self.cell(9, y: 600)
        let outside = classify([.init(a)], [.init(a), .init(far)])
        #expect(outside.total(.extraOutside) == 1 && !outside.fails(under: .standard) && outside.fails(under: .exact))
        #expect(outside.warns(under: .standard) && !outside.warns(under: .exact))
        // c inside the rect, unknown to the reference: extra inside.
        #expect(classify([.init(a)], [.init(a), .init(c)]).total(.extraInside) == 1)
        // c inside the rect, which the reference's own call puts at y 700: moved.
        var elsewhere = c
        elsewhere.frame.origin.y = 700
        #expect(classify([.init(a)], [.init(a), .init(c)], reference: { $0.path == c.path ? elsewhere : nil })
            .total(.moved) == 1)
        // a returned twice: the second is an extra.
        #expect(classify([.init(a)], [.init(a), .init(a)]).total(.extraInside) == 1)
    }

    @Test("a hidden or transparent reference element left out is not missing")
    func hidden() {
        let a = Self.cell(0, y: 120), b = Self.cell(1, y: 170), c = Self.cell(2, y: 220)
        let tally = classify([.init(a), .init(b, appearance: ElementAppearance(alpha: 0)),
                              .init(c, appearance: ElementAppearance(isHidden: true))], [.init(a)])
        #expect(tally.isEmpty && tally.hiddenLeftOut == 2)
        // Nearly transparent is still drawn: missing.
        #expect(classify([.init(b, appearance: ElementAppearance(alpha: 0.01))], []).total(.missing) == 1)
    }

    @Test("touching the rect's edge: outside by CoreGraphics' rule, inside by closed edges")
    func contracts() {
        let touching = Self.cell(3, y: 300)  // its top edge on the rect's bottom edge
        #expect(classify([], [.init(touching)], contract: .uikit).total(.extraOutside) == 1)
        #expect(classify([], [.init(touching)], contract: .robust).total(.extraInside) == 1)
    }

    @Test("with a tolerance, rounding differences are equal and an edge flip is not counted")
    func tolerance() {
        let b = Self.cell(1, y: 170)
        var nudged = b
        nudged.frame.origin.y += 1e-12
        #expect(classify([.init(b)], [.init(nudged)], tolerance: 1e-9).isEmpty)
        #expect(classify([.init(b)], [.init(nudged)]).total(.moved) == 1)
        let flip = Self.cell(2, y: 300 - 1e-13)  // inside by a rounding error
        #expect(classify([], [.init(flip)], tolerance: 1e-9).isEmpty)
    }

    @Test("per-element calls: nil against a value, another frame, another appearance")
    func items() {
        let b = ObservedElement(Self.cell(1, y: 170))
        var moved = b
        moved.attributes.frame.origin.x = 4
        func one(_ e: ObservedElement?, _ a: ObservedElement?) -> MismatchTally {
            var tally = MismatchTally()
            ElementComparison(contract: .uikit).compare(expected: e, actual: a, place: "item", into: &tally)
            return tally
        }
        #expect(one(b, nil).total(.missing) == 1)
        #expect(one(nil, b).total(.extraInside) == 1)
        #expect(one(b, moved).total(.moved) == 1)
        #expect(one(b, ObservedElement(b.attributes, appearance: ElementAppearance(isHidden: true))).total(.attributes) == 1)
        #expect(one(ObservedElement(b.attributes, appearance: ElementAppearance(alpha: 0)), nil).isEmpty)
    }

    @Test("the tally keeps counts per kind and the first three examples of each class")
    func tally() {
        var tally = MismatchTally()
        for item in 0..<5 { tally.record(.missing, ObservedElement(Self.cell(item, y: 0)), place: "rect \(item)") }
        tally.record(.moved, ObservedElement(LayoutAttributes(frame: .zero, path: ElementPath(section: 0, item: 0),
                                                              kind: .sectionHeader)), place: "header")
        #expect(tally.total(.missing) == 5 && tally.total == 6)
        #expect(tally.examples[.missing]?.count == MismatchTally.examplesPerClass)
        #expect(tally.exampleLines.count == 4)
        #expect(tally.summary == "cell: 5 missing; \(ElementKind.sectionHeader): 1 moved")
    }
}
