#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

/// A scroll view's deceleration after a flick, in closed form, as `UIScrollView` decelerates.
///
/// The velocity keeps `decelerationRate` of itself every millisecond, `v(t) = v0 · rate^t_ms`, and the offset is its
/// integral, `o(t) = o0 + v0_ms · (rate^t_ms − 1) / ln(rate)`, where `t_ms` is the time in milliseconds and `v0_ms`
/// the initial velocity in points per millisecond. Both axes decay by the same factor, so a fling keeps its
/// direction. Times are in seconds since the flick and velocities in points per second; the fling is over once its
/// speed falls below ``stopSpeed``. Scroll ends are not modelled here: the trace generator clamps at them.
public struct FlingPhysics: Hashable, Sendable {
    /// `UIScrollView.DecelerationRate.normal`: the share of its velocity a fling keeps each millisecond.
    public static let normalDecelerationRate = 0.998

    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99

    /// The speed below which a fling is over by default: 5 points per second.
    ///
    /// At 5 pt/s a frame moves at most 0.083 pt (at 60 Hz), a quarter of a pixel on a 3x screen, and only
    /// 5 / 1000 / −ln(0.998) ≈ 2.5 pt of travel are left in the whole infinite tail. Running on until less than half
    /// a 3x pixel is left (≈ 0.33 pt/s) would add ln(15) / 2.002 ≈ 1.35 s to every fling: about 80 frames at 60 Hz
    /// and 160 at 120 Hz of sub-pixel moves, which weight a benchmark trace towards near-no-op frames.
    public static let defaultStopSpeed = 5.0

    /// The content offset at the flick.
    public var start: Point
    /// The velocity at the flick, in points per second along each axis.
    public var initialVelocity: Point
    /// The share of its velocity the fling keeps each millisecond, in (0, 1).
    public var decelerationRate: Double
    /// The speed, in points per second, below which the fling is over; positive.
    public var stopSpeed: Double

    /// Creates a fling from `start` at `initialVelocity` (points per second).
    ///
    /// - Precondition: `decelerationRate` is in (0, 1) and `stopSpeed` is positive.
    public init(start: Point, initialVelocity: Point, decelerationRate: Double = FlingPhysics.normalDecelerationRate,
                stopSpeed: Double = FlingPhysics.defaultStopSpeed) {
        precondition(decelerationRate > 0 && decelerationRate < 1, "a deceleration rate must be in (0, 1)")
        precondition(stopSpeed > 0, "a stop speed must be positive")
        self.start = start
        self.initialVelocity = initialVelocity
        self.decelerationRate = decelerationRate
        self.stopSpeed = stopSpeed
    }

    /// The share of the initial velocity left `time` seconds after the flick: `rate^(1000 · time)`.
    public func decay(at time: Double) -> Double { pow(decelerationRate, time * 1000) }

    /// The velocity `time` seconds after the flick, in points per second.
    public func velocity(at time: Double) -> Point {
        let decay = decay(at: time)
        return Point(x: initialVelocity.x * decay, y: initialVelocity.y * decay)
    }

    /// The speed (the length of the velocity) `time` seconds after the flick, in points per second.
    public func speed(at time: Double) -> Double { Self.length(velocity(at: time)) }

    /// The content offset `time` seconds after the flick.
    public func offset(at time: Double) -> Point {
        // v0_ms · (rate^t_ms − 1) / ln(rate), with the velocity kept in points per second.
        let travel = (decay(at: time) - 1) / log(decelerationRate) / 1000
        return Point(x: start.x + initialVelocity.x * travel, y: start.y + initialVelocity.y * travel)
    }

    /// Whether the fling is over `time` seconds after the flick: its speed has fallen below ``stopSpeed``.
    public func isOver(at time: Double) -> Bool { speed(at: time) < stopSpeed }

    /// The time, in seconds, at which the speed falls to ``stopSpeed``; 0 when the flick is already slower.
    public var duration: Double {
        let initialSpeed = Self.length(initialVelocity)
        guard initialSpeed > stopSpeed else { return 0 }
        return log(stopSpeed / initialSpeed) / log(decelerationRate) / 1000
    }

    /// Where the fling would come to rest if it never stopped: `o0 − v0_ms / ln(rate)`.
    public var restingOffset: Point {
        let travel = -1 / log(decelerationRate) / 1000
        return Point(x: start.x + initialVelocity.x * travel, y: start.y + initialVelocity.y * travel)
    }

    private static func length(_ vector: Point) -> Double { (vector.x * vector.x + vector.y * vector.y).squareRoot() }
}
