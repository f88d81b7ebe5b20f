import LayoutModel
import Testing

@testable import Scenarios

/// Traces over content that scrolls only horizontally (a carousel, a horizontal flow): flings and pans along the
/// axis that has a range, and the page-by-page trace.
@Suite("Horizontal and page traces")
struct HorizontalTraceTests {
    /// 100 pages of a 390 x 844 phone: content 39000 x 844.
    static func carousel(frames: Int = 1_200, rate: FrameRate = .hz60, seed: UInt64 = 7) -> TraceParameters {
        TraceParameters(contentSize: Size(width: 39_000, height: 844), viewport: Size(width: 390, height: 844),
                        rows: 1, columns: 100, frameRate: rate, seed: seed, maximumFrames: frames)
    }

    static func scrolls(_ kind: ScrollTraceKind, _ parameters: TraceParameters) -> [Point] {
        ScrollTrace.make(kind, parameters).events.compactMap { if case .scroll(let p) = $0 { p } else { nil } }
    }

    @Test("a fling over horizontal-only content moves along x, over much of the range", arguments: [1, 2, 3] as [UInt64])
    func fling(seed: UInt64) {
        let points = Self.scrolls(.fling, Self.carousel(seed: seed))
        #expect(points.count == 1_200 && points.allSatisfy { $0.y == 0 && $0.x >= 0 && $0.x <= 38_610 })
        let xs = points.map(\.x)
        #expect((xs.max() ?? 0) - (xs.min() ?? 0) > 3_000)
    }

    @Test("a linear pan over horizontal-only content moves along x at 1000-2000 pt/s", arguments: FrameRate.allCases)
    func linear(rate: FrameRate) {
        let points = Self.scrolls(.linear, Self.carousel(rate: rate))
        #expect(points.allSatisfy { $0.y == 0 })
        let steps = zip(points, points.dropFirst()).map { abs($1.x - $0.x) }
        #expect(steps.allSatisfy { $0 <= 2000 / Double(rate.rawValue) + 1 })
        #expect(steps.filter { $0 >= 1000 / Double(rate.rawValue) - 1 }.count > points.count * 9 / 10)
    }

    @Test("content that scrolls vertically, or both ways, still flings and pans vertically first")
    func verticalUnchanged() {
        let grid = TraceParameters(contentSize: Size(width: 12_000, height: 4_400), viewport: Size(width: 390, height: 844),
                                   rows: 100, columns: 100, frameRate: .hz60, seed: 7, maximumFrames: 600)
        let points = Self.scrolls(.linear, grid)
        #expect(Set(points.map(\.x)).count == 1 && Set(points.map(\.y)).count > 100)
        let fling = Self.scrolls(.fling, grid)
        let dx = zip(fling, fling.dropFirst()).map { abs($1.x - $0.x) }.reduce(0, +)
        let dy = zip(fling, fling.dropFirst()).map { abs($1.y - $0.y) }.reduce(0, +)
        #expect(dy > 3 * dx)
    }

    @Test("page swipes: a short drag, then a decelerating settle that lands exactly on the adjacent page",
          arguments: FrameRate.allCases, [1, 2, 3] as [UInt64])
    func pages(rate: FrameRate, seed: UInt64) {
        let points = Self.scrolls(.page, Self.carousel(frames: 2_000, rate: rate, seed: seed))
        #expect(points.count == 2_000 && points.allSatisfy { $0.y == 0 && $0.x >= 0 && $0.x <= 38_610 })
        let landings = points.enumerated().filter { $0.element.x.truncatingRemainder(dividingBy: 390) == 0 }
        #expect(landings.count >= 15)
        // After the first landing, each landing is one page from the previous one.
        let pages = landings.map { Int($0.element.x / 390) }
        var distinct: [Int] = []
        for page in pages where distinct.last != page { distinct.append(page) }
        #expect(zip(distinct, distinct.dropFirst()).dropFirst().allSatisfy { abs($0 - $1) == 1 })
        // A settle decelerates: between landings, after the drag turns back or reaches its peak, steps shrink.
        for (start, end) in zip(landings, landings.dropFirst()) where end.offset - start.offset > 8 {
            let segment = Array(points[start.offset...end.offset]).map(\.x)
            let steps = zip(segment, segment.dropFirst()).map { abs($1 - $0) }
            let tail = steps.suffix(steps.count / 2).dropLast()
            #expect(zip(tail, tail.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 })
        }
    }

