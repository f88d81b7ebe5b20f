import Harness
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
import UIKit

/// A list whose per-item call traps on item 2 and whose batch hook traps on any batch, as layouts written for
/// one code path do (`fatalError` on what they never expected).
final class TrappingListLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 440) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { [] }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if indexPath.item == 2 { fatalError("item 2 is never asked") }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: 44 * CGFloat(indexPath.item), width: 390, height: 44)
        return attributes
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        fatalError("this list is only ever reloaded")
    }
}

struct TrappingListFamily: UIKitLayoutFamily {
    static let name = "uikit-trapping-list"
    static let summary = "traps on item 2 and on any batch (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { TrappingListLayout() }
}

/// A flow layout that records nothing; batches go through it to print the batch hint.
struct QuietFlowFamily: UIKitLayoutFamily {
    static let name = "uikit-quiet-flow"
    static let summary = "a plain flow layout (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
}

@Suite("what a UIKit layout's trap and the probes print")
struct MessagesTests {
    /// The first line of `stderr` that starts with `layoutbench:`.
    static func harnessLines(_ bytes: [UInt8]?) -> [String] {
        String(decoding: bytes ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("layoutbench:") }
    }

    @Test("a trap in the reference's per-item call prints the layout, the call and the caller in one line")
    func referenceTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let workload = WorkloadSpec(rows: 1, columns: 5, layout: AnyLayoutFamily(TrappingListFamily()),
                                        storage: .objects)
            let builder = WorkloadBuilder(workload: workload, seed: 1)
            let layout = builder.makeLayout(mode: .context)
            let host = builder.makeHost(layout)
            host.layoutIfNeeded()
            var buffer: [LayoutAttributes] = []
            layout.attributesForElements(in: host.bounds, into: &buffer, using: UIKitLayoutVariants.bruteForce)
        }
        let lines = Self.harnessLines(result?.standardErrorContent)
        #expect(lines == ["layoutbench: the UIKit layout TrappingListLayout trapped in layoutAttributesForItem(at:), "
                          + "called by the brute-force reference (every item, and every element the layout reports, "
                          + "through its own call); see Guides/UIKitLayouts.md, \"What the harness calls\""],
                "\(lines)")
    }

    @Test("a trap in a batch update's call names the batch-update list")
    func batchTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let workload = WorkloadSpec(rows: 1, columns: 5, layout: AnyLayoutFamily(TrappingListFamily()),
                                        storage: .objects)
            let builder = WorkloadBuilder(workload: workload, seed: 1)
            let host = builder.makeHost(builder.makeLayout(mode: .context))
            host.layoutIfNeeded()
            _ = try? host.performBatchUpdates(BatchUpdate([.insertItems([ElementPath(section: 0, item: 5)])]),
                                              newCounts: .perSection([6]))
        }
        let lines = Self.harnessLines(result?.standardErrorContent)
        #expect(lines.last == "layoutbench: the UIKit layout TrappingListLayout trapped in "
                + "prepare(forCollectionViewUpdates:), called by a batch update; see Guides/UIKitLayouts.md, "
                + "\"Batch updates\"", "\(lines)")
    }

    @Test("the batch hint prints once, before the first appearing item is asked, and nothing else is printed")
    func batchHintOnce() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let workload = WorkloadSpec(rows: 2, columns: 5, layout: AnyLayoutFamily(QuietFlowFamily()),
                                        storage: .objects)
            let builder = WorkloadBuilder(workload: workload, seed: 1)
            let layout = builder.makeLayout(mode: .context)
            let host = builder.makeHost(layout)
            host.layoutIfNeeded()
            // The reference and a query print nothing.
            var buffer: [LayoutAttributes] = []
            layout.attributesForElements(in: host.bounds, into: &buffer, using: UIKitLayoutVariants.bruteForce)
            for count in [6, 7] {
                _ = try? host.performBatchUpdates(
                    BatchUpdate([.insertItems([ElementPath(section: 0, item: count - 1)])]),
                    newCounts: .perSection([count, 5]))
            }
            exit(0)
        }
        let lines = Self.harnessLines(result?.standardErrorContent)
        #expect(lines.count == 1 && lines.first?.hasSuffix("see Guides/UIKitLayouts.md, \"Batch updates\"") == true,
                "\(lines)")
    }
}
