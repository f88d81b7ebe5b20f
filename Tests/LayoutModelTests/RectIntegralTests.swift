import Foundation
import LayoutModel
import Testing

/// `Rect.integral` against `CGRect.integral`.
@Suite("Rect.integral against CGRect")
struct RectIntegralTests {
    @Test("integral matches CGRect.integral on random rects", arguments: CoordinateGrid.allCases, [UInt64(41), 42])
    func integralMatchesFoundation(grid: CoordinateGrid, seed: UInt64) {
        var rng = GeometryRNG(seed: seed &* 31 &+ UInt64(grid.divisor))
        var mismatches: [String] = []
        for _ in 0..<3_000 {
            // Finer fractions than the grid's too, so that most edges are not already integers.
            var r = rng.rect(on: grid)
            if Bool.random(using: &rng) {
                r = r.offsetBy(dx: Double(Int.random(in: -99...99, using: &rng)) / 100,
                               dy: Double(Int.random(in: -99...99, using: &rng)) / 100)
            }
            let actual = r.integral
            let expected = cg(r).integral
            let fields = [actual.origin.x, actual.origin.y, actual.size.width, actual.size.height]
            let expectedFields = [expected.origin.x, expected.origin.y, expected.size.width, expected.size.height]
                .map(Double.init)
            if !zip(fields, expectedFields).allSatisfy(sameValue) {
                mismatches.append("\(r).integral = \(actual), CGRect gives \(expected)")
            }
            // Whatever the oracle says, the result must be integral, standardised and cover the rect.
            if !fields.allSatisfy({ $0 == $0.rounded() }) || actual.size.width < 0 || actual.size.height < 0
                || actual.minX > r.minX || actual.minY > r.minY || actual.maxX < r.maxX || actual.maxY < r.maxY
            {
                mismatches.append("\(r).integral = \(actual) is not an integral cover")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var rect: Rect
        /// The expected integral rect's origin and size, when it is worth writing down.
        var expected: [Double]?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "already integral", rect: Rect(x: 1, y: 2, width: 3, height: 4), expected: [1, 2, 3, 4]),
        Case(name: "fractional", rect: Rect(x: 0.5, y: 1.25, width: 2, height: 0.5), expected: [0, 1, 3, 1]),
        Case(name: "negative origin", rect: Rect(x: -1.5, y: -0.25, width: 1, height: 0.25),
             expected: [-2, -1, 2, 1]),
        Case(name: "negative width and height", rect: Rect(x: 3.5, y: 2.5, width: -1.25, height: -2.5),
             expected: [2, 0, 2, 3]),
        Case(name: "zero size at a fraction", rect: Rect(x: 0.5, y: 0.5, width: 0, height: 0),
             expected: [0, 0, 1, 1]),
        Case(name: "zero size at an integer", rect: Rect(x: 2, y: 3, width: 0, height: 0), expected: [2, 3, 0, 0]),
        Case(name: "negative zero size", rect: Rect(x: -0.0, y: -0.0, width: -0.0, height: -0.0),
             expected: [0, 0, 0, 0]),
        Case(name: "tiny", rect: Rect(x: 1e-300, y: -1e-300, width: 1e-300, height: 1e-300),
             expected: [0, -1, 1, 1]),
        Case(name: "thirds", rect: Rect(x: 1.0 / 3, y: 2.0 / 3, width: 1.0 / 3, height: 1.0 / 3),
             expected: [0, 0, 1, 1]),
        Case(name: "huge", rect: Rect(x: 1e300, y: -1e300, width: 1e300, height: 1e300), expected: nil),
        Case(name: "null", rect: .null, expected: nil),
        Case(name: "null in y only", rect: Rect(x: 0.5, y: .infinity, width: 1, height: 1), expected: nil),
        Case(name: "infinite", rect: .infinite, expected: nil),
    ]

    @Test("integral on explicit cases agrees with CGRect.integral", arguments: cases)
    func integralCase(_ c: Case) {
        let actual = c.rect.integral
        let expected = cg(c.rect).integral
        let fields = [actual.origin.x, actual.origin.y, actual.size.width, actual.size.height]
        let expectedFields = [expected.origin.x, expected.origin.y, expected.size.width, expected.size.height]
            .map(Double.init)
        #expect(zip(fields, expectedFields).allSatisfy(sameValue), "\(actual) vs CGRect \(expected)")
        if let literal = c.expected {
            #expect(fields == literal)
        }
    }

    @Test("integral leaves the null and infinite rects unchanged")
    func integralOfSpecialRects() {
        #expect(Rect.null.integral.isNull)
        #expect(Rect.infinite.integral == .infinite)
        #expect(cg(.infinite).integral == CGRect.infinite)
    }
}
