import Foundation
import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Testing

@testable import Scenarios
@testable import Harness

/// The carousel family as suite files, the catalog and the conformance checker see it: decoding, problems, suites,
/// conformance over every trace and option, and the per-frame work that does not grow with the item count.
@Suite("Carousel family")
struct CarouselFamilyTests {
    static func decode(_ json: String) throws -> AnyLayoutFamily {
        try JSONDecoder().decode(AnyLayoutFamily.self, from: Data(json.utf8))
    }

    static func workload(_ rows: Int, _ columns: Int, sizes: SizeDistribution = .perCell,
                         family: CarouselFamily = CarouselFamily(), trace: ScrollTraceKind = .page) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, sizes: sizes, layout: AnyLayoutFamily(family), trace: trace)
    }

    @Test("a suite file's layout object decodes, missing keys at their defaults, and round-trips")
    func decoding() throws {
        let carousel = try Self.decode(#"{"name": "carousel", "spacing": 8}"#)
        let family = try #require(carousel.as(CarouselFamily.self))
        #expect(family.currentSide == 300 && family.otherSide == 200 && family.spacing == 8)
        #expect(carousel.idComponent == "carousel-c300-o200-sp8")
        #expect(try JSONDecoder().decode(AnyLayoutFamily.self, from: JSONEncoder().encode(carousel)) == carousel)
        #expect(throws: DecodingError.self) { try Self.decode(#"{"name": "carousel", "side": 3}"#) }
        #expect(LayoutCatalog.builtIn.family(named: "carousel") != nil)
    }

    @Test("the family refuses varied counts, separable sizes and bad metrics, in one line")
    func problems() {
        let varied = WorkloadSpec(rows: 10, columns: 10, counts: .varied, layout: AnyLayoutFamily(CarouselFamily()))
        #expect(varied.problem?.contains("counts: uniform") == true)
        #expect(Self.workload(10, 10, sizes: .separable).problem?.contains("not separable") == true)
        #expect(Self.workload(10, 10, family: CarouselFamily(spacing: -1)).problem?.contains("spacing") == true)
        #expect(Self.workload(10, 10, family: CarouselFamily(currentSide: 0)).problem != nil)
        #expect(Self.workload(10, 10, sizes: .uniform).problem == nil)
        #expect(Self.workload(10_000, 10_000, trace: .fling).problem == nil)
    }

    @Test("quick gains one carousel workload of 10^6 items; full has 10^3, 10^6 and 10^8 items, flung and paged")
    func suites() {
        let quick = CarouselFamily.workloads(forSuite: .quick)
        #expect(quick.count == 1 && quick[0].rows * quick[0].columns == 1_000_000)
        let full = CarouselFamily.workloads(forSuite: .full)
        #expect(Set(full.map { $0.rows * $0.columns }) == [1000, 1_000_000, 100_000_000])
        #expect(Set(full.map(\.trace)) == [.fling, .page])
        #expect((quick + full).allSatisfy { $0.problem == nil && $0.variants == ["recompute", "cached"] })
        #expect(CarouselFamily.workloads(forSuite: .gate).isEmpty)
        #expect(CarouselFamily.workloads(forSuite: .standard).isEmpty)
        let quickSuite = Suite.builtIn(catalog: .builtIn).first { $0.name == "quick" }
        #expect(quickSuite?.workloads.contains { $0.layout.name == "carousel" } == true)
        #expect((quick[0].estimatedSeconds(deterministicOnly: false)) < 30)
    }

    static let options: [CarouselFamily] = [
        CarouselFamily(), CarouselFamily(spacing: 0), CarouselFamily(currentSide: 120, otherSide: 400, spacing: 3),
    ]

    @Test("the carousel conforms over every trace kind, sizes and options", arguments: options)
    func conformance(family: CarouselFamily) {
        for sizes in [SizeDistribution.uniform, .perCell] {
            for (rows, columns) in [(1, 1), (1, 2), (4, 9)] {
                let workload = Self.workload(rows, columns, sizes: sizes, family: family)
                let failures = checkLayoutFamily(workload, seed: 17, rects: 30,
                                                 traces: ScrollTraceKind.allCases.filter { $0 != .layoutSwitch && !$0.hasUpdates },
                                                 traceFrames: 40)
                #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
            }
        }
    }

    @Test("a frame's work is the same at 10^3, 10^6 and 10^8 items: at most five roles, a constant footprint")
    func flatWithItemCount() {
        var footprints: Set<Int> = []
        for (rows, columns) in [(1, 1000), (1000, 1000), (10_000, 10_000)] {
            for variant in CarouselQueryVariants.all {
                let builder = WorkloadBuilder(workload: Self.workload(rows, columns), seed: 5)
                let layout = builder.makeLayout(mode: .context, variant: variant)
                let host = builder.makeHost(layout)
                let offsets = builder.traceOffsets(contentSize: { host.layoutIfNeeded(); return layout.contentSize }())
                #expect(offsets.count == 240)
                var buffer: [LayoutAttributes] = []
                for offset in offsets {
                    host.setContentOffset(offset)
                    let report = host.layoutIfNeeded()
                    #expect(report.visibleCount <= 3 && report.recomputedElements <= 5 && report.sizeQueries <= 5)
                    #expect(layout.attributesForElements(in: .infinite, into: &buffer, using: variant) == 5)
                }
                footprints.insert(layout.attributeBytes)
            }
        }
        #expect(footprints.count == 1)
    }
}
