#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a cost grows with a size, after a fixed cost: value ≈ a + c·n^k, and the best of a few Big-O models
/// value ≈ a + c·f(n), with a ≥ 0 the fixed cost (a frame's or a query's set-up) and c ≥ 0 the growth.
///
/// A pure power law fitted on log-log axes cannot tell a fixed cost from slow growth: a full rebuild that costs
/// 5 µs + 35 ns·n has a log-log slope of 0.76 from 10² to 10⁶ elements, and reads as O(√n) though it is O(n) by
/// construction. Every model here has its own fixed cost, so the growth is judged on what grows.
///
/// **Residuals.** When every value is positive the residuals are relative: a model minimises
/// Σ ((value − a − c·f(n)) / value)², so every size counts alike over six decades (absolute residuals would let only
/// the largest two or three sizes count). With a zero among the values the residuals are absolute and the error is
/// divided by the mean value, as Google Benchmark's `oAuto` does (`complexity.cc`, `MinimalLeastSq`). For a given f
/// the fit is a weighted linear least squares in (a, c); the constraint a, c ≥ 0 is met by taking the best feasible
/// of the unconstrained solution and the two boundary solutions (a = 0, or c = 0).
///
/// **The exponent** k of a + c·n^k minimises the same residuals over k in 0…3: a grid of 0.005, then a golden-section
/// search around the best grid point. Its interval is the profile-likelihood interval, the k whose residual sum is at
/// most SSE_min · (1 + t² / (m − 3)), with t the Student quantile at (1 + confidence) / 2 on m − 3 degrees of freedom
/// for m points (Bates and Watts, *Nonlinear Regression Analysis*, 1988, §6.1). It needs four points or more.
///
/// **The Big-O class:** each model f in ``ComplexityClass`` gets its (a, c) and an RMS error, and the class chosen is
/// the simplest whose error is at most `tolerance` (default 0.05, five per cent) above the smallest, so noise cannot
/// promote O(1) data to O(log n), while a real trend over the 10²…10⁸ range of a scaling suite is far beyond it.
///
/// - Complexity: O(m) for m points, times the 600-point grid of the exponent, plus a fixed-cost quantile search.
public struct ComplexityFit: Hashable, Sendable {
    /// One candidate model and how well it fits.
    public struct Candidate: Hashable, Sendable {
        /// The model.
        public var model: ComplexityClass
        /// The fixed cost a of value ≈ a + coefficient · f(n); 0 for ``ComplexityClass/constant``, whose level is the
        /// coefficient.
        public var fixedCost: Double
        /// The growth coefficient c: value ≈ fixedCost + c · f(n).
        public var coefficient: Double
        /// The RMS of the relative residuals (or, with a zero among the values, the RMS error over the mean value).
        public var normalisedRMS: Double
    }

    /// The number of points fitted.
    public var pointCount: Int
    /// The smallest and largest size fitted.
    public var sizeRange: ClosedRange<Double>
    /// The growth exponent k of value ≈ fixedCost + growthCoefficient · n^k, in 0…3; 0 when nothing grows (the best
    /// fit is flat) or no growth can be told from the noise; `nil` with fewer than three points or a single size.
    public var exponent: Double?
    /// The lower bound of the exponent's profile-likelihood interval; `nil` with fewer than four points, or when
    /// nothing grows.
    public var exponentLower: Double?
    /// The upper bound of the exponent's profile-likelihood interval; `nil` with fewer than four points.
    public var exponentUpper: Double?
    /// The fixed cost a of the exponent's model.
    public var fixedCost: Double?
    /// The growth coefficient c of the exponent's model.
    public var growthCoefficient: Double?
    /// The coefficient of determination of the exponent's model, in the residuals' weighting.
    public var rSquared: Double?
    /// The confidence of the exponent's interval, for example 0.95.
    public var confidence: Double
    /// Every model, in order of growth.
    public var candidates: [Candidate]
    /// The chosen model (see the type's documentation for the rule).
    public var best: Candidate

    /// The exponents searched: a grid of this step over 0…``maximumExponent``, refined around the best.
    static let exponentStep = 0.005
    /// The largest exponent searched.
    public static let maximumExponent = 3.0

