import LayoutBenchTestSupport
import LayoutBenchUIKit
import Testing
import Scenarios

/// LayoutBench's conformance checker over the UIKit-style layouts: the layout's own `layoutAttributesForElements(in:)`
/// against the brute-force filter of every element's own call, and context invalidation (the layout's own
/// contexts) against a fresh layout and full invalidation after every frame of mixed traces.
@Suite("UIKit layouts conform", .serialized)
struct UIKitConformanceTests {
    static let families: [AnyLayoutFamily] = [
        AnyLayoutFamily(ColumnsFamily()), AnyLayoutFamily(FadingFlowFamily()), AnyLayoutFamily(StickyHeadersFamily()),
        AnyLayoutFamily(PlainFlowFamily()),
    ]

    @Test("every UIKit-style test layout conforms", arguments: families)
    func conforms(family: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            for sizes in SizeDistribution.allCases {
                let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: sizes, layout: family,
                                            storage: .objects)
                let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
                #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
            }
        }
    }
}
