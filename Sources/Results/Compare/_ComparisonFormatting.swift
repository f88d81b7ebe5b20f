import Foundation

// Figures as comparisons, gates and their renderers print them.

/// A figure with its unit: durations in ns, µs, ms or s; other figures as integers, or to four significant digits,
/// followed by the unit (`0 calls`, `0.008333 calls`, `74.5 bytes/cell`).
func formatFigure(_ value: Double, unit: String) -> String {
    if unit == "ns" { return formatDuration(nanoseconds: value) }
    let number = formatNumber(value)
    return unit.isEmpty ? number : "\(number) \(unit)"
}

/// A number without needless digits: integers in full, others to four significant digits.
func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return format(value, decimals: 0) }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    let magnitude = Int(log10(abs(value)).rounded(.down))
    var text = format(value, decimals: min(12, max(0, 3 - magnitude)))
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}

/// A change of a figure: `0 → 1 calls`, `1.20 µs → 1.45 µs`.
func formatChange(_ before: Double, _ after: Double, unit: String) -> String {
    if unit == "ns" { return "\(formatDuration(nanoseconds: before)) → \(formatDuration(nanoseconds: after))" }
    return "\(formatNumber(before)) → \(formatFigure(after, unit: unit))"
}

/// A p-value to three decimals, or `<0.001`.
func formatPValue(_ p: Double) -> String {
    p < 0.001 ? "<0.001" : format(p, decimals: 3)
}

/// A ratio to three decimals: `1.103x`, or `-` when there is none.
func formatComparisonRatio(_ ratio: Double?) -> String {
    guard let ratio, ratio.isFinite else { return "-" }
    return "\(format(ratio, decimals: 3))x"
}

/// A ratio's interval: `[1.081, 1.125]`, or an empty string when there is none.
func formatInterval(_ low: Double?, _ high: Double?) -> String {
    guard let low, let high else { return "" }
    return "[\(format(low, decimals: 3)), \(format(high, decimals: 3))]"
}
