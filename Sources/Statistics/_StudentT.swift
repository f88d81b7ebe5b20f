#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t distribution, for the confidence interval of a least-squares slope.
enum StudentT {
    /// P(T ≤ t) for `degreesOfFreedom` ν > 0, through the regularised incomplete beta function:
    /// P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2).
    static func cumulative(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        let tail = 0.5 * regularisedIncompleteBeta(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The quantile: the t with P(T ≤ t) = `p`, for `p` in (0, 1), by bisection to the last bit.
    static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs a probability strictly between 0 and 1")
        precondition(nu > 0, "Student's t needs positive degrees of freedom")
        // One degree of freedom at p = 0.9995 is about 637; 1e7 bounds every quantile asked for in practice.
        var low = -1e7, high = 1e7
        for _ in 0..<300 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if cumulative(middle, degreesOfFreedom: nu) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// I_x(a, b), by the continued fraction of Numerical Recipes (§6.4), using the symmetry
    /// I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly.
    static func regularisedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// The continued fraction of I_x(a, b) by the modified Lentz method.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...300 {
            let m = Double(m)
            let m2 = 2 * m
            var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return h
    }
}
