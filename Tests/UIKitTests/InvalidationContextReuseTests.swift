import Harness
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing
@testable import UIKit

/// The contexts a layout hands out, reused once nothing references them (`makeInvalidationContext()`,
/// Guides/UIKitCompositional.md, "Invalidation contexts kept across frames"), and the handler table and the engine
/// answer a frame shares between the handler pass and the host's query.
@Suite("UIKit invalidation contexts kept across frames", .serialized)
struct InvalidationContextReuseTests {
    /// A context of `layout` with everything in it set, dropped before this returns; its identity.
    func useAndDrop(_ layout: UICollectionViewLayout) -> ObjectIdentifier {
        let context = layout.makeInvalidationContext()
        context.everything = true
        context.dataSourceCounts = true
        context.invalidateItems(at: [IndexPath(item: 1, section: 2), IndexPath(item: 3, section: 2)])
        context.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 4)])
        context.invalidateDecorationElements(ofKind: "background", at: [IndexPath(item: 0, section: 5)])
        context.contentOffsetAdjustment = CGPoint(x: 3, y: 4)
        context.contentSizeAdjustment = CGSize(width: 5, height: 6)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = true
            flow.invalidateFlowLayoutAttributes = true
            flow.invalidatesPinnedElements = true
        }
        return ObjectIdentifier(context)
    }

    /// Everything a context says, as text: two contexts that read the same say the same.
    func contents(_ context: UICollectionViewLayoutInvalidationContext) -> String {
        var text = "\(type(of: context)) \(context.invalidateEverything) \(context.invalidateDataSourceCounts) "
            + "\(String(describing: context.invalidatedItemIndexPaths)) "
            + "\(String(describing: context.invalidatedSupplementaryIndexPaths)) "
            + "\(String(describing: context.invalidatedDecorationIndexPaths)) "
            + "\(context.contentOffsetAdjustment) \(context.contentSizeAdjustment)"
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            text += " \(flow.invalidateFlowLayoutDelegateMetrics) \(flow.invalidateFlowLayoutAttributes) "
                + "\(flow.invalidatesPinnedElements)"
        }
        return text
    }

    @Test("a reused context carries nothing of its last use: it reads as a new one",
          arguments: [false, true])
    func reusedContextIsEmpty(flow: Bool) throws {
        let layout: UICollectionViewLayout = flow ? UICollectionViewFlowLayout() : UICollectionViewLayout()
        let fresh = contents(flow ? UICollectionViewFlowLayoutInvalidationContext()
                                  : UICollectionViewLayoutInvalidationContext())
        let used = useAndDrop(layout)
        // The pool kept the dropped context alive (so no other object can have its address), and serves it again.
        #expect(layout.contextPool.map(ObjectIdentifier.init) == used)
        let reused = layout.makeInvalidationContext()
        #expect(ObjectIdentifier(reused) == used)
        #expect(contents(reused) == fresh)
        #expect(reused.invalidatedItemIndexPaths == nil)
        #expect(reused.invalidatedSupplementaryIndexPaths == nil)
        #expect(reused.invalidatedDecorationIndexPaths == nil)
        // Kinds named before are not named again: only the kind named this time is in the dictionary.
        reused.invalidateSupplementaryElements(ofKind: "footer", at: [IndexPath(item: 0, section: 1)])
        #expect(reused.invalidatedSupplementaryIndexPaths == ["footer": [IndexPath(item: 0, section: 1)]])
        reused.invalidateItems(at: [IndexPath(item: 7, section: 0)])
        #expect(reused.invalidatedItemIndexPaths == [IndexPath(item: 7, section: 0)])
    }

    @Test("a context something still references is never reused: kept, weakly or unowned")
    func keptContextIsNotReused() throws {
        let layout = UICollectionViewLayout()
        // Kept strongly (an app storing the context it was given): a new object, and the kept one keeps its contents.
        let kept = layout.makeInvalidationContext()
        kept.invalidateItems(at: [IndexPath(item: 2, section: 0)])
        kept.contentOffsetAdjustment = CGPoint(x: 0, y: 9)
        let next = layout.makeInvalidationContext()
        #expect(next !== kept)
        #expect(kept.invalidatedItemIndexPaths == [IndexPath(item: 2, section: 0)])
        #expect(kept.contentOffsetAdjustment == CGPoint(x: 0, y: 9))
        #expect(next.invalidatedItemIndexPaths == nil)

        // Referenced weakly: UIKit's context would be gone, and the weak reference read nil; here too.
        weak var weakly: UICollectionViewLayoutInvalidationContext?
        var weakIdentity: ObjectIdentifier?
        do {
            let context = layout.makeInvalidationContext()
            weakly = context
            weakIdentity = ObjectIdentifier(context)
        }
        #expect(weakly != nil)  // the pool holds it
        let afterWeak = layout.makeInvalidationContext()
        #expect(ObjectIdentifier(afterWeak) != weakIdentity)
        #expect(weakly == nil)

        // Referenced unowned: not reused either (the holder keeps the old object's memory, so no new object can
        // take its address).
        final class UnownedHolder {
            unowned let context: UICollectionViewLayoutInvalidationContext
            init(_ context: UICollectionViewLayoutInvalidationContext) { self.context = context }
        }
        func hold() -> (UnownedHolder, ObjectIdentifier) {
            let context = layout.makeInvalidationContext()
            return (UnownedHolder(context), ObjectIdentifier(context))
        }
        let (holder, unownedIdentity) = hold()
        #expect(layout.contextPool.map(ObjectIdentifier.init) == unownedIdentity)
        let afterUnowned = layout.makeInvalidationContext()
        #expect(ObjectIdentifier(afterUnowned) != unownedIdentity)
        withExtendedLifetime(holder) {}
        withExtendedLifetime(next) {}
    }

    /// A layout whose contexts are of its own class, kept by `invalidateLayout(with:)`.
    final class OwnContextLayout: UICollectionViewLayout {
        final class Context: UICollectionViewLayoutInvalidationContext {
            var custom = 0
        }

        override class var invalidationContextClass: AnyClass { Context.self }
    }

    @Test("a custom invalidationContextClass: every context is a new one of that class, never pooled")
    func customClassStaysItsClass() throws {
        let layout = OwnContextLayout()
        for round in 0..<3 {
            let context = try #require(layout.makeInvalidationContext() as? OwnContextLayout.Context)
            // A new object: its own property is at its initial value whatever the last one was set to.
            #expect(context.custom == 0, "round \(round)")
            context.custom = round + 1
            let bounds = try #require(layout.invalidationContext(forBoundsChange: .zero)
                as? OwnContextLayout.Context)
            #expect(bounds.custom == 0)
        }
        #expect(layout.contextPool == nil)
    }

    @Test("a flow layout's context is a flow context, pooled; a subclass's context class stays its own")
    func flowContextClass() throws {
        let flow = UICollectionViewFlowLayout()
        _ = useAndDrop(flow)
        #expect(flow.makeInvalidationContext() is UICollectionViewFlowLayoutInvalidationContext)

        final class OwnFlowContext: UICollectionViewFlowLayoutInvalidationContext {}
        final class OwnFlowLayout: UICollectionViewFlowLayout {
            override class var invalidationContextClass: AnyClass { OwnFlowContext.self }
        }
        let own = OwnFlowLayout()
        _ = useAndDrop(own)
        #expect(own.makeInvalidationContext() is OwnFlowContext)
        #expect(own.contextPool == nil)
    }

    /// The host's visible set, as its own layout pass answered it (the answer that takes the handler pass's engine
    /// answer), sorted.
    func visible(_ host: CollectionViewHost) -> [String] {
        host.visibleAttributes.map { "\($0)" }.sorted()
    }

    @Test("after every frame of a seeded orthogonal trace, the host's answers equal a fresh layout's; one context",
          arguments: [UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .groupPagingCentered])
    func differential(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) throws {
        let family = SmallOrthogonalFamily(behavior: behavior, scales: true)
        let (host, bridge, layout) = try #require(family.hosted(sections: 12))
        var random = SeededGenerator(seed: 3801)
        var offsets: [Int: Double] = [:]
        var pooled: Set<ObjectIdentifier> = []
        for frame in 0..<60 {
            SmallOrthogonalFamily.seededStep(host, bridge, random: &random, offsets: &offsets)
            host.layoutIfNeeded()
            if let context = layout.contextPool { pooled.insert(ObjectIdentifier(context)) }
            let (freshHost, freshBridge) = try SmallOrthogonalFamily(behavior: behavior, scales: true)
                .freshlyHosted(at: host.bounds.origin, offsets: offsets)
            #expect(visible(host) == visible(freshHost), "frame \(frame)")
            // Item by item too: what the handler set is carried by `layoutAttributesForItem(at:)`.
            for element in host.visibleAttributes where element.kind == .cell {
                let appearance = bridge.appearance(of: element)
                #expect(appearance == freshBridge.appearance(of: element), "frame \(frame) \(element.path)")
            }
        }
        // One context served every frame: the pool never had to make another.
        #expect(pooled.count == 1)
    }

    @Test("the handler table: set in any order, read back by section, removed")
    func handlerTable() {
        var table = SectionHandlers()
        var calls: [Int] = []
        // Set out of order, section 1 twice: the second replaces the first.
        for (order, section) in [4, 1, 9, 1].enumerated() {
            table[section] = { _, _, _ in calls.append(order) }
        }
        #expect(table.entries.map(\.section) == [1, 4, 9])
        table[3] = nil
        table[4] = nil
        #expect(table.entries.map(\.section) == [1, 9])
        #expect(table[4] == nil)
        let environment = CompositionalLayoutEnvironment(contentSize: .zero, traitCollection: UITraitCollection())
        table[1]?([], .zero, environment)
        table[9]?([], .zero, environment)
        #expect(calls == [3, 2])
        table.removeAll(keepingCapacity: true)
        #expect(table.isEmpty)
    }

    @Test("the inlined overlap test answers as Rect's CoreGraphics rule on every edge case")
    func overlapRule() {
        let values: [Double] = [-10, 0, 5, 10, .nan, .infinity, -.infinity]
        let sizes: [Double] = [-5, 0, 5, .nan, .infinity]
        var rects: [Rect] = [.null, .infinite, .zero]
        for x in values { for w in sizes { rects.append(Rect(x: x, y: 0, width: w, height: 10)) } }
        for y in values { for h in sizes { rects.append(Rect(x: 0, y: y, width: 10, height: h)) } }
        for a in rects {
            for b in rects {
                #expect(a.meetsByCoreGraphicsRule(b) == a.overlapsByCoreGraphicsRule(b), "\(a) \(b)")
            }
        }
    }
}
