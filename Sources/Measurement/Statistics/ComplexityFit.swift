#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a cost grows with a size: a power law fitted on log-log axes, and the best of a few Big-O models.
///
/// The candidates are Google Benchmark's O(1), O(log n), O(n), O(n log n) and O(n²), plus O(√n): a layout over a
/// square grid of n elements that scans one row or column of it (row buckets do) costs √n, which no other model fits.
///
/// **The exponent.** An ordinary least-squares line through (ln n, ln value): its slope b is the exponent of
/// value ≈ a·n^b. The interval is b ± t·SE(b), with t the Student quantile at (1 + confidence) / 2 on m − 2 degrees of
/// freedom (m points) and SE(b) = √(SSE / (m − 2) / Σ(ln n − mean)²). It needs three points or more; two points give
/// the slope with no interval. Points whose value is not positive are left out of this fit (a logarithm needs a
/// positive value), so a metric that is 0 everywhere has no exponent.
///
/// **The Big-O class,** after Google Benchmark's `oAuto` (`complexity.cc`, `MinimalLeastSq`): each model f in
/// ``ComplexityClass`` gets a least-squares coefficient c and an RMS error, and the class with the smallest error wins,
/// with two changes:
/// - *Relative residuals.* Google Benchmark minimises Σ (value − c·f(n))² and divides the RMS by the mean value, so
///   over sizes that span six decades only the largest two or three sizes count, and O(n) and O(n log n) look alike.
///   Here, when every value is positive, the residuals are relative: c minimises Σ ((value − c·f(n)) / value)², that is
///   c = Σ (f/value) / Σ (f/value)², and the error is the RMS of (value − c·f(n)) / value. Every size counts alike.
///   With a zero among the values it falls back to Google Benchmark's absolute residuals divided by the mean.
/// - *A penalty for complexity.* The chosen class is the simplest whose error is at most `tolerance` (default 0.05,
///   five per cent) above the smallest, so noise cannot promote O(1) data to O(log n), while a real trend over the
///   10²…10⁸ range of a scaling suite (log n grows fourfold over it) is far beyond the tolerance.
///
/// - Complexity: O(m) for m points, plus a fixed-cost quantile search.
public struct ComplexityFit: Hashable, Sendable {
    /// One candidate model and how well it fits.
    public struct Candidate: Hashable, Sendable {
        /// The model.
        public var model: ComplexityClass
        /// The least-squares coefficient: value ≈ coefficient · f(n).
        public var coefficient: Double
        /// The RMS of the relative residuals (or, with a zero among the values, the RMS error over the mean value).
        public var normalisedRMS: Double
    }

    /// The number of points fitted.
    public var pointCount: Int
    /// The smallest and largest size fitted.
    public var sizeRange: ClosedRange<Double>
    /// The log-log slope: value ≈ e^intercept · n^exponent; `nil` with fewer than two positive values or one size.
    public var exponent: Double?
    /// The lower bound of the exponent's confidence interval; `nil` with fewer than three positive values.
    public var exponentLower: Double?
    /// The upper bound of the exponent's confidence interval; `nil` with fewer than three positive values.
    public var exponentUpper: Double?
    /// The natural-log intercept of the log-log line.
    public var intercept: Double?
    /// The coefficient of determination of the log-log line, when there is one.
    public var rSquared: Double?
    /// The confidence of the exponent's interval, for example 0.95.
    public var confidence: Double
    /// Every model, in order of growth.
    public var candidates: [Candidate]
    /// The chosen model (see the type's documentation for the rule).
    public var best: Candidate

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

        // The log-log line.
        let positive = points.filter { $0.value > 0 }
        let xs = positive.map { log($0.n) }, ys = positive.map { log($0.value) }
        let m = Double(positive.count)
        let meanX = xs.reduce(0, +) / max(m, 1), meanY = ys.reduce(0, +) / max(m, 1)
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        if positive.count >= 2, sxx > 0 {
            let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
            let slope = sxy / sxx
            let intercept = meanY - slope * meanX
            let sse = zip(xs, ys).reduce(0) { $0 + pow($1.1 - (intercept + slope * $1.0), 2) }
            let syy = ys.reduce(0) { $0 + ($1 - meanY) * ($1 - meanY) }
            exponent = slope
            self.intercept = intercept
            rSquared = syy > 0 ? 1 - sse / syy : 1
            if positive.count >= 3 {
                let standardError = (sse / (m - 2) / sxx).squareRoot()
                let t = StudentT.quantile((1 + confidence) / 2, degreesOfFreedom: m - 2)
                exponentLower = slope - t * standardError
                exponentUpper = slope + t * standardError
            }
        }

        // The Big-O candidates.
        let mean = points.reduce(0) { $0 + $1.value } / Double(points.count)
        let relative = points.allSatisfy { $0.value > 0 }
        candidates = ComplexityClass.allCases.map { model in
            // Each point weighs 1/value² with relative residuals, 1 with absolute ones.
            let weights = points.map { relative ? 1 / ($0.value * $0.value) : 1 }
            let shapes = points.map { model.shape($0.n) }
            var numerator = 0.0, denominator = 0.0
            for i in points.indices {
                numerator += weights[i] * points[i].value * shapes[i]
                denominator += weights[i] * shapes[i] * shapes[i]
            }
            let coefficient = denominator > 0 ? numerator / denominator : 0
            var squares = 0.0
            for i in points.indices {
                squares += weights[i] * pow(points[i].value - coefficient * shapes[i], 2)
            }
            let rms = (squares / Double(points.count)).squareRoot()
            let error = relative ? rms : (mean > 0 ? rms / mean : 0)
            return Candidate(model: model, coefficient: coefficient, normalisedRMS: error)
        }
        let smallest = candidates.map(\.normalisedRMS).min() ?? 0
        best = candidates.first { $0.normalisedRMS <= smallest + tolerance } ?? candidates[0]
    }

    /// The fitted power law at `n`, e^intercept · n^exponent; `nil` without an exponent.
    public func powerLaw(at n: Double) -> Double? {
        guard let exponent, let intercept else { return nil }
        return exp(intercept + exponent * log(n))
    }
}
