/// A byte count in binary units, three significant digits: `512 B`, `6.25 MiB`, `1.49 GiB`.
public func formatBytes(_ bytes: Double) -> String {
    guard bytes.isFinite else { return "-" }
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var value = Swift.abs(bytes)
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    let text = unit == 0 ? formatWhole(value) : format(value, decimals: value < 10 ? 2 : value < 100 ? 1 : 0)
    return (bytes < 0 ? "-" : "") + text + " " + units[unit]
}
