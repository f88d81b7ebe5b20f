#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one of two cost curves over a size n becomes cheaper than the other.
///
/// Both series are compared at the sizes they share. Between two neighbouring shared sizes where the sign of
/// ln a − ln b changes, the crossover is interpolated linearly on log-log axes (the size where the straight lines
/// between the measured points meet). Sizes where the two are equal, or within `tolerance` of each other (a ratio
/// within 1 ± tolerance), are ties: an order that changes across a run of ties crosses over at the run's geometric
/// middle, and an order that is the same on both sides of it does not cross at all, so noise between two variants of
/// the same cost makes no crossover. Sizes outside the shared range are not extrapolated: "none in range" means none
/// between the smallest and largest shared size.
public struct Crossover: Hashable, Sendable {
    /// The interpolated size at which the order changes.
    public var n: Double
    /// Which series is cheaper above ``n``.
    public var cheaperAbove: Side

    /// One of the two compared series.
    public enum Side: String, Hashable, Sendable {
        /// The first series passed to `crossovers(_:_:)`.
        case first
        /// The second series passed to `crossovers(_:_:)`.
        case second
    }

    /// Creates a crossover record.
    public init(n: Double, cheaperAbove: Side) {
        self.n = n
        self.cheaperAbove = cheaperAbove
    }

    /// Every crossover between series `a` and `b` (pairs of size and value, any order), by increasing size; empty
    /// when neither becomes cheaper than the other within the shared sizes, or they share fewer than two sizes with
    /// positive values. Ratios within 1 ± `tolerance` count as ties (see the type's documentation).
    ///
    /// - Complexity: O(m log m) for m points.
    public static func crossovers(_ a: [(n: Double, value: Double)], _ b: [(n: Double, value: Double)],
                                  tolerance: Double = 0) -> [Crossover] {
        let band = log(1 + max(0, tolerance))
        var valuesB: [Double: Double] = [:]
        for point in b where point.value > 0 && point.n > 0 { valuesB[point.n] = point.value }
        let shared = a.filter { $0.value > 0 && $0.n > 0 && valuesB[$0.n] != nil }.sorted { $0.n < $1.n }
        // (ln n, ln a − ln b) at each shared size.
        let differences = shared.compactMap { point -> (x: Double, d: Double)? in
            guard let other = valuesB[point.n] else { return nil }
            let d = log(point.value) - log(other)
            return (log(point.n), abs(d) <= band ? 0 : d)
        }
        var result: [Crossover] = []
        var previous: (x: Double, d: Double)?
        var ties: (first: Double, last: Double)?
        for current in differences {
            defer { if current.d != 0 { previous = current; ties = nil } }
            if current.d == 0 {
                ties = (ties?.first ?? current.x, current.x)
                continue
            }
            guard let before = previous else { continue }
            if before.d.sign == current.d.sign { continue }
            let x: Double
            if let ties {
                x = (ties.first + ties.last) / 2
            } else {
                x = before.x + (current.x - before.x) * before.d / (before.d - current.d)
            }
            result.append(Crossover(n: exp(x), cheaperAbove: current.d < 0 ? .first : .second))
        }
        return result
    }
}
