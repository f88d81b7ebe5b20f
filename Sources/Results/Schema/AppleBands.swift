/// Apple's bands for the hitch-time ratio (WWDC 2020 session 10077, "Eliminate animation hitches with XCTest"):
/// milliseconds of hitch per second of scrolling, good below 5 ms/s, warning from 5 to 10, critical above 10.
///
/// A ratio of exactly 5 is `warning` and exactly 10 is `warning` (Apple gives the bands as "< 5", "5–10" and "> 10").
public enum HitchBand: String, Codable, CaseIterable, Hashable, Sendable {
    /// Below 5 ms/s: hitches are rare enough that users barely notice them.
    case good
    /// From 5 to 10 ms/s: hitches users notice.
    case warning
    /// Above 10 ms/s: hitches that get in the way.
    case critical

    /// The band of `ratio`, in ms/s; `nil` for a ratio that is not a finite, non-negative number.
    public init?(ratio: Double) {
        guard ratio >= 0 && ratio.isFinite else { return nil }
        self = ratio < 5 ? .good : ratio <= 10 ? .warning : .critical
    }

    /// The lower edge of the warning band, in ms/s.
    public static let warningFrom = 5.0
    /// The upper edge of the warning band, in ms/s: above it is critical.
    public static let criticalAbove = 10.0

    /// The frame time (ns) at which a scroll whose every frame took that long reaches the ratio `msPerSecond` under
    /// a budget of `budget` ns: each frame is `t - budget` late, so the ratio is `(t - budget) / budget * 1000`.
    /// The charts draw the bands at these times.
    public static func frameTime(atRatio msPerSecond: Double, budget: Double) -> Double {
        budget * (1 + msPerSecond / 1000)
    }
}

/// A verdict on a discrete operation (a first prepare, a rebuild, a batch update, a layout switch, a rotation) by
/// its time, after WWDC 2023 session 10248, "Analyze hangs with Instruments": below about 100 ms an interaction
/// feels instant; up to 250 ms it depends on the circumstances; from 250 ms on Apple's tools report a hang.
public enum HangVerdict: String, Codable, CaseIterable, Hashable, Sendable {
    /// Below 100 ms.
    case instant
    /// From 100 ms to below 250 ms: not instant, not yet what the tools call a hang.
    case delayed
    /// 250 ms or more.
    case hang

    /// 100 ms, in ns.
    public static let delayedFrom = 100_000_000.0
    /// 250 ms, in ns.
    public static let hangFrom = 250_000_000.0

    /// The verdict on an operation of `nanoseconds`; `nil` for a time that is not a finite, non-negative number.
    public init?(nanoseconds: Double) {
        guard nanoseconds >= 0 && nanoseconds.isFinite else { return nil }
        self = nanoseconds < Self.delayedFrom ? .instant : nanoseconds < Self.hangFrom ? .delayed : .hang
    }
}
