// Number and table formatting shared by the exporters, the report and the command line. Every conversion of a
// figure to text goes through `format(_:decimals:)` or `formatScientific(_:significantDecimals:)`, which accept any
// `Double` and never trap: results files are input, and a metric of 1e20 (or 1.8e308) must print, not crash.

/// The largest magnitude whose fixed-point digits `format(_:decimals:)` writes exactly: 2^53. Every integer up to
/// it is a `Double`, and it is far below `Int.max` (2^63), where `Int(_:)` traps. Larger values are written in
/// scientific notation.
let exactIntegerLimit = 9_007_199_254_740_992.0

/// Fixed-point formatting without Foundation: `format(1.234, decimals: 2)` is "1.23".
///
/// Never traps, for any `Double` and any `decimals` (negative counts as 0). Non-finite values are `nan`, `inf` and
/// `-inf`. When `value` scaled by 10^decimals would exceed 2^53 (where a `Double` stops holding every integer),
/// decimals are dropped until it fits; a value of 2^53 or more is written in scientific notation, `1.00e20`.
public func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    if abs(value) >= exactIntegerLimit { return formatScientific(value, significantDecimals: max(2, decimals)) }
    var decimals = min(max(decimals, 0), 17)
    var scale = power10(decimals)
    while decimals > 0 && abs(value) * scale >= exactIntegerLimit {
        decimals -= 1
        scale /= 10
    }
    let rounded = (abs(value) * scale).rounded()
    // `rounded` < 2^53 + 1, so both conversions are exact and in range.
    let whole = Int(rounded / scale)
    let fraction = Int(rounded - Double(whole) * scale)
    let sign = value < 0 && rounded != 0 ? "-" : ""
    if decimals == 0 { return "\(sign)\(whole)" }
    let digits = String(fraction)
    return "\(sign)\(whole).\(String(repeating: "0", count: max(0, decimals - digits.count)))\(digits)"
}

/// Scientific notation with `significantDecimals` digits after the point: `formatScientific(1.5e20, …: 2)` is
/// "1.50e20", `formatScientific(-2.5e-7, …: 1)` is "-2.5e-7". Never traps; non-finite values as in
/// `format(_:decimals:)`, and 0 is "0".
public func formatScientific(_ value: Double, significantDecimals: Int) -> String {
    guard value.isFinite else { return format(value, decimals: 0) }
    guard value != 0 else { return "0" }
    let decimals = min(max(significantDecimals, 0), 15)
    let magnitude = abs(value)
    // The binary exponent gives the decimal one to within one; the loops settle it without overflow (1e308 / 1e308).
    var exponent = Int((Double(magnitude.exponent) * 0.30102999566398120).rounded(.down))
    var mantissa = scaled(magnitude, byPowerOf10: -exponent)
    while mantissa >= 10 { mantissa /= 10; exponent += 1 }
    while mantissa < 1 { mantissa *= 10; exponent -= 1 }
    // 9.996 with two decimals rounds to 10.00: write 1.00 and one more in the exponent.
    let unit = power10(decimals)
    if (mantissa * unit).rounded() >= 10 * unit { mantissa /= 10; exponent += 1 }
    return "\(value < 0 ? "-" : "")\(format(mantissa, decimals: decimals))e\(exponent)"
}

/// A count or other whole figure, rounded: `format(value, decimals: 0)`, never trapping. For table cells that used to
/// print `Int(value)`.
public func formatWhole(_ value: Double) -> String {
    format(value, decimals: 0)
}

/// 10^n for 0 ≤ n ≤ 308, exactly as repeated multiplication gives it.
private func power10(_ n: Int) -> Double {
    var result = 1.0
    for _ in 0..<max(0, n) { result *= 10 }
    return result
}

/// `value` × 10^power, in steps that neither overflow nor underflow for a finite `value` and |power| ≤ 400.
private func scaled(_ value: Double, byPowerOf10 power: Int) -> Double {
    var result = value
    var remaining = power
    while remaining > 0 { let step = min(remaining, 100); result *= power10(step); remaining -= step }
    while remaining < 0 { let step = min(-remaining, 100); result /= power10(step); remaining += step }
    return result
}

/// A duration in the unit that keeps it readable: ns, µs, ms or s.
public func formatDuration(nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return "\(format(nanoseconds, decimals: 0)) ns" }
    if nanoseconds < 1_000_000 { return "\(format(nanoseconds / 1_000, decimals: 2)) µs" }
    if nanoseconds < 1_000_000_000 { return "\(format(nanoseconds / 1_000_000, decimals: 2)) ms" }
    return "\(format(nanoseconds / 1_000_000_000, decimals: 2)) s"
}

/// A ratio such as `1234x` or `1.2e6x`.
public func formatRatio(_ ratio: Double) -> String {
    guard ratio.isFinite, ratio > 0 else { return "-" }
    if ratio >= 100_000 { return "\(formatScientific(ratio, significantDecimals: 1))x" }
    return ratio >= 10 ? "\(format(ratio, decimals: 0))x" : "\(format(ratio, decimals: 2))x"
}

/// Renders rows as a table with columns padded to their widest cell; numeric-looking columns are right-aligned.
public func renderTable(header: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
    let widths = header.indices.map { column in
        ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { column, cell in
            let pad = String(repeating: " ", count: widths[column] - cell.count)
            return rightAligned.contains(column) ? pad + cell : cell + pad
        }.joined(separator: "  ")
    }
    var out = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    out += rows.map(line)
    return out.joined(separator: "\n")
}
