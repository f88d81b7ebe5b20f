import Foundation
import LayoutModel
import Testing

/// Edges, emptiness, nullness, standardisation and the constant rects, against `CGRect`.
@Suite("Rect basics against CGRect")
struct RectBasicsTests {
    /// Random grid rects, extreme rects, and a few named ones.
    static func sampleRects(seed: UInt64, count: Int) -> [Rect] {
        var rng = GeometryRNG(seed: seed)
        var rects: [Rect] = [
            .zero, .null, .infinite, Rect(x: -0.0, y: -0.0, width: -0.0, height: -0.0),
            Rect(x: 5, y: 5, width: -5, height: -0.0), Rect(x: 0, y: .infinity, width: 3, height: 3),
            Rect(x: -.infinity, y: 2, width: 3, height: -3), Rect(x: 1, y: 1, width: .infinity, height: -.infinity),
        ]
        for i in 0..<count {
            rects.append(i % 3 == 0 ? rng.extremeRect() : rng.rect(on: CoordinateGrid.allCases[i % 4]))
        }
        return rects
    }

    @Test("minX, maxX, minY, maxY, width and height match CGRect")
    func edgesMatchFoundation() {
        var mismatches: [String] = []
        for r in Self.sampleRects(seed: 51, count: 4_000) {
            let c = cg(r)
            let ours = [r.minX, r.maxX, r.minY, r.maxY, r.width, r.height]
            let theirs = [c.minX, c.maxX, c.minY, c.maxY, c.width, c.height].map(Double.init)
            if !zip(ours, theirs).allSatisfy(sameValue) {
                mismatches.append("\(r): \(ours) vs CGRect \(theirs)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("isNull and isEmpty match CGRect")
    func nullAndEmptyMatchFoundation() {
        var mismatches: [String] = []
        var empties = 0
        for r in Self.sampleRects(seed: 52, count: 4_000) {
            let c = cg(r)
            if r.isEmpty { empties += 1 }
            if r.isNull != c.isNull || r.isEmpty != c.isEmpty {
                mismatches.append("\(r): null \(r.isNull) empty \(r.isEmpty), CGRect null \(c.isNull) empty \(c.isEmpty)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        #expect(empties > 100)
    }

    @Test("standardized matches CGRect.standardized and has no negative extent")
    func standardizedMatchesFoundation() {
        var mismatches: [String] = []
        for r in Self.sampleRects(seed: 53, count: 4_000) {
            let s = r.standardized
            let c = cg(r).standardized
            if s.isNull != c.isNull {
                mismatches.append("\(r).standardized null \(s.isNull), CGRect null \(c.isNull)")
                continue
            }
            if s.isNull { continue }
            let ours = [s.origin.x, s.origin.y, s.size.width, s.size.height]
            let theirs = [c.origin.x, c.origin.y, c.size.width, c.size.height].map(Double.init)
            if !zip(ours, theirs).allSatisfy(sameValue) {
                mismatches.append("\(r).standardized = \(s), CGRect gives \(c)")
            }
            if s.size.width < 0 || s.size.height < 0 {
                mismatches.append("\(r).standardized = \(s) has a negative extent")
            }
            // Standardising keeps the minimum edges exactly (the maximum ones are a sum that may round) and is
            // idempotent.
            if !sameValue(s.minX, r.minX) || !sameValue(s.minY, r.minY) || s.standardized != s {
                mismatches.append("\(r).standardized = \(s) moved a minimum edge or is not idempotent")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test("the null of any rect standardises to .null")
    func standardizedNull() {
        #expect(Rect.null.standardized == .null)
        #expect(Rect(x: .infinity, y: 3, width: -4, height: -5).standardized == .null)
        #expect(Rect(x: 3, y: .infinity, width: -4, height: -5).standardized.isNull)
    }

    @Test("zero, null and infinite have CGRect's fields")
    func constantsMatchFoundation() {
        for (ours, theirs) in [(Rect.zero, CGRect.zero), (.null, .null), (.infinite, .infinite)] {
            let a = [ours.origin.x, ours.origin.y, ours.size.width, ours.size.height]
            let b = [theirs.origin.x, theirs.origin.y, theirs.size.width, theirs.size.height].map(Double.init)
            #expect(a == b, "\(ours) vs \(theirs)")
        }
        #expect(Rect.null.isNull && Rect.null.isEmpty)
        #expect(!Rect.infinite.isNull && !Rect.infinite.isEmpty)
        #expect(Rect.zero.isEmpty && !Rect.zero.isNull)
    }

    @Test("a negative size is not empty; a zero or -0.0 extent is")
    func emptiness() {
        #expect(!Rect(x: 0, y: 0, width: -1, height: -1).isEmpty)
        #expect(Rect(x: 0, y: 0, width: -0.0, height: 5).isEmpty)
        #expect(Rect(x: 0, y: 0, width: 5, height: 0).isEmpty)
        #expect(!Rect(x: -.infinity, y: 0, width: 1, height: 1).isNull)
    }
}