    /// Fits `points` (size n > 0, value ≥ 0); `nil` when there are no usable points (non-finite values and sizes
    /// below 1 are dropped) or `confidence` is not strictly between 0 and 1.
    public init?(points: [(n: Double, value: Double)], confidence: Double = 0.95, tolerance: Double = 0.05) {
        let points = points.filter { $0.n >= 1 && $0.n.isFinite && $0.value.isFinite && $0.value >= 0 }
        guard !points.isEmpty, confidence > 0, confidence < 1,
              let low = points.map(\.n).min(), let high = points.map(\.n).max()
        else { return nil }
        pointCount = points.count
        sizeRange = low...high
        self.confidence = confidence
        let data = _WeightedPoints(points)

        // The Big-O candidates.
        candidates = ComplexityClass.allCases.map { model in
            let line = data.fit { model.shape($0) }
            // The constant model's level is its coefficient; its fixed cost and growth are one term.
            let (fixed, coefficient) = model == .constant ? (0, line.a + line.c) : (line.a, line.c)
            return Candidate(model: model, fixedCost: fixed, coefficient: coefficient,
                             normalisedRMS: data.normalisedRMS(line.sse))
        }
        let smallest = candidates.map(\.normalisedRMS).min() ?? 0
        best = candidates.first { $0.normalisedRMS <= smallest + tolerance } ?? candidates[0]

        // The exponent of a + c·n^k.
        guard points.count >= 3, high > low else { return }
        let profile = { (k: Double) -> _WeightedPoints.Line in data.fit { pow($0, k) } }
        let grid = stride(from: 0, through: Self.maximumExponent, by: Self.exponentStep).map { ($0, profile($0).sse) }
        guard let bestIndex = grid.indices.min(by: { grid[$0].1 < grid[$1].1 }) else { return }
        let k = _minimise(
            profile: { profile($0).sse },
            in: max(0, grid[bestIndex].0 - Self.exponentStep)...min(Self.maximumExponent,
                                                                    grid[bestIndex].0 + Self.exponentStep))
        var line = profile(k)
        exponent = k
        if points.count >= 4 {
            let degrees = Double(points.count - 3)
            let t = StudentT.quantile((1 + confidence) / 2, degreesOfFreedom: degrees)
            let limit = line.sse * (1 + t * t / degrees)
            let interval = _profileInterval(grid: grid, best: k, limit: limit) { profile($0).sse }
            exponentLower = interval.lowerBound
            exponentUpper = interval.upperBound
            // No growth the data can tell from noise (k = 0 is a constant, a + c): the exponent is 0, not whatever
            // k fits the noise best.
            if interval.lowerBound == 0 {
                exponent = 0
                line = profile(0)
            }
        }
        // Nothing grows (a series of zeros, or a falling one, whose best line is flat): every k fits alike, so the
        // exponent is 0 and has no interval.
        let sums = grid.map(\.1)
        if let lowest = sums.min(), let highest = sums.max(), highest - lowest <= 1e-12 * max(highest, 1e-300) {
            line = profile(0)
            exponent = 0
            exponentLower = nil
            exponentUpper = nil
        }
        fixedCost = line.a
        growthCoefficient = line.c
        let total = data.weightedTotalSumOfSquares
        rSquared = total > 0 ? max(0, 1 - line.sse / total) : 1
    }

    /// The fitted curve of the exponent's model at `n`, fixedCost + growthCoefficient · n^exponent; `nil` without an
    /// exponent.
    public func curve(at n: Double) -> Double? {
        guard let exponent, let fixedCost, let growthCoefficient else { return nil }
        return fixedCost + growthCoefficient * pow(n, exponent)
    }
}

/// The points of a fit with their weights: 1/value² when every value is positive (relative residuals), else 1.
struct _WeightedPoints {
    /// A fitted line value ≈ a + c·s, and its weighted residual sum of squares.
    struct Line { var a: Double, c: Double, sse: Double }

    var n: [Double]
    var value: [Double]
    var weight: [Double]
    var relative: Bool
    var mean: Double

    init(_ points: [(n: Double, value: Double)]) {
        n = points.map(\.n)
        value = points.map(\.value)
        let relative = points.allSatisfy { $0.value > 0 }
        self.relative = relative
        weight = points.map { relative ? 1 / ($0.value * $0.value) : 1 }
        mean = value.reduce(0, +) / Double(max(points.count, 1))
    }

    /// The RMS error behind `sse`: relative, or absolute over the mean.
    func normalisedRMS(_ sse: Double) -> Double {
        let rms = (sse / Double(max(n.count, 1))).squareRoot()
        return relative ? rms : (mean > 0 ? rms / mean : 0)
    }

    /// Σ w (value − weighted mean)², the weighted total sum of squares.
    var weightedTotalSumOfSquares: Double {
        let sw = weight.reduce(0, +)
        guard sw > 0 else { return 0 }
        let center = zip(weight, value).reduce(0) { $0 + $1.0 * $1.1 } / sw
        return zip(weight, value).reduce(0) { $0 + $1.0 * ($1.1 - center) * ($1.1 - center) }
    }

