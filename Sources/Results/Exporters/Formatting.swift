// Number and table formatting shared by the exporters and the command line.

/// Fixed-point formatting without Foundation: `format(1.234, decimals: 2)` is "1.23".
public func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    // Beyond 2^53 a Double holds no fraction, and beyond Int.max the conversion below would trap: such a figure
    // (a results file may hold any number) is written as Swift writes it, "1e+20".
    guard rounded < 9_007_199_254_740_992 else { return "\(value)" }
    let whole = Int(rounded / scale)
    let fraction = Int(rounded - Double(whole) * scale)
    let sign = value < 0 && rounded != 0 ? "-" : ""
    if decimals == 0 { return "\(sign)\(whole)" }
    let digits = String(fraction)
    return "\(sign)\(whole).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
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
    if ratio >= 100_000 {
        var exponent = 0
        var mantissa = ratio
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        return "\(format(mantissa, decimals: 1))e\(exponent)x"
    }
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
