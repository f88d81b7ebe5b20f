import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Scenarios
import Harness
import Verification

/// Real iOS layouts, as published, through every command (issue 30): each failure class is a layout file written
/// as apps write it (Tests/UIKitTests/Layouts), compiled unchanged, through the conformance checker (queries, and
/// the mixed trace against a fresh layout and full invalidation), `verify queries` and `verify invalidation --trace
/// mixed` in both query variants.
@Suite("published layouts pass every check", .serialized)
struct PublishedLayoutTests {
    static let families: [AnyLayoutFamily] = [
        AnyLayoutFamily(NaNAssertingGridFamily()), AnyLayoutFamily(KindAssertingFamily()),
        AnyLayoutFamily(WidthCachingFamily()), AnyLayoutFamily(TiltedCardsFamily()),
        AnyLayoutFamily(PerSectionFlowFamily()),
    ]
    static let viewport = Size(width: 390, height: 844)

    @Test("the conformance checker passes, mixed trace included", arguments: families)
    func conforms(family: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .perCell, layout: family,
                                        storage: .objects)
            let failures = checkLayoutFamily(workload, seed: 11, rects: 60, traces: [.mixed, .resize],
                                             traceFrames: 45)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }

    /// `layoutbench run` over the same layouts: every scenario of a small workload is measured (the deterministic
    /// pass, which asks the layout what a run asks it), and none is skipped or traps.
    @Test("a run measures every scenario", arguments: families)
    func runs(family: AnyLayoutFamily) throws {
        var workload = WorkloadSpec(rows: 12, columns: 9, sizes: .perCell, layout: family, storage: .objects)
        workload.traceFrames = 30
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true, measureAllocations: false)
        guard case let .measured(results) = runner.run() else {
            Issue.record("\(workload.id) was not measured")
            return
        }
        #expect(results.map(\.id).sorted() == workload.scenarioIDs.sorted())
        #expect(results.allSatisfy { $0.metrics["frame.recomputedElements"] != nil })
    }

    @Test("verify queries agrees, over the rects UIKit sends and over every rect the query set makes",
          arguments: families)
    func verifyQueries(family: AnyLayoutFamily) throws {
        let workload = WorkloadSpec(rows: 20, columns: 10, counts: .varied, sizes: .perCell, layout: family,
                                    storage: .objects)
        let report = try QueryVerification(workload: workload, seed: 3, viewport: Self.viewport, queryCount: 200).run()
        #expect(report.rects == .visible)
        #expect(report.allAgree, "\(report.rows.compactMap(\.firstMismatch))")
        #expect(Set(report.categoryCounts.keys) == [.viewport, .prefetch, .edgeAligned, .outside])
        // `--rects any`: every category still runs; only NaN, infinite, null and far-off rects are left out.
        let any = try QueryVerification(workload: workload, seed: 3, viewport: Self.viewport, queryCount: 200,
                                        rects: .any).run()
        #expect(any.allAgree, "\(any.rows.compactMap(\.firstMismatch))")
        #expect(Set(any.categoryCounts.keys) == Set(VerificationQuery.Category.allCases).subtracting([.prefetch]))
    }

    @Test("verify invalidation --trace mixed passes in both variants", arguments: families)
    func verifyInvalidation(family: AnyLayoutFamily) throws {
        let workload = WorkloadSpec(rows: 20, columns: 10, counts: .varied, sizes: .perCell, layout: family,
                                    storage: .objects)
        for variant in UIKitLayoutVariants.all {
            let report = try InvalidationVerification(workload: workload, seed: 5, viewport: Self.viewport,
                                                      traceKind: .mixed, frames: 90, variant: variant).run()
            let why = "\(variant): \(report.failedRules) \(report.firstMismatch ?? "") "
                + "\(report.firstAccountingViolation ?? "")"
            #expect(report.passed, "\(why)")
        }
    }
}

/// A layout that records every rect and every kind the harness hands it.
final class RecordingGridLayout: UICollectionViewLayout {
    nonisolated(unsafe) static var rects: [CGRect] = []
    nonisolated(unsafe) static var kinds: Set<String> = []
    private let inner = KindAssertingLayout()

    override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 4000) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        Self.rects.append(rect)
        return (0..<80).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            .filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < (collectionView?.numberOfItems(inSection: 0) ?? 0) else {
            return nil
        }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: 50 * CGFloat(indexPath.item), width: 390, height: 50)
        return attributes
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        Self.kinds.insert(elementKind)
        return nil
    }
}

struct RecordingGridFamily: UIKitLayoutFamily {
    static let name = "uikit-recording-grid"
    static let summary = "records the rects and kinds it is asked (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { RecordingGridLayout() }
}

