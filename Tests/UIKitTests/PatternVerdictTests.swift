import Harness
import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
import UIKit
@testable import UIKitPatterns
import Verification

/// The verdicts an iOS engineer would give on layouts written as apps write them (issue 37; the layouts are in
/// Sources/UIKitPatterns): every pattern passes `verify`, `verify invalidation --trace mixed` and `verify updates`
/// (and the self-sizing traces where it self-sizes), and the layout that really drops a cell fails.
@Suite("pattern layouts get an iOS engineer's verdict", .serialized)
struct PatternVerdictTests {
    static let viewport = Size(width: 390, height: 844)
    static let passing = UIKitPatterns.passing.map { AnyLayoutFamily($0.init()) }

    static func workload(_ family: AnyLayoutFamily, rows: Int = 16, columns: Int = 9) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, counts: .varied, sizes: .perCell, layout: family, storage: .objects)
    }

    @Test("verify queries passes over the rects UIKit sends", arguments: passing)
    func queries(family: AnyLayoutFamily) throws {
        let report = try QueryVerification(workload: Self.workload(family), seed: 3, viewport: Self.viewport,
                                           queryCount: 100).run()
        #expect(report.passed, "\(report.rows.flatMap(\.tally.exampleLines))")
        for row in report.rows {
            #expect(row.tally.total(.missing) == 0 && row.tally.total(.moved) == 0
                    && row.tally.total(.attributes) == 0, "\(row.variant): \(row.tally.summary ?? "")")
        }
    }

    @Test("verify invalidation --trace mixed passes in both variants", arguments: passing)
    func invalidation(family: AnyLayoutFamily) throws {
        for variant in UIKitLayoutVariants.all {
            let report = try InvalidationVerification(workload: Self.workload(family), seed: 5,
                                                      viewport: Self.viewport, traceKind: .mixed, frames: 75,
                                                      variant: variant).run()
            let why = "\(variant): \(report.failedRules) \(report.firstMismatch ?? "") "
                + "\(report.firstAccountingViolation ?? "")"
            #expect(report.passed, "\(why)")
        }
    }

    @Test("verify updates passes over batch edits", arguments: passing)
    func updates(family: AnyLayoutFamily) throws {
        let report = try UpdateVerification(workload: Self.workload(family, rows: 10, columns: 8), seed: 7,
                                            traceKind: .edits, frames: 48).run()
        #expect(report.passed, "\(report.runs.map { "\($0.firstFreshMismatch ?? "") \($0.firstFullMismatch ?? "")" })")
    }
}

/// The same layouts without the app's part, which their contracts ask of the app.
struct SpreadsheetWithoutResetFamily: UIKitLayoutFamily {
    static let name = "uikit-spreadsheet-unreset"
    static let summary = "the spreadsheet, its app not resetting it (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { SpreadsheetLayout() }
}

struct TagCloudWithoutInvalidationFamily: UIKitLayoutFamily {
    static let name = "uikit-tag-cloud-uninvalidated"
    static let summary = "the tag cloud, its app not invalidating it on rotation (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { TagCloudLayout() }
}

/// A self-sizing list that asks to be invalidated for every preferred size and keeps none: no fresh layout can be
/// told what it fitted.
final class ForgetfulSizingLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0,
               height: CGFloat(collectionView?.numberOfItems(inSection: 0) ?? 0) * 60)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).compactMap {
            layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
        }.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section == 0 else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 60, width: collectionView?.bounds.width ?? 0,
                                  height: 60)
        return attributes
    }

    override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                         withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.frame.height != originalAttributes.frame.height
    }
}

struct ForgetfulSizingFamily: UIKitLayoutFamily {
    static let name = "uikit-forgetful-sizing"
    static let summary = "asks for every preferred size and keeps none (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { ForgetfulSizingLayout() }
    func supportsSelfSizing(for content: ContentSpec) -> Bool { true }
}

@Suite("pattern verdicts, by class", .serialized)
struct PatternClassTests {
    static let viewport = Size(width: 390, height: 844)

