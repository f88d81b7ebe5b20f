import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// The global-header layout as apps write it: exact on the rects UIKit asks for, and its invalidation holds.
@Suite("Global header (UIKit)", .serialized)
struct GlobalHeaderTests {
    let workload = WorkloadSpec(rows: 20, columns: 12, layout: AnyLayoutFamily(UIKitGlobalHeaderFamily()),
                                storage: .objects)

    @Test("verify invalidation --trace mixed passes")
    func invalidation() throws {
        let report = try InvalidationVerification(workload: workload, seed: 3, viewport: Size(width: 390, height: 844),
                                                  traceKind: .mixed, frames: 90).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }

    @Test("on the rects UIKit asks for it misses only a pushed-off header's last sliver; the global header is on top")
    func fullWidthRects() {
        let builder = WorkloadBuilder(workload: workload, seed: 3)
        let layout = builder.makeLayout(mode: .context)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: builder.content.itemCounts)
        host.layoutIfNeeded()
        var mine: [LayoutAttributes] = []
        var reference: [LayoutAttributes] = []
        for step in 0..<40 {
            host.setContentOffset(Point(x: 0, y: Double(step) * 97 - 30))
            host.layoutIfNeeded()
            let rect = host.bounds
            layout.attributesForElements(in: rect, into: &mine, using: UIKitLayoutVariants.uikit)
            layout.attributesForElements(in: rect, into: &reference, using: UIKitLayoutVariants.bruteForce)
            // The code finds sections from the elements in the rect and the bounds. A header pushed off by the end of
            // its section sits over the section's bottom inset (8 points), where no element of its section is: while
            // only that sliver is in view, the header is missing. Nothing else differs.
            let missing = Set(reference).subtracting(mine)
            #expect(Set(mine).isSubset(of: Set(reference)), "at \(rect)")
            for header in missing {
                #expect(header.kind != .cell && header.frame.maxY - rect.minY <= 8, "at \(rect): \(header)")
            }
            // The global header: at the top of the bounds, 120 tall plus the overscroll.
            let global = mine.first { $0.kind != .cell && $0.path.section == 0 && $0.zIndex == 1025 }
            #expect(global?.frame.minY == rect.minY)
            #expect(global?.frame.height == 120 + max(0, -rect.minY))
        }
    }
}
