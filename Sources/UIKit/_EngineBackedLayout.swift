import LayoutModel
import Layouts

/// A UIKit layout class whose answers are a LayoutBench engine's (``UICollectionViewFlowLayout`` over the flow
/// engine, ``UICollectionViewCompositionalLayout`` over the compositional one): the one conversion of engine answers
/// into `UICollectionViewLayoutAttributes` objects, and what the bridge (``UIKitLayoutBridge``) asks of such a
/// layout, through ``UICollectionViewLayout/engineBacked`` rather than a chain of casts.
package protocol EngineBackedLayout: UICollectionViewLayout {
    /// The engine's type.
    associatedtype Engine: MeasuredLayout

    /// The engine of the last `prepare()`; `nil` before the first (and after a configuration change drops it).
    var engine: Engine? { get }

    /// The layout's reused buffer for the engine's answers: stored, so a query fills it in place.
    var engineScratch: [LayoutAttributes] { get set }

    /// The attributes objects the layout answers, kept from query to query, and its answer array
    /// (``EngineAttributesCache``).
    var attributesCache: EngineAttributesCache { get }

    /// The engine's work at the last `prepare()` that the host counts on top of the objects the layout created:
    /// recomputed elements, and the size queries the engine made itself (0 when the collection view counts them).
    var engineWorkForHost: PreparationWork { get }

    /// The bytes the engine's arrays hold (and the layout's own per-section tables).
    var engineBytes: Int { get }

    /// The UIKit kind string of a supplementary or decoration element the engine answered.
    ///
    /// - Complexity: O(1).
    func elementKindString(of attributes: LayoutAttributes) -> String?

    /// Whether the supplementary element of `kind` in `section` is pinned to the visible bounds.
    ///
    /// - Complexity: O(1).
    func pinsSupplementary(ofKind kind: String, inSection section: Int) -> Bool

    /// The frame the layout answers for an engine element: the engine's, or, for a compositional section's header
    /// or footer on another edge than its items (Guides/UIKitCompositional.md, CI4), moved across the scroll axis.
    ///
    /// - Complexity: O(1).
    func answeredFrame(of attributes: LayoutAttributes) -> Rect

    /// The rect to ask the engine for the elements whose answered frames may meet `rect`: `rect`, or `rect` across
    /// the whole content width when some answered frame is moved across the scroll axis.
    ///
    /// - Complexity: O(1).
    func engineQueryRect(for rect: Rect) -> Rect
}

extension EngineBackedLayout {
    /// The engine's frame.
    package func answeredFrame(of attributes: LayoutAttributes) -> Rect { attributes.frame }

    /// `rect`.
    package func engineQueryRect(for rect: Rect) -> Rect { rect }

    /// `recomputed`, the engine's count of the elements its last `prepare()` recomputed, as UIKit counts a scroll's:
    /// when it is the engine's pinned elements in `bounds` by its closed edges (what a scroll re-places), the pinned
    /// elements in `bounds` by CoreGraphics' rule, which leaves out one that only touches `bounds`, as the collection
    /// view's visible set does (`photo-strip-vertical`, seed 5: a section's header whose top edge is the bounds' bottom
    /// edge was counted as recomputed while UIKit shows it nowhere); any other count as it is. `0` asks nothing.
    ///
    /// - Complexity: the engine's query of `bounds` and O(k) for its k elements, when `recomputed` is not 0.
    func recomputedByCoreGraphicsRule(_ recomputed: Int, bounds: Rect) -> Int {
        guard recomputed > 0, let engine else { return recomputed }
        engine.attributesForElements(in: engineQueryRect(for: bounds), into: &engineScratch)
        var closed = 0, open = 0
        for attributes in engineScratch where engine.isPinned(attributes) {
            let frame = answeredFrame(of: attributes)
            guard frame.intersects(bounds) else { continue }
            closed += 1
            if frame.meetsByCoreGraphicsRule(bounds) { open += 1 }
        }
        return recomputed == closed ? open : recomputed
    }

    /// The class `layoutAttributesClass` names (a subclass's override included), as a type that can be instantiated.
    var attributesType: UICollectionViewLayoutAttributes.Type {
        type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
            ?? UICollectionViewLayoutAttributes.self
    }

    /// A new object of `type` (the layout's `layoutAttributesClass`) carrying `attributes`.
    @inline(__always)
    func makeObject(_ attributes: LayoutAttributes, _ type: UICollectionViewLayoutAttributes.Type)
        -> UICollectionViewLayoutAttributes
    {
        let path = IndexPath(item: attributes.path.item, section: attributes.path.section)
        let object: UICollectionViewLayoutAttributes
        switch attributes.kind.category {
        case .cell:
            object = UICollectionViewLayoutAttributes.make(type, category: .cell, kind: nil, indexPath: path)
        case .supplementary:
            object = UICollectionViewLayoutAttributes.make(type, category: .supplementaryView,
                                                           kind: elementKindString(of: attributes), indexPath: path)
        case .decoration:
            object = UICollectionViewLayoutAttributes.make(type, category: .decorationView,
                                                           kind: elementKindString(of: attributes), indexPath: path)
        }
        object.frame = answeredFrame(of: attributes).cgRect
        object.zIndex = attributes.zIndex
        return object
    }