@Suite("what the harness hands a UIKit layout", .serialized)
struct HarnessCallsTests {
    @Test("only finite, standardised rects near the content; native layouts keep their robustness queries")
    func rects() throws {
        RecordingGridLayout.rects.removeAll()
        let workload = WorkloadSpec(rows: 1, columns: 80, layout: AnyLayoutFamily(RecordingGridFamily()),
                                    storage: .objects)
        _ = try QueryVerification(workload: workload, seed: 9, viewport: Size(width: 390, height: 844),
                                  queryCount: 300).run()
        _ = checkLayoutFamily(workload, seed: 9, rects: 120, traces: [.mixed], traceFrames: 30)
        #expect(!RecordingGridLayout.rects.isEmpty)
        for rect in RecordingGridLayout.rects {
            let edges = [rect.minX, rect.minY, rect.maxX, rect.maxY]
            #expect(edges.allSatisfy { $0.isFinite && abs($0) <= RectContract.largestUIKitEdge }, "\(rect)")
            #expect(rect.size.width >= 0 && rect.size.height >= 0, "\(rect)")
        }
        // The supplementary probe asks only kinds the layout reported: this one reports none, so none is asked.
        #expect(RecordingGridLayout.kinds.isEmpty)
        // A native layout still gets the robustness rects (NaN, null, infinite, negative sizes).
        #expect(RectContract.robust.admit(Rect(x: .nan, y: 0, width: 1, height: 1)) != nil)
        #expect(RectContract.uikit.admit(Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(RectContract.uikit.admit(.null) == nil)
        #expect(RectContract.uikit.admit(Rect(x: -1e300, y: 0, width: 2e300, height: 1)) == nil)
        #expect(RectContract.uikit.admit(Rect(x: 10, y: 20, width: -4, height: -6))
            == Rect(x: 6, y: 14, width: 4, height: 6))
    }

    @Test("the flow layout's own kinds are not probed on a layout that does not report them")
    func kinds() {
        let workload = WorkloadSpec(rows: 3, columns: 4, layout: AnyLayoutFamily(KindAssertingFamily()),
                                    storage: .objects)
        let layout = WorkloadBuilder(workload: workload, seed: 1).makeLayout(mode: .context)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: workload.content(seed: 1).itemCounts)
        host.layoutIfNeeded()
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 10_000), into: &buffer,
                                     using: UIKitLayoutVariants.bruteForce)
        // 3 sections of 4 items, a badge and a background each: 18 elements, every one through its own call.
        #expect(buffer.count == 3 * 4 + 3 + 3)
        #expect(Set(buffer.compactMap { ElementKindNames.string(for: $0.kind) })
            == [KindAssertingLayout.badgeKind, KindAssertingLayout.backgroundKind])
    }
}

/// A flow subclass that asks for its delegate metrics again on every scroll: its frames are right, its work is not.
final class OverInvalidatingFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = CGSize(width: 120, height: 44)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        (context as? UICollectionViewFlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics = true
        return context
    }
}

struct OverInvalidatingFlowFamily: UIKitLayoutFamily {
    static let name = "uikit-over-invalidating-flow"
    static let summary = "a flow subclass that re-asks its metrics on every scroll (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { OverInvalidatingFlowLayout() }
}

@Suite("verify invalidation names the rule that failed")
struct FailedRuleTests {
    @Test("a layout with right frames and too much work fails the accounting and size-query rules, not the frames rule")
    func accountingOnly() throws {
        let workload = WorkloadSpec(rows: 20, columns: 10, sizes: .perCell,
                                    layout: AnyLayoutFamily(OverInvalidatingFlowFamily()), storage: .objects)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: Size(width: 390, height: 844),
                                                  traceKind: .fling, frames: 40).run()
        #expect(!report.passed)
        #expect(report.mismatches == 0)
        #expect(report.failedRules.count == 2)
        #expect(report.failedRules.first?.hasPrefix("the recomputation accounting rule") == true)
        #expect(report.failedRules.last?.hasPrefix("the size-query rule") == true)
    }
}

@Suite("the Linux-Foundation difference a layout hits")
struct TouchingElementTests {
    @Test("an element that only touches the rect, let through by Foundation's intersects, is dropped from the uikit answer")
    func touching() {
        // The NaN-asserting grid: 90 x 60 items, 4 columns at 390 wide; its rect code uses Foundation's closed
        // `intersects`. A rect from y 60 to 120 holds row 1 (items 4-7) and touches rows 0 and 2. The layout walks
        // rows Int(60 / 60) = 1 to Int(120 / 60) = 2, and Foundation's closed edges let row 2 (y 120 to 180) through;
        // CoreGraphics' rule does not: the answer is row 1's four items, and row 2's four are counted as dropped.
        let workload = WorkloadSpec(rows: 1, columns: 16, layout: AnyLayoutFamily(NaNAssertingGridFamily()),
                                    storage: .objects)
        let layout = WorkloadBuilder(workload: workload, seed: 1).makeLayout(mode: .context)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: workload.content(seed: 1).itemCounts)
        host.layoutIfNeeded()
        var buffer: [LayoutAttributes] = []
        let rect = Rect(x: 0, y: 60, width: 390, height: 60)
        layout.attributesForElements(in: rect, into: &buffer, using: UIKitLayoutVariants.uikit)
        #expect(buffer.map(\.path.item).sorted() == [4, 5, 6, 7])
        #expect((layout as? UIKitLayoutBridge)?.touchingOnlyDropped == 4)
        layout.attributesForElements(in: rect, into: &buffer, using: UIKitLayoutVariants.bruteForce)
        #expect(buffer.map(\.path.item).sorted() == [4, 5, 6, 7])
    }
}