    static func workload(_ family: some LayoutFamily, rows: Int = 24, columns: Int = 9,
                         sizes: SizeDistribution = .perCell) -> WorkloadSpec {
        WorkloadSpec(rows: rows, columns: columns, counts: .varied, sizes: sizes, layout: AnyLayoutFamily(family),
                     storage: .objects)
    }

    @Test("a layout that drops the row its rect's bottom edge cuts fails, the rows named missing on full-width rects")
    func dropsACell() throws {
        let report = try QueryVerification(workload: Self.workload(OffByOneListFamily()), seed: 3,
                                           viewport: Self.viewport, queryCount: 100).run()
        #expect(!report.passed)
        let uikit = try #require(report.rows.first { $0.variant == "uikit" })
        #expect(uikit.tally.total(.missing) > 0)
        #expect(uikit.tally.total(.moved) == 0 && uikit.tally.total(.extraOutside) == 0)
        // Every rect asked spans the view's width: the failure is not the harness's sideways rect.
        let examples = uikit.tally.examples[.missing] ?? []
        #expect(!examples.isEmpty && examples.allSatisfy { $0.place.contains("x 390.0") || $0.place.contains("390.0 x") })
        // The missing row is the one the rect's bottom edge cuts through: its frame straddles some rect's max y.
        for example in examples {
            #expect(example.element.attributes.frame.size.height == 44)
        }
    }

    @Test("a superset returner warns (extras outside the rect), and fails only under --fail-on-extras")
    func superset() throws {
        let standard = try QueryVerification(workload: Self.workload(SupersetGridFamily()), seed: 3,
                                             viewport: Self.viewport, queryCount: 100).run()
        #expect(standard.passed && standard.warns)
        let uikit = try #require(standard.rows.first { $0.variant == "uikit" })
        #expect(uikit.tally.total(.extraOutside) > 0)
        #expect(uikit.tally.total(.missing) + uikit.tally.total(.moved) + uikit.tally.total(.extraInside) == 0)
        // Each example is an element whose frame misses its rect.
        for example in uikit.tally.examples[.extraOutside] ?? [] {
            #expect(example.place.hasPrefix("rect "))
        }
        let exact = try QueryVerification(workload: Self.workload(SupersetGridFamily()), seed: 3,
                                          viewport: Self.viewport, queryCount: 100, policy: .exact).run()
        #expect(!exact.passed)
    }

    @Test("a left-aligned flow is right on the rects UIKit sends and wrong (moved cells) on narrower ones")
    func leftAligned() throws {
        let workload = Self.workload(LeftAlignedChipsFamily())
        let visible = try QueryVerification(workload: workload, seed: 3, viewport: Self.viewport, queryCount: 150).run()
        #expect(visible.passed && visible.allAgree)
        let any = try QueryVerification(workload: workload, seed: 3, viewport: Self.viewport, queryCount: 150,
                                        rects: .any).run()
        #expect(!any.passed)
        let uikit = try #require(any.rows.first { $0.variant == "uikit" })
        #expect(uikit.tally.total(.moved) > 0)
    }

    @Test("a card stack's transparent cards, left out of the rect query, are hidden, not missing")
    func cardStack() throws {
        let report = try QueryVerification(workload: Self.workload(CardStackFamily()), seed: 3,
                                           viewport: Self.viewport, queryCount: 100).run()
        #expect(report.passed && report.allAgree)
        let uikit = try #require(report.rows.first { $0.variant == "uikit" })
        #expect(uikit.tally.hiddenLeftOut > 0)
    }

