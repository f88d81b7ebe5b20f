import Foundation
import LayoutModel
import Testing

@testable import Scenarios

@Suite("FlingPhysics")
struct FlingPhysicsTests {
    /// The closed form written out independently: o(t) = o0 + v0_ms · (0.998^t_ms − 1) / ln(0.998).
    static func closedFormOffset(_ start: Double, _ velocity: Double, _ time: Double) -> Double {
        start + velocity / 1000 * (pow(0.998, time * 1000) - 1) / log(0.998)
    }

    static func close(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
        abs(a - b) <= relative * max(1, abs(b))
    }

    static let flicks: [Point] = [
        Point(x: 0, y: 2000), Point(x: 0, y: -12_000), Point(x: 900, y: 6500), Point(x: -3000, y: -4000), .zero,
    ]

    @Test("the offset is the closed form at every frame of both frame rates", arguments: flicks, FrameRate.allCases)
    func offsetsMatchClosedForm(velocity: Point, rate: FrameRate) {
        let start = Point(x: 120.5, y: 3000)
        let fling = FlingPhysics(start: start, initialVelocity: velocity)
        #expect(fling.offset(at: 0) == start)
        for frame in 1...600 {
            let time = Double(frame) / Double(rate.rawValue)
            let offset = fling.offset(at: time)
            #expect(Self.close(offset.x, Self.closedFormOffset(start.x, velocity.x, time)), "frame \(frame)")
            #expect(Self.close(offset.y, Self.closedFormOffset(start.y, velocity.y, time)), "frame \(frame)")
        }
    }

    @Test("the velocity keeps 0.998 of itself every millisecond", arguments: flicks)
    func velocityDecay(velocity: Point) {
        let fling = FlingPhysics(start: .zero, initialVelocity: velocity)
        #expect(fling.velocity(at: 0) == velocity)
        for millisecond in stride(from: 0, to: 3000, by: 7) {
            let time = Double(millisecond) / 1000
            let now = fling.velocity(at: time), later = fling.velocity(at: time + 0.001)
            #expect(Self.close(later.x, now.x * 0.998, relative: 1e-12))
            #expect(Self.close(later.y, now.y * 0.998, relative: 1e-12))
            #expect(Self.close(now.y, velocity.y * pow(0.998, Double(millisecond)), relative: 1e-12))
        }
    }

    @Test("the velocity is the derivative of the offset")
    func velocityIsDerivative() {
        let fling = FlingPhysics(start: Point(x: 10, y: 20), initialVelocity: Point(x: 1500, y: -8000))
        for time in [0.0, 0.1, 0.5, 1.2, 2.5] {
            let h = 1e-6
            let slope = (fling.offset(at: time + h).y - fling.offset(at: time - h).y) / (2 * h)
            #expect(abs(slope - fling.velocity(at: time).y) <= 1e-4 * max(1, abs(slope)))
        }
    }

    @Test("the fling is over exactly when its speed falls below the stop speed", arguments: [2000.0, 5000, 12_000])
    func duration(speed: Double) {
        let fling = FlingPhysics(start: .zero, initialVelocity: Point(x: speed * 0.6, y: speed * 0.8))
        let duration = fling.duration
        #expect(Self.close(fling.speed(at: duration), FlingPhysics.defaultStopSpeed, relative: 1e-9))
        #expect(!fling.isOver(at: duration - 1e-6))
        #expect(fling.isOver(at: duration + 1e-6))
        // ln(5 / v0) / ln(0.998) milliseconds.
        #expect(Self.close(duration, log(5 / speed) / log(0.998) / 1000))
    }

    @Test("a flick slower than the stop speed is over at once")
    func slowFlick() {
        let fling = FlingPhysics(start: Point(x: 3, y: 4), initialVelocity: Point(x: 0, y: 4.9))
        #expect(fling.duration == 0)
        #expect(fling.isOver(at: 0))
        #expect(FlingPhysics(start: .zero, initialVelocity: .zero).isOver(at: 0))
    }

    @Test("the offset approaches the resting offset, v0_ms / −ln(rate) past the start")
    func restingOffset() {
        let fling = FlingPhysics(start: Point(x: 0, y: 100), initialVelocity: Point(x: 0, y: 10_000))
        #expect(Self.close(fling.restingOffset.y, 100 + 10 / -log(0.998)))
        #expect(Self.close(fling.offset(at: 60).y, fling.restingOffset.y))
        #expect(fling.offset(at: fling.duration).y < fling.restingOffset.y)
    }

    @Test("the fast rate decelerates faster")
    func fastRate() {
        let normal = FlingPhysics(start: .zero, initialVelocity: Point(x: 0, y: 5000))
        let fast = FlingPhysics(start: .zero, initialVelocity: Point(x: 0, y: 5000),
                                decelerationRate: FlingPhysics.fastDecelerationRate)
        #expect(fast.duration < normal.duration)
        #expect(fast.restingOffset.y < normal.restingOffset.y)
        #expect(Self.close(fast.velocity(at: 0.001).y, 5000 * 0.99, relative: 1e-12))
    }
}