    /// A new object for one engine answer, or `nil` for none.
    func makeObject(_ attributes: LayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        attributes.map { makeObject($0, attributesType) }
    }

    /// The one answer path of an engine-backed layout's `collectionViewContentSize`: the engine's, zero before the
    /// first `prepare()`.
    var engineContentSize: CGSize { engine?.contentSize.cgSize ?? .zero }

    /// The one answer path of `layoutAttributesForElements(in:)`: the engine's elements in `rect` by CoreGraphics'
    /// rule (an element that only touches `rect` is not in it), as new objects of `layoutAttributesClass`; `nil`
    /// before the first `prepare()`.
    ///
    /// - Complexity: the engine's query, plus O(k) and k object allocations for k elements.
    func engineElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let engine else { return nil }
        return makeObjects(in: rect, of: engine, scratch: &engineScratch)
    }

    /// The one answer path of `layoutAttributesForItem(at:)`: the engine's item as a new object; `nil` for an index
    /// path that is not a section and an item, or before the first `prepare()`.
    func engineItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        return makeObject(engine?.attributesForItem(at: ElementPath(indexPath)))
    }

    /// The one answer path of `layoutAttributesForSupplementaryView(ofKind:at:)`, once the layout has mapped UIKit's
    /// kind string to the engine's `kind` (`nil`: a kind the layout does not have, no answer).
    func engineSupplementary(ofKind kind: ElementKind?, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, let kind, let engine else { return nil }
        return makeObject(engine.attributesForSupplementaryElement(ofKind: kind, at: ElementPath(indexPath)))
    }

    /// `engine`'s elements in `rect` by CoreGraphics' rule (an element that only touches `rect` is not in it), as
    /// objects of `layoutAttributesClass` kept from query to query (``EngineAttributesCache``: an element answered
    /// again answers the same object, every value written afresh), in the layout's one answer array; `scratch` is
    /// the layout's reused buffer for the engine's answer. `adjust` puts on an element's values what the layout
    /// adds to the engine's (a visible-items handler's settings), before they are written. `answered`: `scratch`
    /// holds the engine's answer for `engineQueryRect(for:)` of `rect` already, in the engine's current state.
    ///
    /// - Complexity: the engine's query, plus O(k) for k elements; an allocation only for an element that enters
    ///   with no object to reuse, and for the answer array when the caller kept the last one.
    @inline(__always)
    func makeObjects(in rect: CGRect, of engine: some CollectionLayout, scratch: inout [LayoutAttributes],
                     answered: Bool = false,
                     adjust: (LayoutAttributes, inout UICollectionViewLayoutAttributes.Values) -> Void = { _, _ in })
        -> [UICollectionViewLayoutAttributes]
    {
        let query = Rect(rect)
        if !answered { engine.attributesForElements(in: engineQueryRect(for: query), into: &scratch) }
        let type = attributesType
        let cache = attributesCache
        var storage = cache.take()
        // The last answer's array is written over in place and cut to length at the end (its objects are mostly the
        // same ones again): no release and append of every element. A caller that kept it gets a copy on write.
        storage.answer.reserveCapacity(scratch.count)
        var written = 0
        // The engine's edges are closed; UIKit's are CoreGraphics': an element that only touches `rect` is not in it.
        for attributes in scratch {
            let frame = answeredFrame(of: attributes)
            guard frame.meetsByCoreGraphicsRule(query) else { continue }
            let (object, kept) = storage.object(kind: attributes.kind, path: attributes.path, type: type)
            var values = UICollectionViewLayoutAttributes.Values(frame: frame.cgRect)
            values.zIndex = attributes.zIndex
            adjust(attributes, &values)
            if kept {
                // The element's own object: its identity is already the element's.
                object.write(values)
            } else {
                // A new or reused object: every value, the identity included, is the element's.
                let indexPath = IndexPath(item: attributes.path.item, section: attributes.path.section)
                switch attributes.kind.category {
                case .cell:
                    object.setIdentity(indexPath: indexPath, category: .cell, kind: nil)
                case .supplementary:
                    object.setIdentity(indexPath: indexPath, category: .supplementaryView,
                                       kind: elementKindString(of: attributes))
                case .decoration:
                    object.setIdentity(indexPath: indexPath, category: .decorationView,
                                       kind: elementKindString(of: attributes))
                }
                object.write(values)
            }
            if written < storage.answer.count {
                if storage.answer[written] !== object { storage.answer[written] = object }
            } else {
                storage.answer.append(object)
            }
            written += 1
        }
        if storage.answer.count > written { storage.answer.removeLast(storage.answer.count - written) }
        let answer = storage.answer
        cache.put(storage)
        return answer
    }
}
