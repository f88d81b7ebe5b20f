/// The system load averages over 1, 5 and 15 minutes, as `/proc/loadavg` reports them.
public struct LoadAverage: Hashable, Sendable {
    /// Over the last minute.
    public var one: Double
    /// Over the last 5 minutes.
    public var five: Double
    /// Over the last 15 minutes.
    public var fifteen: Double

    /// Creates load averages from explicit figures.
    public init(one: Double, five: Double, fifteen: Double) {
        self.one = one
        self.five = five
        self.fifteen = fifteen
    }

    /// Parses the first three fields of a `/proc/loadavg` text (`0.32 0.71 0.84 2/82 21243`), or `nil`.
    public static func parse(_ text: String) -> LoadAverage? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 3, let one = Double(fields[0]), let five = Double(fields[1]),
            let fifteen = Double(fields[2])
        else { return nil }
        return LoadAverage(one: one, five: five, fifteen: fifteen)
    }
}
