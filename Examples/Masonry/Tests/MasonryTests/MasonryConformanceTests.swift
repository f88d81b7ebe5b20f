import LayoutBenchTestSupport
import Masonry
import Testing
import Scenarios

/// LayoutBench's conformance checker over the masonry family: every variant against the reference and a brute-force
/// filter, and context invalidation against a fresh layout and full invalidation after every frame of mixed traces.
@Suite("Masonry conformance")
struct MasonryConformanceTests {
    @Test("the masonry family conforms", arguments: [1, 2, 3, 5])
    func conforms(columns: Int) {
        for counts in CountDistribution.allCases {
            for sizes in SizeDistribution.allCases {
                let workload = WorkloadSpec(rows: 30, columns: 12, counts: counts, sizes: sizes,
                                            layout: AnyLayoutFamily(MasonryFamily(columns: columns)))
                let failures = checkLayoutFamily(workload, seed: UInt64(columns), rects: 60, traces: [.mixed, .fling],
                                                 traceFrames: 60)
                #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
            }
        }
    }
}