    /// The weighted least-squares a, c ≥ 0 of value ≈ a + c·shape(n): the best feasible of the unconstrained
    /// solution, a = 0 and c = 0.
    func fit(_ shape: (Double) -> Double) -> Line {
        var sw = 0.0, ss = 0.0, sss = 0.0, sy = 0.0, ssy = 0.0
        var shapes = [Double](repeating: 0, count: n.count)
        for i in n.indices {
            let s = shape(n[i]), w = weight[i], y = value[i]
            shapes[i] = s
            sw += w; ss += w * s; sss += w * s * s; sy += w * y; ssy += w * s * y
        }
        func sse(_ a: Double, _ c: Double) -> Double {
            var total = 0.0
            for i in n.indices {
                let r = value[i] - a - c * shapes[i]
                total += weight[i] * r * r
            }
            return total
        }
        var options: [(Double, Double)] = []
        let determinant = sw * sss - ss * ss
        if determinant > 1e-12 * sw * sss {
            let a = (sss * sy - ss * ssy) / determinant, c = (sw * ssy - ss * sy) / determinant
            if a >= 0, c >= 0 { options.append((a, c)) }
        }
        // A flat line first: where the shape is constant (k = 0) it fits as well as any split of a and c, and the
        // level belongs to the fixed cost.
        if sw > 0 { options.append((max(0, sy / sw), 0)) }
        if sss > 0 { options.append((0, max(0, ssy / sss))) }
        let lines = options.map { Line(a: $0.0, c: $0.1, sse: sse($0.0, $0.1)) }
        return lines.min { $0.sse < $1.sse } ?? Line(a: 0, c: 0, sse: sse(0, 0))
    }
}

/// The minimum of a unimodal `profile` on `range`, by golden-section search to 1e-12.
func _minimise(profile: (Double) -> Double, in range: ClosedRange<Double>) -> Double {
    let ratio = (5.0.squareRoot() - 1) / 2
    var low = range.lowerBound, high = range.upperBound
    var x1 = high - ratio * (high - low), x2 = low + ratio * (high - low)
    var f1 = profile(x1), f2 = profile(x2)
    while high - low > 1e-12 {
        if f1 <= f2 {
            high = x2; x2 = x1; f2 = f1
            x1 = high - ratio * (high - low); f1 = profile(x1)
        } else {
            low = x1; x1 = x2; f1 = f2
            x2 = low + ratio * (high - low); f2 = profile(x2)
        }
    }
    let middle = (low + high) / 2
    // The search keeps the bracket's best; an end of the range may still be better (a minimum at k = 0).
    return [range.lowerBound, middle, range.upperBound].min { profile($0) < profile($1) } ?? middle
}

/// The profile-likelihood interval: the hull of `best` and every grid exponent whose residual sum is at most `limit`,
/// each end refined by bisection toward its outside neighbour on the grid (to 1e-9). A profile need not be monotone
/// on each side of its minimum, so the hull is taken rather than the first crossing.
func _profileInterval(grid: [(Double, Double)], best: Double, limit: Double,
                      profile: (Double) -> Double) -> ClosedRange<Double> {
    let inside = grid.indices.filter { grid[$0].1 <= limit }
    var lower = best, upper = best
    if let first = inside.first, grid[first].0 < lower {
        lower = first > 0 ? _boundary(inside: grid[first].0, outside: grid[first - 1].0, limit: limit, profile) : 0
    } else if let below = grid.last(where: { $0.0 < best }) {
        lower = _boundary(inside: best, outside: below.0, limit: limit, profile)
    }
    if let last = inside.last, grid[last].0 > upper {
        upper = last < grid.count - 1
            ? _boundary(inside: grid[last].0, outside: grid[last + 1].0, limit: limit, profile) : grid[last].0
    } else if let above = grid.first(where: { $0.0 > best }) {
        upper = _boundary(inside: best, outside: above.0, limit: limit, profile)
    }
    return min(lower, best)...max(upper, best)
}

/// Where `profile` passes `limit` between `inside` (at most `limit`) and `outside`, by bisection to 1e-9; `inside`
/// when it does not pass it there.
func _boundary(inside: Double, outside: Double, limit: Double, _ profile: (Double) -> Double) -> Double {
    guard profile(outside) > limit else { return outside }
    var low = inside, high = outside
    while abs(high - low) > 1e-9 {
        let middle = (low + high) / 2
        if profile(middle) > limit { high = middle } else { low = middle }
    }
    return low
}
