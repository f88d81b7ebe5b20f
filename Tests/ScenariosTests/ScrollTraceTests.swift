import Foundation
import LayoutModel
import Testing

@testable import Scenarios

@Suite("ScrollTrace")
struct ScrollTraceTests {
    /// A 100 x 100 grid of 120 x 44 cells on a phone in portrait.
    static func parameters(frames: Int = 600, rate: FrameRate = .hz60, seed: UInt64 = 7) -> TraceParameters {
        TraceParameters(contentSize: Size(width: 12_000, height: 4_400), viewport: Size(width: 390, height: 844),
                        rows: 100, columns: 100, frameRate: rate, seed: seed, maximumFrames: frames)
    }

    /// Content smaller than the viewport, one row and one column.
    static func degenerate(frames: Int = 300, rate: FrameRate = .hz60) -> TraceParameters {
        TraceParameters(contentSize: Size(width: 120, height: 44), viewport: Size(width: 390, height: 844),
                        rows: 1, columns: 1, frameRate: rate, seed: 3, maximumFrames: frames)
    }

    /// The host's state at one event: the viewport, counts and scrollable range before it is applied.
    struct Frame {
        var index: Int
        var event: TraceEvent
        var viewport: Size
        var rows: Int, columns: Int
        /// The largest offset on each axis for the content estimated from the counts.
        var maximumOffset: Point
    }

    /// Walks `trace`, tracking the viewport and counts its resizes and data-source changes set.
    static func replay(_ trace: ScrollTrace, _ parameters: TraceParameters) -> [Frame] {
        var viewport = parameters.viewport, rows = parameters.rows, columns = parameters.columns
        var frames: [Frame] = []
        for (index, event) in trace.events.enumerated() {
            switch event {
            case .resize(let size): viewport = size
            case .setCounts(let newRows, let newColumns): (rows, columns) = (newRows, newColumns)
            case .scroll, .jump, .switchLayout, .update, .orthogonalScroll: break
            }
            let width = parameters.contentSize.width * Double(columns) / Double(parameters.columns)
            let height = parameters.contentSize.height * Double(rows) / Double(parameters.rows)
            frames.append(Frame(index: index, event: event, viewport: viewport, rows: rows, columns: columns,
                                maximumOffset: Point(x: max(0, width - viewport.width),
                                                     y: max(0, height - viewport.height))))
        }
        return frames
    }

    static func scrolls(_ trace: ScrollTrace) -> [Point] {
        trace.events.compactMap { if case .scroll(let point) = $0 { point } else { nil } }
    }

    static func within(_ value: Double, _ lower: Double, _ upper: Double) -> Bool {
        let slack = 1e-9 * max(1, abs(lower), abs(upper))
        return value.isFinite && value >= lower - slack && value <= upper + slack
    }

    // MARK: Every kind

    @Test("the same parameters give the same trace; another seed gives another", arguments: ScrollTraceKind.allCases)
    func determinism(kind: ScrollTraceKind) {
        let trace = ScrollTrace.make(kind, Self.parameters())
        #expect(trace == ScrollTrace.make(kind, Self.parameters()))
        #expect(trace.kind == kind)
        #expect(trace != ScrollTrace.make(kind, Self.parameters(seed: 8)))
    }

    @Test("a trace has exactly the frames asked for", arguments: ScrollTraceKind.allCases, [0, 1, 9, 240, 1_000])
    func frameCounts(kind: ScrollTraceKind, frames: Int) {
        for rate in FrameRate.allCases {
            let trace = ScrollTrace.make(kind, Self.parameters(frames: frames, rate: rate))
            #expect(trace.events.count == frames)
            #expect(trace.frameRate == rate)
            #expect(trace.duration == Double(frames) * rate.frameDuration)
        }
        #expect(ScrollTrace.make(kind, Self.parameters(frames: -5)).events.isEmpty)
    }

    @Test("frames are 1/60 or 1/120 s apart")
    func frameDurations() {
        #expect(FrameRate.hz60.frameDuration == 1.0 / 60)
        #expect(FrameRate.hz120.frameDuration == 1.0 / 120)
        #expect(FrameRate.allCases.map(\.rawValue) == [60, 120])
    }

