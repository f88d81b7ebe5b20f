import LayoutModel
import Testing

import Layouts

/// The rebuild/re-pin state machine that flow, compositional and the sticky grid share: what each context records,
/// and what each `prepare()` is told to do, under both policies.
@Suite("PinnedPreparation")
struct PinnedPreparationTests {
    static let policies: [PinnedPreparation.Policy] = [.supplementaryPinning, .pinnedCells]
    static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    static let scrolled = Rect(x: 0, y: 100, width: 390, height: 844)

    /// Runs one `prepare()`'s questions in their order and returns the answers.
    static func prepare(_ preparation: inout PinnedPreparation, at bounds: Rect) -> (rebuild: Bool, repin: Bool) {
        let rebuild = preparation.takeRebuild()
        return (rebuild, preparation.takeRepin(for: bounds))
    }

    @Test("a new value rebuilds and re-pins once, then does nothing at the same bounds", arguments: policies)
    func first(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy, bounds: .zero)
        #expect(preparation.bounds == .zero)
        #expect(preparation.needsRebuild && preparation.needsRepin)
        #expect(Self.prepare(&preparation, at: Self.bounds) == (true, true))
        #expect(preparation.bounds == Self.bounds)
        #expect(!preparation.needsRebuild && !preparation.needsRepin)
        #expect(Self.prepare(&preparation, at: Self.bounds) == (false, false))
    }

    @Test("moved bounds re-pin without a context, and only once", arguments: policies)
    func movedBounds(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        #expect(Self.prepare(&preparation, at: Self.scrolled) == (false, true))
        #expect(preparation.bounds == Self.scrolled)
        #expect(Self.prepare(&preparation, at: Self.scrolled) == (false, false))
    }

    @Test("the pinned elements re-pin at unchanged bounds", arguments: policies)
    func pinnedElements(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        preparation.record(InvalidationContext(invalidatePinnedElements: true))
        #expect(preparation.needsRepin && !preparation.needsRebuild)
        #expect(Self.prepare(&preparation, at: Self.bounds) == (false, true))
    }

    @Test("everything, counts, metrics and named items rebuild", arguments: policies, [
        InvalidationContext(invalidateEverything: true),
        InvalidationContext(invalidateDataSourceCounts: true),
        InvalidationContext(invalidateDelegateMetrics: true),
        InvalidationContext(invalidatedItemPaths: [ElementPath(section: 1, item: 3)]),
    ])
    func rebuilds(policy: PinnedPreparation.Policy, context: InvalidationContext) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        preparation.record(context)
        #expect(preparation.needsRebuild)
        // The sticky grid re-pins after every rebuild; flow and compositional only when the bounds moved.
        #expect(Self.prepare(&preparation, at: Self.bounds) == (true, policy.repinsAfterRebuild))
        #expect(Self.prepare(&preparation, at: Self.bounds) == (false, false))
    }

    @Test("a rebuild at moved bounds re-pins under both policies", arguments: policies)
    func rebuildAndMove(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        preparation.requireRebuild()
        #expect(Self.prepare(&preparation, at: Self.scrolled) == (true, true))
    }

    @Test("named supplementary elements re-pin only where pinned elements are supplementary", arguments: policies)
    func namedSupplementaries(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        preparation.record(InvalidationContext(
            invalidatedSupplementaryPaths: [.sectionHeader: [ElementPath(section: 2, item: 0)]]))
        #expect(!preparation.needsRebuild)
        #expect(preparation.needsRepin == policy.repinsForNamedSupplementaries)
        #expect(Self.prepare(&preparation, at: Self.bounds) == (false, policy.repinsForNamedSupplementaries))
    }

    @Test("a context naming nothing records nothing", arguments: policies)
    func nothing(policy: PinnedPreparation.Policy) {
        var preparation = PinnedPreparation(policy: policy)
        _ = Self.prepare(&preparation, at: Self.bounds)
        let before = preparation
        preparation.record(InvalidationContext(contentOffsetAdjustment: Point(x: 0, y: 10)))
        #expect(preparation == before)
    }
}
