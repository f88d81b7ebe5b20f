/// Formats a byte count with binary units: `1.5 GiB`.
public func formatBytes(_ bytes: Int) -> String {
    if bytes == .max { return "more than 8 EiB" }
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = Double(bytes)
    var unit = 0
    // Divide while the value, rounded to one decimal, would still read 1024 or more.
    while abs((value * 10).rounded() / 10) >= 1024 && unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : "\((value * 10).rounded() / 10) \(units[unit])"
}
