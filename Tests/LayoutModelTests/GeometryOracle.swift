import Foundation
import LayoutModel
import SeededRandom

// Shared helpers for the geometry tests: Foundation's `CGRect` is the oracle, and every random input comes from a
// seeded generator so a failure reproduces exactly.

/// The `CGRect` with the same origin and size (no standardisation).
func cg(_ r: Rect) -> CGRect {
    CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
}

/// SplitMix64 with a helper to pick from an array: seeded, so a failure reproduces exactly.
struct GeometryRNG: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(state: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}

/// How random coordinates are quantised. Integers, halves and quarters are exact in binary, so every sum and
/// difference of them is exact and results can be compared with `==`; thirds are not, so edges built from them are
/// compared within a tiny tolerance.
enum CoordinateGrid: String, CaseIterable, Sendable {
    case integers
    case halves
    case quarters
    case thirds

    var divisor: Double {
        switch self {
        case .integers: 1
        case .halves: 2
        case .quarters: 4
        case .thirds: 3
        }
    }

    /// Whether arithmetic on small values of this grid is exact.
    var isExact: Bool { self != .thirds }
}

extension GeometryRNG {
    /// An origin coordinate on a small grid, so that edges of different rects coincide often; now and then an
    /// explicit `0.0` or `-0.0`.
    mutating func coordinate(on grid: CoordinateGrid) -> Double {
        switch Int.random(in: 0..<16, using: &self) {
        case 0: return -0.0
        case 1: return 0.0
        default: return Double(Int.random(in: -3 * Int(grid.divisor)...3 * Int(grid.divisor), using: &self)) / grid.divisor
        }
    }

    /// An extent on a small grid: often zero (or `-0.0`), often negative.
    mutating func extent(on grid: CoordinateGrid) -> Double {
        switch Int.random(in: 0..<12, using: &self) {
        case 0, 1: return 0.0
        case 2: return -0.0
        default: return Double(Int.random(in: -3 * Int(grid.divisor)...4 * Int(grid.divisor), using: &self)) / grid.divisor
        }
    }

    /// A rect with every field on `grid`.
    mutating func rect(on grid: CoordinateGrid) -> Rect {
        Rect(x: coordinate(on: grid), y: coordinate(on: grid), width: extent(on: grid), height: extent(on: grid))
    }

    /// A rect that mixes small grid values with extreme ones: infinities, 1e300, the largest finite magnitude, and
    /// the null and infinite rects. Never NaN, and never a combination Foundation traps on.
    mutating func extremeRect() -> Rect {
        let origins: [Double] = [
            0, -0.0, 1, -1, 0.5, 2, -3, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            -.greatestFiniteMagnitude / 2, -.infinity, 1e-300,
        ]
        let extents: [Double] = [
            0, -0.0, 1, -1, 2.5, -2.5, 4, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .infinity, -.infinity, 1e-300,
        ]
        while true {
            let rect: Rect
            switch Int.random(in: 0..<20, using: &self) {
            case 0: rect = .null
            case 1: rect = .infinite
            case 2: rect = Rect(x: .infinity, y: pick(origins), width: pick(extents), height: pick(extents))
            case 3, 4: rect = self.rect(on: .halves)
            default: rect = Rect(x: pick(origins), y: pick(origins), width: pick(extents), height: pick(extents))
            }
            if isFoundationSafe(rect) { return rect }
        }
    }
}

/// Whether Foundation's `CGRect.intersection` and `intersects` can be called on `r` without trapping.
///
/// Foundation standardises the rect and builds `minX...maxX` ranges from the result, which trap when an edge is
/// NaN: any NaN field, or a standardised origin of `-infinity` with an infinite extent (`-inf + inf`), which is an
/// origin of `-infinity` with an infinite width, or an infinite negative width from any origin. A null rect is
/// answered before anything is computed.
func isFoundationSafe(_ r: Rect) -> Bool {
    let fields = [r.origin.x, r.origin.y, r.size.width, r.size.height]
    if fields.contains(where: \.isNaN) { return false }
    if r.origin.x == .infinity || r.origin.y == .infinity { return true }  // null: Foundation returns early
    func axisIsSafe(origin: Double, extent: Double) -> Bool {
        let standardizedOrigin = origin + Swift.min(extent, 0)
        return !(standardizedOrigin == -.infinity && extent.isInfinite)
    }
    return axisIsSafe(origin: r.origin.x, extent: r.size.width)
        && axisIsSafe(origin: r.origin.y, extent: r.size.height)
}

/// `a == b`, or both NaN.
func sameValue(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}

/// `a` and `b` agree to within a few units in the last place of values of magnitude up to `scale`.
func nearlySame(_ a: Double, _ b: Double, scale: Double = 16) -> Bool {
    sameValue(a, b) || abs(a - b) <= 8 * scale.ulp
}

/// The four edges of a `Rect`, for messages and comparisons.
func edges(_ r: Rect) -> [Double] { [r.minX, r.minY, r.maxX, r.maxY] }

/// The four edges of a `CGRect`.
func edges(_ r: CGRect) -> [Double] { [Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY)] }