    @Test("offsets stay in the scrollable range for the current viewport and counts",
          arguments: ScrollTraceKind.allCases.filter { $0 != .mixed && !$0.hasUpdates }, FrameRate.allCases)
    func offsetsInRange(kind: ScrollTraceKind, rate: FrameRate) {
        for seed: UInt64 in [1, 2, 99] {
            let parameters = Self.parameters(frames: 1_500, rate: rate, seed: seed)
            for frame in Self.replay(ScrollTrace.make(kind, parameters), parameters) {
                guard case .scroll(let point) = frame.event else { continue }
                #expect(Self.within(point.x, 0, frame.maximumOffset.x), "\(kind) frame \(frame.index): \(point)")
                #expect(Self.within(point.y, 0, frame.maximumOffset.y), "\(kind) frame \(frame.index): \(point)")
            }
        }
    }

    @Test("mixed offsets stay in the range widened by 10% of the viewport, and do overscroll", arguments: [1, 5, 42])
    func mixedOffsetsInRange(seed: UInt64) {
        let parameters = Self.parameters(frames: 2_000, rate: .hz120, seed: seed)
        var overscrolls = 0
        for frame in Self.replay(ScrollTrace.make(.mixed, parameters), parameters) {
            guard case .scroll(let point) = frame.event else { continue }
            let bounceX = frame.viewport.width * 0.1, bounceY = frame.viewport.height * 0.1
            #expect(Self.within(point.x, -bounceX, frame.maximumOffset.x + bounceX), "frame \(frame.index)")
            #expect(Self.within(point.y, -bounceY, frame.maximumOffset.y + bounceY), "frame \(frame.index)")
            if point.x < 0 || point.y < 0 || point.x > frame.maximumOffset.x || point.y > frame.maximumOffset.y {
                overscrolls += 1
            }
        }
        #expect(overscrolls > 0)
    }

    @Test("content no larger than the viewport keeps offsets at 0",
          arguments: ScrollTraceKind.allCases.filter { !$0.hasUpdates })
    func degenerateContent(kind: ScrollTraceKind) {
        let parameters = Self.degenerate()
        let trace = ScrollTrace.make(kind, parameters)
        #expect(trace.events.count == 300)
        for frame in Self.replay(trace, parameters) {
            switch frame.event {
            case .scroll(let point):
                let bounce = kind == .mixed ? 0.1 * max(frame.viewport.width, frame.viewport.height) : 0
                #expect(abs(point.x) <= bounce + frame.maximumOffset.x && abs(point.y) <= bounce + frame.maximumOffset.y)
                #expect(point.x.isFinite && point.y.isFinite)
            case .jump(let path):
                #expect(path.section >= 0 && path.section < frame.rows && path.item >= 0 && path.item < frame.columns)
            case .setCounts(let rows, let columns):
                #expect(rows >= 1 && columns >= 1)
            case .resize(let size):
                #expect(size.width > 0 && size.height > 0)
            case .switchLayout:
                #expect(kind == .layoutSwitch)
            case .update:
                Issue.record("\(kind) has an update")
            case .orthogonalScroll:
                Issue.record("\(kind) scrolls an orthogonal section without orthogonal sections")
            }
        }
    }

    // MARK: What each kind promises

    @Test("a linear trace is a vertical pan at constant speed, reversing at the ends", arguments: FrameRate.allCases)
    func linear(rate: FrameRate) {
        let parameters = Self.parameters(frames: 1_000, rate: rate)
        let trace = ScrollTrace.make(.linear, parameters)
        let points = Self.scrolls(trace)
        #expect(points.count == trace.events.count)
        #expect(Set(points.map(\.x)).count == 1)
        let steps = zip(points, points.dropFirst()).map { $1.y - $0.y }
        // 1000–2000 pt/s, emitted in whole points.
        #expect(steps.allSatisfy { abs($0) <= 2000 / Double(rate.rawValue) + 1 })
        #expect(steps.contains { $0 > 0 } && steps.contains { $0 < 0 })
    }

    @Test("a diagonal trace moves along both axes and reverses on both", arguments: [1, 2, 3] as [UInt64])
    func diagonal(seed: UInt64) {
        let points = Self.scrolls(ScrollTrace.make(.diagonal, Self.parameters(frames: 2_000, seed: seed)))
        let dx = zip(points, points.dropFirst()).map { $1.x - $0.x }
        let dy = zip(points, points.dropFirst()).map { $1.y - $0.y }
        #expect(dx.contains { $0 > 0 } && dx.contains { $0 < 0 })
        #expect(dy.contains { $0 > 0 } && dy.contains { $0 < 0 })
    }

