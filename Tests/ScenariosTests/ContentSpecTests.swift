import Layouts
import Testing

@testable import Scenarios

@Suite("ContentSpec and StickyGridFamily")
struct ContentSpecTests {
    func problem(_ rows: Int, _ columns: Int, stickyRows: Int = 0, stickyColumns: Int = 0) -> String? {
        WorkloadSpec(rows: rows, columns: columns, stickyRows: stickyRows, stickyColumns: stickyColumns).problem
    }

    @Test("impossible specs are named in one line")
    func problems() {
        #expect(problem(0, 5)?.contains("rows must be a positive integer") == true)
        #expect(problem(5, -1)?.contains("columns must be a positive integer") == true)
        #expect(problem(5, 5, stickyRows: 6)?.contains("cannot exceed rows") == true)
        #expect(problem(5, 5, stickyColumns: -1)?.contains("cannot be negative") == true)
        #expect(problem(10_001, 10_000)?.contains("100000000") == true)
        #expect(problem(.max, .max) != nil)
        #expect(problem(10_000, 10_000) == nil)
        #expect(WorkloadSpec(rows: 5, columns: 5, counts: .varied, layout: AnyLayoutFamily(StickyGridFamily()))
            .problem?.contains("same number of items in every section") == true)
    }

    @Test("memory estimates grow with the grid and never overflow")
    func estimates() {
        let family = StickyGridFamily()
        func bytes(_ rows: Int, _ columns: Int, _ storage: AttributeStorageKind) -> Int {
            family.estimatedBytes(for: ContentSpec(sections: rows, itemsPerSection: columns), storage: storage)
        }
        #expect(bytes(10_000, 10_000, .compact) > bytes(100, 100, .compact) * 9_000)
        #expect(bytes(10_000, 10_000, .objects) > 7_000_000_000)
        #expect(bytes(.max, 2, .objects) == .max)
    }

    @Test("a workload's estimate counts its trace; traces are bounded")
    func traceMemory() {
        var workload = WorkloadSpec(rows: 50, columns: 50, invalidations: [.context])
        let short = workload.estimatedBytes(seed: 1)
        workload.traceFrames = 1_000_000
        #expect(workload.problem == nil)
        #expect(workload.estimatedBytes(seed: 1) - short == (1_000_000 - 240) * WorkloadSpec.traceBytesPerFrame)
        workload.traceFrames = 100_000_000
        #expect(workload.problem?.contains("traceFrames must be from 1 to 1000000") == true)
    }

    @Test("varied counts are seeded, include empty sections and average the mean")
    func variedCounts() {
        let content = ContentSpec(sections: 2000, itemsPerSection: 50, counts: .varied, seed: 9)
        guard case let .perSection(counts) = content.itemCounts else {
            Issue.record("varied counts are per section")
            return
        }
        #expect(counts.count == 2000 && counts.allSatisfy { (0...100).contains($0) })
        #expect(counts.contains(0))
        let mean = Double(counts.reduce(0, +)) / 2000
        #expect(abs(mean - 50) < 3)
        #expect(content.itemCounts == ContentSpec(sections: 2000, itemsPerSection: 50, counts: .varied, seed: 9).itemCounts)
        #expect(content.dimensions == "2000x50-varied")
    }
}