    @Test("without the app's reset, the spreadsheet differs from a fresh layout after a data change; with it, not")
    func resetOnReload() throws {
        let without = try InvalidationVerification(workload: Self.workload(SpreadsheetWithoutResetFamily()), seed: 5,
                                                   viewport: Self.viewport, traceKind: .mixed, frames: 90).run()
        let updates = try UpdateVerification(workload: Self.workload(SpreadsheetWithoutResetFamily(), rows: 12,
                                                                     columns: 8),
                                             seed: 7, traceKind: .edits, frames: 40, anchorings: [.none]).run()
        #expect(!updates.passed)
        // Context and full mode keep the same stale grid: only the fresh layout shows it.
        #expect(without.passed)
        let with = try UpdateVerification(workload: Self.workload(SpreadsheetFamily(), rows: 12, columns: 8), seed: 7,
                                          traceKind: .edits, frames: 40, anchorings: [.none]).run()
        #expect(with.passed)
    }

    @Test("without the app's invalidation on rotation, the tag cloud keeps the old width's lines; with it, not")
    func invalidateOnRotation() throws {
        let without = checkLayoutFamily(Self.workload(TagCloudWithoutInvalidationFamily()), seed: 5, rects: 20,
                                        traces: [.resize], traceFrames: 30, updateBatches: 0,
                                        policy: .standard)
        #expect(without.contains { $0.contains("differs from a fresh layout") }, "\(without)")
        let with = checkLayoutFamily(Self.workload(TagCloudFamily()), seed: 5, rects: 20, traces: [.resize],
                                     traceFrames: 30, updateBatches: 0, policy: .standard)
        #expect(with.isEmpty, "\(with)")
    }

    @Test("the conformance checker passes every pattern under the standard policy", arguments: PatternVerdictTests.passing)
    func conforms(family: AnyLayoutFamily) {
        let workload = WorkloadSpec(rows: 10, columns: 8, counts: .varied, sizes: .perCell, layout: family,
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 11, rects: 40, traces: [.mixed], traceFrames: 45,
                                         updateBatches: 8, policy: .standard)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }
}

@Suite("self-sizing references of UIKit layouts", .serialized)
struct PatternSelfSizingTests {
    static func workload(_ family: some LayoutFamily) -> WorkloadSpec {
        var workload = WorkloadSpec(rows: 6, columns: 40, sizes: .uniform, layout: AnyLayoutFamily(family),
                                    storage: .objects)
        workload.selfSizing = SelfSizingSpec()
        return workload
    }

    @Test("an automaticSize flow and a self-sizing list of its own pass both self-sizing traces",
          arguments: [AnyLayoutFamily(AutomaticSizeFlowFamily()), AnyLayoutFamily(EstimatingListFamily())],
          ScrollTraceKind.selfSizingTraces)
    func traces(family: AnyLayoutFamily, trace: ScrollTraceKind) throws {
        var workload = WorkloadSpec(rows: 6, columns: 40, sizes: .uniform, layout: family, storage: .objects)
        workload.selfSizing = SelfSizingSpec()
        let report = try UpdateVerification(workload: workload, seed: 9, traceKind: trace, frames: 80,
                                            anchorings: [.none, .top]).run()
        #expect(report.passed, "\(report.runs.map { "\($0.firstFreshMismatch ?? "") \($0.firstFullMismatch ?? "")" })")
        #expect(report.runs.allSatisfy { $0.updateFrames > 0 && $0.checkedFrames > 0 })
    }

