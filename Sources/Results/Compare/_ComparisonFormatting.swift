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
    if text.contains("."), !text.contains("e") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}

/// A change of a figure: `0 → 1 calls (+1)`, `241.31 → 241.52 instructions/cell (+0.21, +0.087 %)`,
/// `1.20 µs → 1.45 µs`. Two different figures never print alike: they get as many digits as tell them apart, and a
/// deterministic change states its difference, and its percentage where the figure before is not zero.
func formatChange(_ before: Double, _ after: Double, unit: String) -> String {
    if unit == "ns" { return "\(formatDuration(nanoseconds: before)) → \(formatDuration(nanoseconds: after))" }
    let (b, a) = formatNumbers(before, after)
    let text = "\(b) → \(a)\(unit.isEmpty ? "" : " \(unit)")"
    return before == after || !before.isFinite || !after.isFinite ? text : "\(text) (\(formatDelta(before, after)))"
}

/// The difference of two figures, signed, and its percentage of the first where that is not zero: `+316, +1.886 %`.
func formatDelta(_ before: Double, _ after: Double) -> String {
    let delta = after - before
    var text = (delta > 0 ? "+" : "") + formatNumber(delta)
    if before != 0 {
        let percent = 100 * delta / abs(before)
        text += ", " + (percent > 0 ? "+" : "") + formatNumber(percent) + " %"
    }
    return text
}

/// Two figures as ``formatNumber(_:)`` prints them when they are equal or whole; otherwise both with the same
/// decimals, enough to show their difference to two significant digits: `241.31` and `241.52`, never `241.3` twice.
func formatNumbers(_ before: Double, _ after: Double) -> (String, String) {
    let delta = abs(after - before)
    guard before != after, before.isFinite, after.isFinite, delta.isFinite,
          before != before.rounded() || after != after.rounded() || delta < 1
    else { return (formatNumber(before), formatNumber(after)) }
    let smallest = [abs(before), abs(after)].filter { $0 > 0 }.min() ?? 0
    let significant = smallest > 0 ? 3 - Int(log10(smallest).rounded(.down)) : 0
    let showingDelta = 1 - Int(log10(delta).rounded(.down))
    let decimals = Swift.min(12, Swift.max(0, significant, showingDelta))
    func trimmed(_ value: Double) -> String {
        var text = format(value, decimals: decimals)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
    return (trimmed(before), trimmed(after))
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