    @Test("a jump trace jumps to a cell in the grid every tenth frame", arguments: [1, 2, 3] as [UInt64])
    func jumps(seed: UInt64) {
        let trace = ScrollTrace.make(.jump, Self.parameters(frames: 500, seed: seed))
        var paths: Set<ElementPath> = []
        for (index, event) in trace.events.enumerated() {
            if case .jump(let path) = event {
                #expect((index + 1) % ScrollTrace.jumpInterval == 0)
                #expect((0..<100).contains(path.section) && (0..<100).contains(path.item))
                paths.insert(path)
            } else {
                #expect((index + 1) % ScrollTrace.jumpInterval != 0)
            }
        }
        #expect(paths.count > 40)
    }

    @Test("a resize trace changes the bounds size every thirtieth frame, to positive sizes", arguments: [1, 2, 3] as [UInt64])
    func resizes(seed: UInt64) {
        let trace = ScrollTrace.make(.resize, Self.parameters(frames: 900, seed: seed))
        var sizes: Set<Size> = []
        for (index, event) in trace.events.enumerated() {
            if case .resize(let size) = event {
                #expect((index + 1) % ScrollTrace.resizeInterval == 0)
                #expect(size.width >= 1 && size.height >= 1 && size.width.isFinite && size.height.isFinite)
                sizes.insert(size)
            } else {
                #expect((index + 1) % ScrollTrace.resizeInterval != 0)
            }
        }
        #expect(sizes.count >= 2)
        #expect(sizes.contains(Size(width: 844, height: 390)))
    }