    @Test("the automaticSize reference takes each item's delegate width across, not the 1.8e308 of automaticSize")
    func automaticSizeReference() throws {
        let workload = Self.workload(AutomaticSizeFlowFamily())
        let content = workload.content(seed: 1)
        let layout = try #require(AutomaticSizeFlowFamily().makeLayout(
            for: content, resolved: ResolvedItemSizes([ElementPath(section: 0, item: 0): 77])))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        #expect(layout.contentSize.width == 390)
        let first = try #require(layout.attributesForItem(at: ElementPath(section: 0, item: 0)))
        // The delegate's size for item 0 (the content's), its height the fitted 77.
        let delegateSize = content.makeSizeProvider().size(row: 0, column: 0)
        #expect(first.frame.size == Size(width: delegateSize.width, height: 77))
    }

    @Test("a custom self-sizing layout's reference replays the sizes through its own pair: equal to the layout that fitted them")
    func replay() throws {
        let workload = Self.workload(EstimatingListFamily())
        let content = workload.content(seed: 1)
        let extents: [ElementPath: Double] = [ElementPath(section: 0, item: 1): 90, ElementPath(section: 0, item: 3): 30]
        let layout = try #require(EstimatingListFamily().makeLayout(for: content, resolved: ResolvedItemSizes(extents)))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        // Rows of 60 but the second (90) and the fourth (30): by hand, y 0, 60, 150, 210, 240.
        let frames = (0..<5).compactMap { layout.attributesForItem(at: ElementPath(section: 0, item: $0))?.frame }
        #expect(frames.map(\.origin.y) == [0, 60, 150, 210, 240])
        #expect(frames.map(\.size.height) == [60, 90, 60, 30, 60])
        #expect((layout as? any ReferenceCheckingLayout)?.referenceProblem == nil)
    }

    @Test("a layout that asks for every preferred size and keeps none is refused in one line")
    func refusal() {
        var workload = WorkloadSpec(rows: 1, columns: 40, sizes: .uniform, layout: AnyLayoutFamily(ForgetfulSizingFamily()),
                                    storage: .objects)
        workload.selfSizing = SelfSizingSpec()
        #expect {
            _ = try UpdateVerification(workload: workload, seed: 9, traceKind: .selfSizing, frames: 30,
                                       anchorings: [.none]).run()
        } throws: { error in
            let text = "\(error)"
            return text.contains("does not keep the preferred size") && !text.contains("\n")
        }
    }
}

@Suite("self-invalidating layouts and the app's part")
struct PatternLifecycleTests {
    /// One section of `count` items.
    final class Items: NSObject, UICollectionViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell { UICollectionViewCell() }
    }

    @Test("a carousel that sets its inset in prepare() is prepared again at once: its first card starts centred")
    func carousel() throws {
        let layout = CarouselFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let items = Items(5)
        view.dataSource = items
        view.layoutIfNeeded()
        // (390 - 260) / 2 = 65 each side; (844 - 480) / 2 = 182 above and below; the first card centred.
        #expect(layout.sectionInset == UIEdgeInsets(top: 182, left: 65, bottom: 182, right: 65))
        let first = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.center.x == 195)
        // 5 cards of 260 at a pitch of 276: 65 + 4 x 276 + 260 + 65 = 1494.
        let width: CGFloat = 1494
        #expect(layout.collectionViewContentSize.width == width)
        withExtendedLifetime(items) {}
    }

    @Test("a layout that invalidates itself in every prepare() is prepared at most four times a pass")
    func bounded() {
        final class Restless: UICollectionViewLayout {
            var prepares = 0
            override func prepare() {
                prepares += 1
                invalidateLayout()
            }
        }
        let layout = Restless()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        view.layoutIfNeeded()
        #expect(layout.prepares == UIKitLayoutBridge.maximumPreparesPerPass)
    }

    @Test("the app's hooks run around the trace's events: reset before a reload, invalidate before a resize")
    func hooks() {
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let workload = WorkloadSpec(rows: 4, columns: 5, layout: AnyLayoutFamily(TagCloudFamily()), storage: .objects)
        let builder = WorkloadBuilder(workload: workload, seed: 1)
        let layout = builder.makeLayout(mode: .context)
        let host = builder.makeHost(layout)
        host.layoutIfNeeded()
        let tags = (layout as? UIKitLayoutBridge)?.view?.collectionViewLayout as? TagCloudLayout
        let before = tags?.collectionViewContentSize
        // A resize the layout declines (shouldInvalidateLayout answers false); the app's invalidateLayout() makes
        // the next pass prepare it at the new width.
        builder.apply(.resize(to: Size(width: 200, height: 844)), to: host)
        host.layoutIfNeeded()
        #expect(tags?.collectionViewContentSize.width == 200)
        #expect(tags?.collectionViewContentSize != before)
    }
}
