import LayoutModel
import Layouts

/// Orthogonal scrolling and `visibleItemsInvalidationHandler` (Guides/UIKitCompositional.md, "Orthogonal sections
/// and visible-items handlers", rules V1 to V5).
///
/// The engine answers an orthogonal section's items where they are on screen (Guides/CompositionalLayout.md, O3),
/// and so does this layout; a handler gets them as UIKit hands them over: in the section's own coordinate system
/// (the unscrolled space of its scroll view, the on-screen x plus the section's offset), with the section's content
/// offset as its `CGPoint`. What the handler sets is converted back when the layout answers for those items.
extension UICollectionViewCompositionalLayout {
    /// The visible-items handler of `section`, as of the last full pass, or `nil`.
    ///
    /// - Complexity: O(1).
    func visibleItemsHandler(ofSection section: Int) -> NSCollectionLayoutSectionVisibleItemsInvalidationHandler? {
        if case let .section(blueprint) = source { return blueprint.visibleItemsInvalidationHandler }
        return handlers.isEmpty ? nil : handlers[section]
    }

    /// Whether any section has a visible-items handler: then every bounds change is a layout pass, as UIKit calls
    /// the handlers on every main-view scroll.
    var hasVisibleItemsHandlers: Bool {
        if case let .section(blueprint) = source { return blueprint.visibleItemsInvalidationHandler != nil }
        return !handlers.isEmpty
    }

    /// Calls the handler of every section with one that shows an item in `bounds` (only the scrolled section's after
    /// an orthogonal scroll), with its visible cells in section coordinates, its content offset and the environment,
    /// and keeps what each handler set.
    ///
    /// - Complexity: the engine's query of `bounds`, plus O(k) for its k elements, plus the handlers.
    func callVisibleItemsHandlers(_ engine: CompositionalLayout, bounds: Rect) {
        let only = orthogonalPassSection
        orthogonalPassSection = nil
        guard hasVisibleItemsHandlers else {
            if !handlerResults.isEmpty { handlerResults.removeAll() }
            return
        }
        if only == nil { recycleHandlerResults() }
        engine.attributesForElements(in: bounds, into: &handlerScratch)
        let environment = handlerEnvironment(size: bounds.standardized.size.cgSize)
        var start = 0
        while start < handlerScratch.count {
            let section = handlerScratch[start].path.section
            var end = start + 1
            while end < handlerScratch.count && handlerScratch[end].path.section == section { end += 1 }
            defer { start = end }
            if let only, only != section { continue }
            guard let handler = visibleItemsHandler(ofSection: section) else { continue }
            // V2: an orthogonal section's offset is its scroll view's (x, 0); any other section's is the collection
            // view's content offset, and its frames are the collection view's.
            let sectionOffset = engine.orthogonalOffset(ofSection: section)
            let offset = sectionOffset.map { CGPoint(x: CGFloat($0), y: 0) } ?? bounds.origin.cgPoint
            let shift = CGFloat(sectionOffset ?? 0)
            visibleItemsBuffer.removeAll(keepingCapacity: true)
            var used = 0
            for index in start..<end {
                let element = handlerScratch[index]
                guard element.kind == ElementKind.cell, element.frame.overlapsByCoreGraphicsRule(bounds) else { continue }
                if used == visibleItemPool.count { visibleItemPool.append(CompositionalVisibleItem()) }
                let item = visibleItemPool[used]
                used += 1
                var frame = element.frame.cgRect
                frame.origin.x += shift
                item.reset(path: IndexPath(item: element.path.item, section: section), frame: frame,
                           zIndex: element.zIndex)
                visibleItemsBuffer.append(item)
            }
            guard used > 0 else { continue }
            handler(visibleItemsBuffer, offset, environment)
            // A table of an earlier pass (its storage kept), emptied here, where it is the only reference to it.
            var results = spareHandlerResults.popLast() ?? [:]
            results.removeAll(keepingCapacity: true)
            results.reserveCapacity(used)
            for index in 0..<used {
                let item = visibleItemPool[index]
                results[item.indexPath.item] = item.state
            }
            if let replaced = handlerResults.updateValue((shift, results), forKey: section) {
                spareHandlerResults.append(replaced.items)
            }
        }
        visibleItemsBuffer.removeAll(keepingCapacity: true)
    }

    /// Forgets what the handlers set at the last pass, keeping each section's item table for the next calls (emptied
    /// when taken): a steady stream of passes makes no new table.
    ///
    /// - Complexity: O(sections with results + their items).
    private func recycleHandlerResults() {
        for result in handlerResults.values { spareHandlerResults.append(result.items) }
        handlerResults.removeAll(keepingCapacity: true)
    }

    /// The environment handed to handlers: the section provider's while its size holds, else a new one.
    private func handlerEnvironment(size: CGSize) -> any NSCollectionLayoutEnvironment {
        if let environment, environment.contentSize == size { return environment }
        let made = CompositionalLayoutEnvironment(
            contentSize: size, contentInsets: containerInsets,
            traitCollection: collectionView?.traitCollection ?? UITraitCollection())
        environment = made
        return made
    }

    /// Puts on `object` (a cell's attributes) what its section's handler set on it at the last call: `alpha`,
    /// `transform3D`, `zIndex`, `isHidden`, and a `center` moved from where it was handed over (V4).
    ///
    /// - Complexity: O(1).
    func applyHandlerResult(to object: UICollectionViewLayoutAttributes) {
        guard object.representedElementCategory == .cell, object.indexPath.count == 2,
              let section = handlerResults[object.indexPath[0]],
              let state = section.items[object.indexPath[1]]
        else { return }
        object.alpha = state.alpha
        object.transform3D = state.transform3D
        object.zIndex = state.zIndex
        object.isHidden = state.isHidden
        let handed = CGPoint(x: state.frame.midX, y: state.frame.midY)
        if state.center != handed {
            object.center = CGPoint(x: state.center.x - section.offset, y: state.center.y)
        }
    }

    // MARK: Orthogonal scrolling

    /// The engine's orthogonal sections at the last `prepare()`.
    ///
    /// - Complexity: O(sections).
    package func orthogonalSections() -> [OrthogonalSectionSpan] { engine?.orthogonalSections() ?? [] }

    /// Section `section`'s offset, or `nil` when it does not scroll orthogonally.
    ///
    /// - Complexity: O(1).
    package func orthogonalOffset(ofSection section: Int) -> Double? { engine?.orthogonalOffset(ofSection: section) }

    /// Scrolls section `section`'s own scroll view to `offset` (clamped): the engine's offset, and the context naming
    /// the section's items in view, which `invalidateLayout(with:)` then takes as this scroll's, rebuilding nothing;
    /// the next `prepare()` calls that section's handler only (V3).
    ///
    /// - Complexity: the engine's, O(1) plus the items named.
    package func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext? {
        guard let context = engine?.scrollOrthogonalSection(section, to: offset, in: bounds) else { return nil }
        pendingOrthogonalScroll = (section, context)
        return context
    }
}
