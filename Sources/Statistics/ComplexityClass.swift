#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growth model for a cost against a size n: the candidates of ``ComplexityFit``, from the slowest growing.
public enum ComplexityClass: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    /// Constant: f(n) = 1.
    case constant = "O(1)"
    /// Logarithmic: f(n) = log₂ n.
    case logarithmic = "O(log n)"
    /// Square root: f(n) = √n, the cost of one row or column of a square grid of n elements.
    case squareRoot = "O(√n)"
    /// Linear: f(n) = n.
    case linear = "O(n)"
    /// Linearithmic: f(n) = n log₂ n.
    case linearithmic = "O(n log n)"
    /// Quadratic: f(n) = n².
    case quadratic = "O(n²)"

    /// The model's shape at `n`; the fit scales it by a coefficient.
    public func shape(_ n: Double) -> Double {
        switch self {
        case .constant: return 1
        case .logarithmic: return log2(n)
        case .squareRoot: return n.squareRoot()
        case .linear: return n
        case .linearithmic: return n * log2(n)
        case .quadratic: return n * n
        }
    }

    /// The classes in order of growth: a simpler model is one earlier in this order.
    public static func < (lhs: ComplexityClass, rhs: ComplexityClass) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}
