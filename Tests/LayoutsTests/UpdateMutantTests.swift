import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Scenarios
import Testing

/// A deliberately wrong `incremental` strategy, to show that the conformance checker's update part catches an
/// incremental update that is off by one: the checker must fail it, and only it.
@Suite struct UpdateMutantTests {
    /// A correct layout (rebuilt on every batch) that, after a batch with an item insert, reports every item of the
    /// inserted item's section from the insert on 1 point lower: the shift an incremental update makes when it moves
    /// the items after an insert one index too early.
    final class OffByOneLayout: MeasuredLayout {
        let base: any MeasuredLayout
        /// The first inserted item of the last batch, in the new index space.
        var shiftedFrom: ElementPath?

        init(_ base: any MeasuredLayout) { self.base = base }

        func shifted(_ attributes: LayoutAttributes) -> LayoutAttributes {
            guard let from = shiftedFrom, attributes.kind == .cell, attributes.path.section == from.section,
                  attributes.path.item >= from.item else { return attributes }
            var moved = attributes
            moved.frame.origin.y += 1
            return moved
        }

        func prepare(in state: CollectionViewState) -> PreparationWork { base.prepare(in: state) }
        var contentSize: Size { base.contentSize }
        func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            _ = attributesForElements(in: rect, into: &buffer, using: activeVariant)
        }
        func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant)
            -> Int {
            let tested = base.attributesForElements(in: rect, into: &buffer, using: variant)
            for index in buffer.indices { buffer[index] = shifted(buffer[index]) }
            return tested
        }
        func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
            base.attributesForItem(at: path).map(shifted)
        }
        func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
            base.attributesForSupplementaryElement(ofKind: kind, at: path)
        }
        func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
            base.shouldInvalidate(forBoundsChange: newBounds, in: state)
        }
        func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
            -> InvalidationContext {
            base.invalidationContext(forBoundsChange: newBounds, in: state)
        }
        func willInvalidate(in state: CollectionViewState) { base.willInvalidate(in: state) }
        func invalidate(with context: InvalidationContext) { base.invalidate(with: context) }
        func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
            shiftedFrom = plan.steps.lazy.compactMap { step -> ElementPath? in
                if case let .insertItem(path, _) = step { return path }
                return nil
            }.first
            base.invalidate(with: context, batchUpdates: plan)
        }
        var queryVariants: [QueryVariant] { base.queryVariants }
        var referenceVariant: QueryVariant { base.referenceVariant }
        var activeVariant: QueryVariant {
            get { base.activeVariant }
            set { base.activeVariant = newValue }
        }
        var attributeBytes: Int { base.attributeBytes }
        func isPinned(_ attributes: LayoutAttributes) -> Bool { base.isPinned(attributes) }
        var rectContract: RectContract { base.rectContract }
    }

    /// The minimal list, with the mutant as its `incremental` strategy.
    struct MutantFamily: UpdatingLayoutFamily {
        static let name = "mutant-list"
        static let summary = "the minimal list with an off-by-one incremental update (test only)"
        static var queryVariants: [QueryVariant] { MinimalListFamily.queryVariants }
        var idComponent: String { Self.name }
        func problem(for content: ContentSpec) -> String? { nil }
        func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
            MinimalListFamily().estimatedBytes(for: content, storage: storage)
        }
        func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
            let layout = MinimalListFamily().makeLayout(for: request.content, storage: request.storage)
            return request.updates == .incremental ? OffByOneLayout(layout) : layout
        }
        func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] { [.full, .incremental] }
    }

    static let workload = WorkloadSpec(rows: 6, columns: 8, counts: .varied, sizes: .perCell,
                                       layout: AnyLayoutFamily(MutantFamily()))

    /// The checker fails the mutant's incremental strategy, against fresh builds and against full, and only it.
    @Test func theCheckerCatchesAnOffByOneIncrementalUpdate() {
        let failures = checkLayoutFamilyUpdates(Self.workload, seed: 3, batches: 12, maximumFailures: 50)
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.hasPrefix("incremental updates: ") }, "\(failures)")
        // A fresh incremental layout has no batch behind it, so it disagrees too.
        #expect(failures.contains { $0.contains("differs from a fresh layout") || $0.contains("in a fresh layout") })
    }

    /// `checkLayoutFamily` runs the update check: the mutant fails it there too, and nothing else does.
    @Test func checkLayoutFamilyRunsTheUpdateCheck() {
        let failures = checkLayoutFamily(Self.workload, seed: 3, rects: 10, traceFrames: 20, updateBatches: 8,
                                         maximumFailures: 50)
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.hasPrefix("incremental updates: ") }, "\(failures)")
        #expect(checkLayoutFamily(Self.workload, seed: 3, rects: 10, traceFrames: 20, updateBatches: 0).isEmpty)
    }

    /// The same family with a correct incremental layout (the full one) passes: the failures above are the shift's.
    @Test func theUnshiftedLayoutPasses() {
        struct Correct: UpdatingLayoutFamily {
            static let name = "correct-list"
            static let summary = "the minimal list, offering incremental as the full layout (test only)"
            static var queryVariants: [QueryVariant] { MinimalListFamily.queryVariants }
            var idComponent: String { Self.name }
            func problem(for content: ContentSpec) -> String? { nil }
            func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int { 0 }
            func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
                MinimalListFamily().makeLayout(request)
            }
            func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] { [.full, .incremental] }
        }
        let workload = WorkloadSpec(rows: 6, columns: 8, counts: .varied, sizes: .perCell,
                                    layout: AnyLayoutFamily(Correct()))
        #expect(checkLayoutFamilyUpdates(workload, seed: 3, batches: 12).isEmpty)
    }
}
