/// The largest length, in points, that a family's parameter may take (spacing, insets, header and footer heights,
/// the carousel's sides): as large as the largest viewport side `--viewport` accepts. Without a bound, a spacing of
/// 1e300 over a million items makes the content size infinite, and the query sweep over it traps.
enum LengthLimit {
    /// The bound itself, 100000 points.
    static let largest = 100_000.0

    /// Why `value` cannot be the length `name` of a `family`, or `nil`: it must be finite, from `lowest` (exclusive
    /// when `positive`) up to ``largest``.
    static func problem(_ family: String, _ name: String, _ value: Double, positive: Bool = false) -> String? {
        let low = positive ? value > 0 : value >= 0
        guard !(value.isFinite && low && value <= largest) else { return nil }
        let range = positive ? "greater than 0 and at most 100000" : "from 0 to 100000"
        return "\(family) \(name) must be \(range) points, got \(value)"
    }
}
