import Foundation
import LayoutModel
import Testing

/// `Rect.intersects` and `Rect.intersection` against Foundation's `CGRect`, which they promise to match exactly.
@Suite("Rect intersection against CGRect")
struct RectIntersectionTests {
    // MARK: Random pairs

    @Test("intersects matches CGRect.intersects on random small-grid rects", arguments: CoordinateGrid.allCases,
          [UInt64(1), 2, 3])
    func intersectsMatchesFoundationOnGrid(grid: CoordinateGrid, seed: UInt64) {
        var rng = GeometryRNG(seed: seed &* 7919 &+ UInt64(grid.divisor))
        var mismatches: [String] = []
        var hits = 0
        for _ in 0..<2_500 {
            let a = rng.rect(on: grid), b = rng.rect(on: grid)
            let expected = cg(a).intersects(cg(b))
            if expected { hits += 1 }
            if a.intersects(b) != expected || b.intersects(a) != expected {
                mismatches.append("\(a) vs \(b): CGRect says \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        // The grid is small enough that both answers are common; otherwise the test would prove little.
        #expect(hits > 250 && hits < 2_250, "intersecting pairs: \(hits) of 2500")
    }

    @Test("intersects matches CGRect.intersects on random rects with extreme values", arguments: [UInt64(11), 12, 13])
    func intersectsMatchesFoundationOnExtremes(seed: UInt64) {
        var rng = GeometryRNG(seed: seed)
        var mismatches: [String] = []
        var hits = 0
        for _ in 0..<3_000 {
            let a = rng.extremeRect(), b = rng.extremeRect()
            let expected = cg(a).intersects(cg(b))
            if expected { hits += 1 }
            if a.intersects(b) != expected || b.intersects(a) != expected {
                mismatches.append("\(a) vs \(b): CGRect says \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        #expect(hits > 100 && hits < 2_900, "intersecting pairs: \(hits) of 3000")
    }

    @Test("intersection matches CGRect.intersection on random small-grid rects", arguments: CoordinateGrid.allCases,
          [UInt64(21), 22])
    func intersectionMatchesFoundationOnGrid(grid: CoordinateGrid, seed: UInt64) {
        var rng = GeometryRNG(seed: seed &* 104_729 &+ UInt64(grid.divisor))
        var mismatches: [String] = []
        for _ in 0..<2_500 {
            let a = rng.rect(on: grid), b = rng.rect(on: grid)
            let expected = cg(a).intersection(cg(b))
            let actual = a.intersection(b)
            if actual.isNull != expected.isNull {
                mismatches.append("\(a) ∩ \(b): null \(actual.isNull), CGRect null \(expected.isNull)")
                continue
            }
            if actual.isNull { continue }
            let same = zip(edges(actual), edges(expected)).allSatisfy { x, y in
                grid.isExact ? sameValue(x, y) : nearlySame(x, y)
            }
            if !same {
                mismatches.append("\(a) ∩ \(b): edges \(edges(actual)), CGRect edges \(edges(expected))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("intersectsStandardized equals intersects for standardised, finite, non-null rects",
          arguments: CoordinateGrid.allCases)
    func intersectsStandardizedAgrees(grid: CoordinateGrid) throws {
        var rng = GeometryRNG(seed: 31 &+ UInt64(grid.divisor))
        var mismatches: [String] = []
        var hits = 0
        for step in 0..<5_000 {
            var a = rng.rect(on: grid).standardized, b = rng.rect(on: grid).standardized
            if step % 10 == 0 {
                // Large but finite values too: far apart, touching, and sums that round.
                a = Rect(x: 1e300, y: -1e300, width: 1e300, height: 2e300).standardized
                b = rng.rect(on: grid).offsetBy(dx: step % 20 == 0 ? 2e300 : 0, dy: 0).standardized
            }
            try #require(a.size.width >= 0 && a.size.height >= 0 && !a.isNull)
            try #require(b.size.width >= 0 && b.size.height >= 0 && !b.isNull)
            let full = a.intersects(b)
            if full { hits += 1 }
            if a.intersectsStandardized(b) != full || b.intersectsStandardized(a) != full {
                mismatches.append("\(a) vs \(b): intersects \(full)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        #expect(hits > 0)
    }

    // MARK: Explicit edge cases

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var a: Rect
        var b: Rect
        var expected: Bool
        var testDescription: String { name }
        var foundationSafe: Bool { isFoundationSafe(a) && isFoundationSafe(b) }
    }

    static let edgeCases: [Case] = {
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        let g = Double.greatestFiniteMagnitude
        return [
            Case(name: "touching right edge", a: square, b: Rect(x: 10, y: 2, width: 5, height: 5), expected: true),
            Case(name: "touching bottom edge", a: square, b: Rect(x: 2, y: 10, width: 5, height: 5), expected: true),
            Case(name: "touching left edge", a: square, b: Rect(x: -5, y: 0, width: 5, height: 5), expected: true),
            Case(name: "touching corner", a: square, b: Rect(x: 10, y: 10, width: 5, height: 5), expected: true),
            Case(name: "touching corner, both negative sizes", a: Rect(x: 10, y: 10, width: -10, height: -10),
                 b: Rect(x: 15, y: 15, width: -5, height: -5), expected: true),
            Case(name: "one ulp apart", a: square, b: Rect(x: 10.0.nextUp, y: 0, width: 5, height: 5),
                 expected: false),
            Case(name: "apart in y only", a: square, b: Rect(x: 0, y: 11, width: 5, height: 5), expected: false),
            Case(name: "overlapping", a: square, b: Rect(x: 5, y: 5, width: 10, height: 10), expected: true),
            Case(name: "contained", a: square, b: Rect(x: 2, y: 2, width: 1, height: 1), expected: true),
            Case(name: "zero-size on edge", a: square, b: Rect(x: 10, y: 5, width: 0, height: 0), expected: true),
            Case(name: "zero-size on corner", a: square, b: Rect(x: 0, y: 0, width: 0, height: 0), expected: true),
            Case(name: "zero-size inside", a: square, b: Rect(x: 5, y: 5, width: 0, height: 0), expected: true),
            Case(name: "zero-size outside", a: square, b: Rect(x: 11, y: 5, width: 0, height: 0), expected: false),
            Case(name: "two equal points", a: Rect(x: 3, y: 3, width: 0, height: 0),
                 b: Rect(x: 3, y: 3, width: 0, height: 0), expected: true),
            Case(name: "two different points", a: Rect(x: 3, y: 3, width: 0, height: 0),
                 b: Rect(x: 3, y: 4, width: 0, height: 0), expected: false),
            Case(name: "zero-width line across", a: square, b: Rect(x: 5, y: -5, width: 0, height: 20),
                 expected: true),
            Case(name: "crossing lines", a: Rect(x: 5, y: 0, width: 0, height: 10),
                 b: Rect(x: 0, y: 5, width: 10, height: 0), expected: true),
            Case(name: "-0.0 everywhere vs zero", a: Rect(x: -0.0, y: -0.0, width: -0.0, height: -0.0),
                 b: .zero, expected: true),
            Case(name: "-0.0 width touching", a: Rect(x: 10, y: 0, width: -0.0, height: 10), b: square,
                 expected: true),
            Case(name: "negative sizes overlapping", a: Rect(x: 10, y: 10, width: -5, height: -5),
                 b: Rect(x: 4, y: 4, width: 2, height: 2), expected: true),
            Case(name: "negative sizes apart", a: Rect(x: 10, y: 10, width: -5, height: -5),
                 b: Rect(x: 0, y: 0, width: 4.5, height: 4.5), expected: false),
            Case(name: "null vs null", a: .null, b: .null, expected: false),
            Case(name: "null vs zero", a: .null, b: .zero, expected: false),
            Case(name: "null vs square", a: .null, b: square, expected: false),
            Case(name: "null vs infinite", a: .null, b: .infinite, expected: false),
            Case(name: "null in y only vs infinite", a: Rect(x: 0, y: .infinity, width: 10, height: 10),
                 b: .infinite, expected: false),
            Case(name: "null in x only with negative width vs infinite",
                 a: Rect(x: .infinity, y: 0, width: -.infinity, height: 10), b: .infinite, expected: false),
            Case(name: "infinite vs infinite", a: .infinite, b: .infinite, expected: true),
            Case(name: "infinite vs square", a: .infinite, b: square, expected: true),
            Case(name: "infinite vs zero-size at origin", a: .infinite, b: .zero, expected: true),
            Case(name: "infinite vs 1e300", a: .infinite, b: Rect(x: 1e300, y: -1e300, width: 1, height: 1),
                 expected: true),
            Case(name: "infinite vs beyond its edge", a: .infinite, b: Rect(x: g, y: 0, width: 1, height: 1),
                 expected: false),
            Case(name: "+infinity width vs far right", a: Rect(x: 0, y: 0, width: .infinity, height: 10),
                 b: Rect(x: 1e300, y: 5, width: 1, height: 1), expected: true),
            Case(name: "+infinity width vs left of it", a: Rect(x: 0, y: 0, width: .infinity, height: 10),
                 b: Rect(x: -5, y: 0, width: 4, height: 10), expected: false),
            Case(name: "+infinity sizes vs each other", a: Rect(x: 0, y: 0, width: .infinity, height: .infinity),
                 b: Rect(x: 1e308, y: 1e308, width: .infinity, height: 0), expected: true),
            // Foundation traps on an infinite negative width (standardised, it is an origin of -infinity with an
            // infinite width, whose maxX is -inf + inf = NaN); Rect answers false, as for a NaN edge.
            Case(name: "-infinity width (Foundation traps)", a: Rect(x: 0, y: 0, width: -.infinity, height: 10),
                 b: Rect(x: -1e300, y: 0, width: 1, height: 1), expected: false),
            Case(name: "origin at -infinity vs finite", a: Rect(x: -.infinity, y: 0, width: 10, height: 10),
                 b: square, expected: false),
            Case(name: "origin at -infinity vs origin at -infinity",
                 a: Rect(x: -.infinity, y: 0, width: 10, height: 10),
                 b: Rect(x: -.infinity, y: 5, width: 1, height: 1), expected: true),
            Case(name: "origin at -infinity vs -infinity width (Foundation traps)",
                 a: Rect(x: -.infinity, y: 0, width: 10, height: 10),
                 b: Rect(x: 0, y: 0, width: -.infinity, height: 10), expected: false),
            Case(name: "origin at -infinity with +infinity width (Foundation traps)",
                 a: Rect(x: -.infinity, y: 0, width: .infinity, height: 10), b: square, expected: false),
            Case(name: "huge overlapping", a: Rect(x: 1e300, y: 1e300, width: 1e300, height: 1e300),
                 b: Rect(x: 1.5e300, y: 1.5e300, width: 1, height: 1), expected: true),
            Case(name: "huge apart", a: Rect(x: 1e300, y: 0, width: 1, height: 1),
                 b: Rect(x: -1e300, y: 0, width: 1, height: 1), expected: false),
            Case(name: "huge touching", a: Rect(x: 0, y: 0, width: 1e300, height: 1),
                 b: Rect(x: 1e300, y: 0, width: 1, height: 1), expected: true),
            Case(name: "small offset absorbed by 1e300", a: Rect(x: 1e300, y: 0, width: 1, height: 1),
                 b: Rect(x: 1e300 + 1, y: 0, width: 0, height: 0), expected: true),
            Case(name: "maxX overflows to +infinity", a: Rect(x: g, y: 0, width: g, height: 1),
                 b: Rect(x: g, y: 0, width: 0, height: 0), expected: true),
        ]
    }()

    @Test("intersects on explicit edge cases, both orders, agrees with CGRect", arguments: edgeCases)
    func intersectsEdgeCase(_ c: Case) {
        // Foundation traps on a few of the infinite cases; there the table is the only oracle.
        if c.foundationSafe {
            #expect(cg(c.a).intersects(cg(c.b)) == c.expected, "Foundation disagrees with the table")
        }
        #expect(c.a.intersects(c.b) == c.expected)
        #expect(c.b.intersects(c.a) == c.expected)
    }

    @Test("intersection on explicit edge cases agrees with CGRect.intersection", arguments: edgeCases)
    func intersectionEdgeCase(_ c: Case) {
        let expected = c.foundationSafe ? cg(c.a).intersection(cg(c.b)) : nil
        for actual in [c.a.intersection(c.b), c.b.intersection(c.a)] {
            #expect(actual.isNull == !c.expected)
            guard let expected else { continue }
            #expect(actual.isNull == expected.isNull)
            if !actual.isNull && !expected.isNull {
                #expect(zip(edges(actual), edges(expected)).allSatisfy(sameValue),
                        "edges \(edges(actual)), CGRect edges \(edges(expected))")
            }
        }
    }

    /// Two rects whose x ranges are both the single point -infinity intersect. A width computed as `x1 - x0` would be
    /// `-inf - (-inf) = NaN`; `CGRect.intersection` keeps the first rect's width (10), so maxX is -inf.
    @Test("intersection of two rects at x = -infinity keeps a non-NaN edge, as CGRect does")
    func intersectionAtMinusInfinity() {
        let a = Rect(x: -.infinity, y: 0, width: 10, height: 10)
        let b = Rect(x: -.infinity, y: 5, width: 1, height: 1)
        let expected = cg(a).intersection(cg(b))
        #expect(edges(expected) == [-.infinity, 5, -.infinity, 6])
        let actual = a.intersection(b)
        #expect(!actual.isNull)
        #expect(zip(edges(actual), edges(expected)).allSatisfy(sameValue),
                "edges \(edges(actual)), CGRect edges \(edges(expected))")
        #expect(actual.size.width == 10)
        #expect(b.intersection(a).size.width == Double(cg(b).intersection(cg(a)).size.width))
    }

    @Test("touching rects intersect in a zero-size, non-null rect")
    func touchingIntersectionIsDegenerate() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 10, y: 10, width: 5, height: 5)
        let i = a.intersection(b)
        #expect(!i.isNull)
        #expect(i.isEmpty)
        #expect(edges(i) == [10, 10, 10, 10])
        #expect(cg(i) == cg(a).intersection(cg(b)))
    }

    @Test("intersection with the infinite rect is the standardised rect itself")
    func intersectionWithInfinite() {
        let r = Rect(x: 7, y: -3, width: -4, height: 2.5)
        let i = r.intersection(.infinite)
        #expect(edges(i) == edges(r))
        #expect(edges(i) == edges(cg(r).intersection(.infinite)))
        #expect(Rect.infinite.intersection(.infinite) == .infinite)
        #expect(Rect.null.intersection(.infinite).isNull)
        #expect(Rect.null.intersection(.null).isNull)
    }

    // MARK: NaN (Foundation traps on it, so Rect's documented answer is checked without the oracle)

    /// A rect that intersects the partners below, with NaN put into one of its four fields.
    static func nanRect(field: Int) -> Rect {
        var r = Rect(x: 1, y: 1, width: 5, height: 5)
        switch field {
        case 0: r.origin.x = .nan
        case 1: r.origin.y = .nan
        case 2: r.size.width = .nan
        default: r.size.height = .nan
        }
        return r
    }

    @Test("a NaN field makes intersects false, in either operand", arguments: 0..<4)
    func nanIntersectsNothing(field: Int) {
        let r = Self.nanRect(field: field)
        let partners: [Rect] = [
            .infinite, Rect(x: 1, y: 1, width: 5, height: 5), Rect(x: 0, y: 0, width: 10, height: 10), .zero,
            Rect(x: 3, y: 3, width: 0, height: 0), Rect(x: 10, y: 10, width: -20, height: -20),
            Self.nanRect(field: (field + 1) % 4), r, .null,
        ]
        for partner in partners {
            #expect(!r.intersects(partner), "\(r) vs \(partner)")
            #expect(!partner.intersects(r), "\(partner) vs \(r)")
            #expect(r.intersection(partner).isNull, "\(r) ∩ \(partner)")
            #expect(partner.intersection(r).isNull, "\(partner) ∩ \(r)")
        }
        // Without the NaN, the same rect does intersect the first partners: the NaN is what makes the difference.
        let clean = Rect(x: 1, y: 1, width: 5, height: 5)
        #expect(clean.intersects(.infinite) && clean.intersects(Rect(x: 0, y: 0, width: 10, height: 10)))
    }
}