    @Test("pages run vertically when the content scrolls vertically, and stay at 0 without a range")
    func pagesVertically() {
        let grid = TraceParameters(contentSize: Size(width: 390, height: 8_440), viewport: Size(width: 390, height: 844),
                                   rows: 10, columns: 1, frameRate: .hz120, seed: 3, maximumFrames: 600)
        let points = Self.scrolls(.page, grid)
        #expect(points.allSatisfy { $0.x == 0 })
        #expect(points.contains { $0.y > 0 && $0.y.truncatingRemainder(dividingBy: 844) == 0 })
        let none = TraceParameters(contentSize: Size(width: 100, height: 100), viewport: Size(width: 390, height: 844),
                                   rows: 1, columns: 1, frameRate: .hz60, seed: 3, maximumFrames: 50)
        #expect(Self.scrolls(.page, none) == Array(repeating: .zero, count: 50))
    }

    /// A 64-bit FNV-1a hash of a trace's events: the bit patterns of every offset and size, and every path and count.
    static func fingerprint(_ trace: ScrollTrace) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x100_0000_01B3 }
        for event in trace.events {
            switch event {
            case .scroll(let p): mix(1); mix(p.x.bitPattern); mix(p.y.bitPattern)
            case .resize(let s): mix(2); mix(s.width.bitPattern); mix(s.height.bitPattern)
            case .jump(let path): mix(3); mix(UInt64(path.section)); mix(UInt64(path.item))
            case .setCounts(let rows, let columns): mix(4); mix(UInt64(rows)); mix(UInt64(columns))
            case .switchLayout: mix(5)
            case .update(let batch, let added): mix(6); mix(UInt64(batch.operations.count)); mix(UInt64(added.count))
            case .orthogonalScroll(let section, let offset): mix(7); mix(UInt64(section)); mix(offset.bitPattern)
            }
        }
        return hash
    }

    /// Content that scrolls vertically (a grid, a list), both ways, or not at all, at both rates.
    static let unchangedParameters: [TraceParameters] = [
        (Size(width: 12_000, height: 4_400), 100, 100), (Size(width: 390, height: 90_000), 1000, 1),
        (Size(width: 100, height: 100), 1, 1),
    ].flatMap { content, rows, columns in
        FrameRate.allCases.map { rate in
            TraceParameters(contentSize: content, viewport: Size(width: 390, height: 844), rows: rows,
                            columns: columns, frameRate: rate, seed: 11, maximumFrames: 500)
        }
    }

    /// The fingerprints of `unchangedParameters`' linear and fling traces, computed with the code before traces
    /// learnt the horizontal axis (commit 516182a): the committed gate baseline depends on them.
    static let fingerprintsBefore: [UInt64] = [
        11_386_757_398_661_062_617, 18_356_686_288_887_808_215, 12_043_818_950_350_233_561, 3_610_851_459_628_966_112,
        5_301_056_814_907_809_753, 7_501_150_062_632_017_992, 8_582_072_629_714_640_857, 14_963_599_318_214_659_782,
        12_286_336_031_065_530_329, 12_286_336_031_065_530_329, 12_286_336_031_065_530_329, 12_286_336_031_065_530_329,
    ]

    @Test("traces of content that scrolls vertically are bit for bit those of before")
    func verticalTracesUnchanged() {
        let now = Self.unchangedParameters.flatMap { parameters in
            [ScrollTrace.make(.linear, parameters), ScrollTrace.make(.fling, parameters)].map(Self.fingerprint)
        }
        #expect(now == Self.fingerprintsBefore)
    }
}
