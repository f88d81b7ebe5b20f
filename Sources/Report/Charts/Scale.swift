#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Results

/// A map from data values to pixels along one axis, linear or logarithmic, with its tick values.
struct Scale {
    /// The data range.
    var low: Double
    var high: Double
    /// The pixel range (`start` for `low`).
    var start: Double
    var end: Double
    /// Whether the axis is logarithmic (base 10).
    var logarithmic: Bool

    /// A scale over `values` (padded to whole decades on a log scale, to a nice range on a linear one).
    init(values: [Double], start: Double, end: Double, logarithmic: Bool, includeZero: Bool = false) {
        self.start = start
        self.end = end
        self.logarithmic = logarithmic
        // Clamped well inside Double's range, so the span, the ticks and the decades stay finite and few, whatever a
        // results file holds (a metric of 1.8e308 draws at the edge of the chart instead of trapping).
        let finite = values.filter { $0.isFinite && (!logarithmic || $0 > 0) }
            .map { Swift.min(Swift.max($0, logarithmic ? 1e-300 : -1e300), 1e300) }
        var low = finite.min() ?? (logarithmic ? 1 : 0)
        var high = finite.max() ?? (logarithmic ? 10 : 1)
        if logarithmic {
            low = pow(10, floor(log10(low)))
            high = pow(10, ceil(log10(high)))
            if high <= low { high = low * 10 }
        } else {
            if includeZero { low = min(0, low) }
            if high <= low { high = low + 1 }
            let step = Scale.niceStep((high - low) / 5)
            low = floor(low / step) * step
            high = ceil(high / step) * step
        }
        self.low = low
        self.high = high
    }

    /// The pixel of `value`.
    func callAsFunction(_ value: Double) -> Double {
        let fraction: Double
        if logarithmic {
            let v = max(value, low / 1e3)
            fraction = (log10(v) - log10(low)) / (log10(high) - log10(low))
        } else {
            fraction = (value - low) / (high - low)
        }
        return start + fraction * (end - start)
    }

    /// Tick values: powers of ten on a log scale (every other one when there are many), nice steps on a linear one.
    var ticks: [Double] {
        if logarithmic {
            let first = Int(log10(low).rounded()), last = Int(log10(high).rounded())
            let stride = last - first > 8 ? 2 : 1
            return Swift.stride(from: first, through: last, by: stride).map { pow(10, Double($0)) }
        }
        let step = Scale.niceStep((high - low) / 5)
        return Swift.stride(from: low, through: high + step / 2, by: step).map { $0 }
    }

    /// 1, 2 or 5 times a power of ten, near `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, floor(log10(raw)))
        let fraction = raw / power
        return (fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10) * power
    }
}

/// Tick labels: `10²`…`10⁸` for powers of ten of element counts, durations for nanoseconds, plain numbers else.
enum TickLabel {
    static func power(_ value: Double) -> String {
        // A results file may hold any number: a negative or non-finite one has no power of ten (log10 would give
        // NaN, and Int(NaN) traps).
        guard value.isFinite else { return format(value, decimals: 0) }
        if value < 0 { return "-" + power(-value) }
        if value == 0 { return "0" }
        let exponent = Int(log10(value).rounded())
        if (0...3).contains(exponent) { return String(Int(value.rounded())) }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let digits = String(abs(exponent)).compactMap { $0.wholeNumberValue.map { superscripts[$0] } }
        return "10" + (exponent < 0 ? "⁻" : "") + String(digits)
    }

    static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return "\(trim(nanoseconds)) ns" }
        if nanoseconds < 1_000_000 { return "\(trim(nanoseconds / 1_000)) µs" }
        if nanoseconds < 1_000_000_000 { return "\(trim(nanoseconds / 1_000_000)) ms" }
        return "\(trim(nanoseconds / 1_000_000_000)) s"
    }

    static func plain(_ value: Double) -> String {
        if abs(value) >= 10_000 { return power(value) }
        return trim(value)
    }

    /// A number with up to two decimals, trailing zeros removed.
    static func trim(_ value: Double) -> String {
        var text = format(value, decimals: 2)
        guard text.contains("."), !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