    @Test("resizing a zero-size viewport gives positive sizes")
    func resizeFromZeroViewport() {
        var parameters = Self.parameters(frames: 300)
        parameters.viewport = .zero
        for event in ScrollTrace.make(.resize, parameters).events {
            if case .resize(let size) = event { #expect(size.width >= 1 && size.height >= 1) }
        }
    }

    @Test("data-source changes insert and remove a few rows or columns, never below 1",
          arguments: [(100, 100), (1, 1), (2, 1), (1, 3)])
    func dataSource(rows: Int, columns: Int) {
        var parameters = Self.parameters(frames: 4_000)
        parameters.rows = rows
        parameters.columns = columns
        let trace = ScrollTrace.make(.dataSource, parameters)
        var current = (rows: rows, columns: columns)
        var inserted = false, removed = false
        for (index, event) in trace.events.enumerated() {
            guard case .setCounts(let newRows, let newColumns) = event else {
                #expect((index + 1) % ScrollTrace.countsInterval != 0)
                continue
            }
            #expect((index + 1) % ScrollTrace.countsInterval == 0)
            #expect(newRows >= 1 && newColumns >= 1)
            let dr = newRows - current.rows, dc = newColumns - current.columns
            // One axis at a time, by 1 to 5.
            #expect((dr == 0) != (dc == 0))
            #expect(abs(dr) <= 5 && abs(dc) <= 5)
            inserted = inserted || dr > 0 || dc > 0
            removed = removed || dr < 0 || dc < 0
            current = (newRows, newColumns)
        }
        #expect(inserted && removed)
    }

    @Test("a mixed trace holds every kind of event, fractional offsets and overscroll", arguments: [1, 5, 42] as [UInt64])
    func mixedHoldsEverything(seed: UInt64) {
        let parameters = Self.parameters(frames: 1_000, seed: seed)
        let frames = Self.replay(ScrollTrace.make(.mixed, parameters), parameters)
        var scrolls = 0, resizes = 0, jumps = 0, counts = 0, fractional = 0
        for frame in frames {
            switch frame.event {
            case .scroll(let point):
                scrolls += 1
                if point.y != point.y.rounded() { fractional += 1 }
            case .resize(let size):
                resizes += 1
                #expect(size.width > 0 && size.height > 0)
            case .jump(let path):
                jumps += 1
                #expect(path.section >= 0 && path.section < frame.rows && path.item >= 0 && path.item < frame.columns)
            case .setCounts(let rows, let columns):
                counts += 1
                #expect(rows >= 1 && columns >= 1)
            case .switchLayout:
                Issue.record("a mixed trace never switches layouts")
            case .update:
                Issue.record("a mixed trace never updates")
            case .orthogonalScroll:
                Issue.record("a mixed trace never scrolls an orthogonal section")
            }
        }
        #expect(scrolls > 0 && resizes > 0 && jumps > 0 && counts > 0 && fractional > 0)
    }

    // MARK: Flings

    @Test("a fling trace's offsets are its flings' closed forms, sampled at the frame rate",
          arguments: FrameRate.allCases, [1, 2, 3, 4] as [UInt64])
    func flingsFollowClosedForm(rate: FrameRate, seed: UInt64) throws {
        let parameters = Self.parameters(frames: 2_000, rate: rate, seed: seed)
        let segments = ScrollTrace.flingSegments(parameters)
        let trace = ScrollTrace.make(.fling, parameters)
        #expect(trace.events == segments.flatMap(\.offsets).map { TraceEvent.scroll(to: $0) })
        let dt = 1 / Double(rate.rawValue)
        for (index, segment) in segments.enumerated() {
            let physics = segment.physics
            #expect(physics.decelerationRate == 0.998)
            if index > 0 { #expect(physics.start == segments[index - 1].offsets.last) }
            for (k, offset) in segment.offsets.enumerated() {
                let time = Double(k + 1) * dt
                let x = FlingPhysicsTests.closedFormOffset(physics.start.x, physics.initialVelocity.x, time)
                let y = FlingPhysicsTests.closedFormOffset(physics.start.y, physics.initialVelocity.y, time)
                let isClampedEnd = segment.end == .edge && k == segment.offsets.count - 1
                if isClampedEnd {
                    // The clamped axis is exactly at its end; the other follows the closed form.
                    #expect(FlingPhysicsTests.close(offset.x, min(max(x, 0), 11_610)))
                    #expect(FlingPhysicsTests.close(offset.y, min(max(y, 0), 3_556)))
                    #expect(offset.x == 0 || offset.x == 11_610 || offset.y == 0 || offset.y == 3_556)
                    #expect(x < 0 || x > 11_610 || y < 0 || y > 3_556)
                } else {
                    #expect(FlingPhysicsTests.close(offset.x, x) && FlingPhysicsTests.close(offset.y, y))
                }
            }
        }
    }

    @Test("each fling stops below the stop speed or at an end", arguments: FrameRate.allCases)
    func flingsStop(rate: FrameRate) throws {
        var ends: Set<_FlingSegment.End> = []
        for seed: UInt64 in 1...6 {
            let segments = ScrollTrace.flingSegments(Self.parameters(frames: 3_000, rate: rate, seed: seed))
            for (index, segment) in segments.enumerated() {
                ends.insert(segment.end)
                let physics = segment.physics
                let times = segment.offsets.indices.map { Double($0 + 1) / Double(rate.rawValue) }
                let last = try #require(times.last)
                // Every frame but the last is still above the stop speed.
                #expect(times.dropLast().allSatisfy { physics.speed(at: $0) >= FlingPhysics.defaultStopSpeed })
                switch segment.end {
                case .stopped:
                    #expect(physics.speed(at: last) < 5)
                    #expect(last >= physics.duration - 1e-9 && last - 1 / Double(rate.rawValue) < physics.duration)
                case .edge:
                    let offset = physics.offset(at: last)
                    #expect(offset.y < 0 || offset.y > 3_556 || offset.x < 0 || offset.x > 11_610)
                case .interrupted:
                    #expect(index == segments.count - 1)
                }
            }
        }
        #expect(ends.contains(.stopped) && ends.contains(.edge))
    }

    @Test("flicks are 2000-12000 pt/s, mostly vertical")
    func flickVelocities() {
        let segments = ScrollTrace.flingSegments(Self.parameters(frames: 5_000, seed: 11))
        var fresh = 0
        for (index, segment) in segments.enumerated() {
            let v = segment.physics.initialVelocity
            let continues = index > 0 && segments[index - 1].end == .edge
            guard !continues else { continue }
            fresh += 1
            #expect(abs(v.y) >= 2000 && abs(v.y) <= 12_000)
            #expect(abs(v.x) <= 0.3 * abs(v.y) + 1e-9)
        }
        #expect(fresh >= 10)
    }
}
