import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
@testable import Shelf
import Testing
import UIKit

/// The self-sizing list (``SelfSizingListLayout``) driven as the harness drives it (its family's collection view,
/// a `CollectionViewHost` with an `ItemFitting` playing the cells) through a self-sizing scroll: a fling down
/// through estimated content, a jump to the end, and a scroll back up. Its preferred-attributes overrides run, its
/// frames equal the native flow's with the same resolved sizes, and its offset adjustment keeps the first visible
/// cell in place all the way up.
@Suite("Self-sizing list layout", .serialized)
struct SelfSizingListLayoutTests {
    /// The list layout, with a log of its preferred-attributes calls.
    final class RecordingListLayout: SelfSizingListLayout {
        var shouldCalls = 0
        var invalidating = 0
        var offsetAdjustments: [CGFloat] = []
        /// Undoes the app's fix: what UIKit's own flow layout returns.
        var withoutFix = false

        override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                             withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
            shouldCalls += 1
            return super.shouldInvalidateLayout(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        }

        override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                          withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
            -> UICollectionViewLayoutInvalidationContext {
            let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                    withOriginalAttributes: originalAttributes)
            invalidating += 1
            if withoutFix { context.contentOffsetAdjustment = .zero }
            if context.contentOffsetAdjustment.y != 0 { offsetAdjustments.append(context.contentOffsetAdjustment.y) }
            return context
        }
    }

    /// The family over one recording layout (the tests are serialized; nothing crosses threads), so that the test reads the layout the host drives.
    struct RecordingFamily: UIKitLayoutFamily {
        static let name = "uikit-selfsizing-recording"
        static let summary = "the self-sizing list, recording"
        let layout = RecordingListLayout()
        func makeCollectionViewLayout() -> UICollectionViewLayout { layout }
    }

    /// The cells: text-like heights on the 0.5 pt grid, 44 to 400, the proposed width kept.
    final class TextFitting: ItemFitting {
        var fitted: Set<ElementPath> = []

        static func height(_ path: ElementPath) -> Double {
            44 + Double((path.item &* 7919 &+ 13) % 713) * 0.5
        }

        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            fitted.insert(original.path)
            var preferred = original
            preferred.frame.size.height = Self.height(original.path)
            return preferred
        }
    }

    static let items = 3000

    func makeHost(width: Double = 390) -> (CollectionViewHost, RecordingListLayout, TextFitting) {
        let family = RecordingFamily()
        let spec = ContentSpec(sections: 1, itemsPerSection: Self.items, sizes: .uniform, seed: 1)
        let layout = family.makeLayout(for: spec, storage: .objects)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: width, height: 844),
                                      counts: .perSection([Self.items]))
        let fitting = TextFitting()
        host.itemFitting = fitting
        return (host, family.layout, fitting)
    }

    /// Every item's frame and the content size against the native incremental flow layout built fresh with the
    /// same resolved sizes (`IncrementalFlowLayout(_:estimated:resolved:)`): exactly, the sizes being on the 0.5 pt
    /// grid.
    func expectNativeFrames(_ layout: SelfSizingListLayout, fitted: Set<ElementPath>, width: Double,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let metrics = FlowSectionMetrics(sectionInset: .zero, minimumLineSpacing: 0, minimumInteritemSpacing: 0)
        let configuration = FlowConfiguration(itemSizing: .uniform(Size(width: 1, height: 1)),
                                              metrics: UniformFlowMetrics(metrics))
        var extents: [ElementPath: Double] = [:]
        for path in fitted { extents[path] = TextFitting.height(path) }
        let native = IncrementalFlowLayout(configuration, estimated: FlowEstimatedSize(itemsPerLine: 1, extent: 44),
                                           resolved: ResolvedItemSizes(extents))
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: width, height: 844),
                                        counts: .perSection([Self.items]))
        _ = native.prepare(in: state)
        #expect(Double(layout.collectionViewContentSize.height) == native.contentSize.height,
                sourceLocation: sourceLocation)
        var mismatches = 0
        for item in 0..<Self.items {
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
            let expected = native.attributesForItem(at: ElementPath(section: 0, item: item))?.frame
            let actual = frame.map { Rect(x: Double($0.minX), y: Double($0.minY), width: Double($0.width),
                                          height: Double($0.height)) }
            if actual != expected { mismatches += 1 }
        }
        #expect(mismatches == 0, sourceLocation: sourceLocation)
    }

    @Test("a fling down, a jump to the end, a scroll back up: overrides called, native frames, no jump going up",
          arguments: [true, false])
    func selfSizingScroll(withFix: Bool) {
        let (host, layout, fitting) = makeHost()
        layout.withoutFix = !withFix
        host.layoutIfNeeded()
        for _ in 0..<60 {
            host.setContentOffset(Point(x: 0, y: host.contentOffset.y + 120))
            host.layoutIfNeeded()
        }
        #expect(layout.shouldCalls > 0 && layout.invalidating > 0)
        #expect(layout.offsetAdjustments.isEmpty)  // nothing resolves above the top going down
        expectNativeFrames(layout, fitted: fitting.fitted, width: 390)

        host.setContentOffset(Point(x: 0, y: host.layout.contentSize.height - 844))
        host.layoutIfNeeded()
        var jumps: [Double] = []
        var resolvedGoingUp = 0
        for _ in 0..<400 {
            host.setContentOffset(Point(x: 0, y: host.contentOffset.y - 29.7))
            host.layoutIfNeeded()
            let report = host.sizingReport
            resolvedGoingUp += report.resolvedSizes
            if report.jump != 0 { jumps.append(report.jump) }
        }
        #expect(resolvedGoingUp > 0)
        if withFix {
            #expect(!layout.offsetAdjustments.isEmpty)
            #expect(jumps.isEmpty)
        } else {
            // UIKit's flow alone: every cell resolved above the top moves what the user sees.
            #expect(layout.offsetAdjustments.isEmpty)
            #expect(jumps.count > 100)
        }
        expectNativeFrames(layout, fitted: fitting.fitted, width: 390)
    }

    @Test("a rotation re-estimates every cell: the new width's estimate, the visible cells fitted again")
    func rotation() {
        let (host, layout, fitting) = makeHost()
        host.layoutIfNeeded()
        for _ in 0..<20 {
            host.setContentOffset(Point(x: 0, y: host.contentOffset.y + 200))
            host.layoutIfNeeded()
        }
        fitting.fitted.removeAll()
        host.setBounds(Rect(x: 0, y: host.contentOffset.y, width: 844, height: 844))
        host.layoutIfNeeded()
        let report = host.sizingReport
        #expect(report.fittings > 0)
        #expect(layout.estimatedItemSize == CGSize(width: 844, height: 44))
        expectNativeFrames(layout, fitted: fitting.fitted, width: 844)
    }

    @Test("the family declares self-sizing support")
    func family() {
        let spec = ContentSpec(sections: 1, itemsPerSection: 10, sizes: .uniform, seed: 1)
        #expect(SelfSizingListFamily().supportsSelfSizing(for: spec))
        #expect(!ShelfFamily().supportsSelfSizing(for: spec))
    }
}

extension SelfSizingListLayoutTests.RecordingListLayout: @unchecked Sendable {}
