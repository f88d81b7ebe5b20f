#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution, for the large-sample approximations of the rank tests.
enum StandardNormal {
    /// The upper tail, P(Z > z), computed through `erfc` so that small tail probabilities keep their precision.
    static func upperTail(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }

    /// The quantile: the z with P(Z ≤ z) = `p`, for `p` in (0, 1).
    ///
    /// Found by bisection on ``upperTail(_:)``, to the last bit in 200 steps at most: a few microseconds, paid once
    /// per comparison, and free of the constants of a rational approximation.
    static func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs a probability strictly between 0 and 1")
        var low = -40.0, high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            // P(Z ≤ z) = P(Z > -z), which keeps its precision in the lower tail too.
            if upperTail(-middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
