import LayoutModel
import Layouts

/// The app's part around a layout in the harness: the family's hooks (`UIKitLayoutFamily`'s `dataWillChange`,
/// `dataDidChange`, `viewWillTransition`), as closures the bridge calls. Not UIKit API.
package struct UIKitAppEvents {
    package var dataWillChange: (AppDataChange, UICollectionViewLayout, UICollectionView) -> Void
    package var dataDidChange: (AppDataChange, UICollectionViewLayout, UICollectionView) -> Void
    package var viewWillTransition: (CGSize, UICollectionViewLayout, UICollectionView) -> Void

    package init(dataWillChange: @escaping (AppDataChange, UICollectionViewLayout, UICollectionView) -> Void,
                 dataDidChange: @escaping (AppDataChange, UICollectionViewLayout, UICollectionView) -> Void,
                 viewWillTransition: @escaping (CGSize, UICollectionViewLayout, UICollectionView) -> Void) {
        self.dataWillChange = dataWillChange
        self.dataDidChange = dataDidChange
        self.viewWillTransition = viewWillTransition
    }
}

/// A `UICollectionViewLayout` as a ``Layouts/MeasuredLayout``: what LayoutBench's host drives. Not UIKit API;
/// `package`, for the family adapter (LayoutBenchUIKit) and `UICollectionView`'s own standalone host.
///
/// Every call syncs the collection view's bounds and counts from the host's state, then calls the UIKit layout:
/// - the host's bounds-change sequence goes to `shouldInvalidateLayout(forBoundsChange:)`,
///   `invalidationContext(forBoundsChange:)` and `invalidateLayout(with:)` (the very context the layout returned);
///   the context's contents are translated for the host (``translate(_:)``);
/// - an invalidation that comes from the host itself (a data-source change, or full mode's "everything") becomes a
///   context of the layout's `invalidationContextClass` with the same flags, passed to `invalidateLayout(with:)`;
/// - `prepare(in:)` is `prepare()`; the `uikit` variant is `layoutAttributesForElements(in:)` with every object
///   converted to a value; the `brute-force` reference asks every item through `layoutAttributesForItem(at:)` and
///   every supplementary and decoration element the layout itself reports through its own call, and filters by
///   CoreGraphics' rule (``LayoutModel/Rect/overlapsByCoreGraphicsRule(_:)``).
///
/// `collectionView.bounds` is what UIKit shows at each call: the old bounds in
/// `shouldInvalidateLayout(forBoundsChange:)` and `invalidationContext(forBoundsChange:)`, the new bounds in
/// `invalidateLayout(with:)` and `prepare()`; `contentOffsetAdjustment` and `contentSizeAdjustment` are applied when
/// the layout's `invalidateLayout(with:)` reaches `super` (Guides/UIKitLayouts.md, rules U1 and U9). The layout gets
/// only rects UIKit sends (``Layouts/RectContract/uikit``).
package final class UIKitLayoutBridge: AppearanceReportingLayout, ReferenceCheckingLayout, AppEventHandlingLayout {
    /// The collection view; held strongly when the bridge owns it (the harness, through `owningView`), else the
    /// standalone view's own bridge, which the view clears when it is deinitialised (``viewWillGoAway(_:)``). Not
    /// `weak`: a weak reference gives the view a side table, and every retain and release of the view then takes the
    /// runtime's slow path (``UICollectionViewLayout``'s `installedIn` says the same).
    @exclusivity(unchecked) package private(set) unowned(unsafe) var view: UICollectionView?
    private var owningView: UICollectionView?

    /// Objects the bridge keeps alive with the view (the harness's data source: the view holds it weakly).
    package var retained: [AnyObject] = []

    /// The kinds (besides a flow layout's pinned headers and footers) whose elements move with the bounds.
    package var pinnedKinds: Set<String> = []

    // The bridge's state that a frame reads and writes is `@exclusivity(unchecked)`: one thread uses it, and no
    // access to it is open across a call into the layout's code (each is a read or a store), so the dynamic check
    // (about 76 instructions an access, 4 to 6 accesses a call) finds nothing to catch.

    /// The context the layout returned for the current bounds change, passed back to it in `invalidate(with:)`.
    @exclusivity(unchecked) private var pendingContext: UICollectionViewLayoutInvalidationContext?
    /// Set while the bridge itself invalidates the layout, so that the layout's notification is not sent back.
    @exclusivity(unchecked) package private(set) var isInvalidating = false
    /// Set while the layout's `prepare()` runs: an invalidation the layout makes there (a property it sets, such as
    /// a carousel's `sectionInset` after `super.prepare()`) makes the bridge prepare it again, as UIKit's next pass
    /// would (``maximumPreparesPerPass``).
    @exclusivity(unchecked) package private(set) var isPreparing = false
    /// Whether the layout invalidated itself during the `prepare()` running.
    @exclusivity(unchecked) private var invalidatedWhilePreparing = false
    /// The most `prepare()` calls one layout pass makes while the layout keeps invalidating itself from inside it
    /// (the first and three more). UIKit marks a layout invalidated during its layout pass as needing layout again and
    /// runs another pass; Apple documents no bound, and a layout that invalidates itself in every `prepare()` keeps
    /// UIKit laying out for ever. Layouts that set a property to the value it already has settle in the second.
    package static let maximumPreparesPerPass = 4
    /// Passes that stopped at ``maximumPreparesPerPass`` with the layout still invalidating itself.
    @exclusivity(unchecked) package private(set) var unsettledPasses = 0
    /// Whether the warning on a layout that never settles has been printed (once a process).
    nonisolated(unsafe) private static var unsettledWarningPrinted = false
    /// The app's part around the layout (the family's hooks), or `nil`.
    package var appEvents: UIKitAppEvents?
    /// The context of an invalidation the layout made of itself outside the host's sequences (the app's
    /// `invalidateLayout()` on rotation, say), not yet followed by a `prepare()`: the next bounds change prepares
    /// the layout even when its `shouldInvalidateLayout(forBoundsChange:)` declines, as UIKit lays out an
    /// invalidated layout in its next pass.
    @exclusivity(unchecked) private var selfInvalidation: UICollectionViewLayoutInvalidationContext?
    /// Set between answering `true` for a bounds change only because of ``selfInvalidation`` and the host's
    /// `invalidate(with:)`: the layout has taken its invalidation already and is not invalidated again.
    @exclusivity(unchecked) private var boundsChangeCarriesSelfInvalidation = false
    /// Fitted extents to replay through the layout's own preferred-attributes pair at its first `prepare()`: the
    /// reference of a self-sizing layout that is not a flow layout (``replayPreferredSizes(_:)``).
    @exclusivity(unchecked) package var pendingReplay: [ElementPath: Double]?
    /// Fitted extents of supplementary views (a compositional section's `.estimated` header or footer, S4), by kind,
    /// replayed with ``pendingReplay`` after the items of each round.
    @exclusivity(unchecked) package var pendingSupplementaryReplay: [ElementKind: [ElementPath: Double]] = [:]
    /// Why this layout, a reference told fitted sizes, cannot stand for the layout that fitted them; `nil` when it
    /// can (``Layouts/ReferenceCheckingLayout``).
    package private(set) var referenceProblem: String?
    /// Whether the one-line note on what a batch update asks has been printed (once a process).
    nonisolated(unsafe) private static var batchProbeNoticePrinted = false
    private var objects: [UICollectionViewLayoutAttributes] = []

    /// A bridge over `view`'s layout; `owning` keeps the view alive (the harness), otherwise the view owns the host.
    /// The first bridge installs the handler that names the layout call a trap happened in (CTrapNote).
    package init(view: UICollectionView, owning: Bool) {
        self.view = view
        owningView = owning ? view : nil
        view.bridge = self
        TrapNote.install()
    }

    deinit {
        free(layoutName)
        if let view, view.bridge === self { view.bridge = nil }
    }

    /// Forgets `view`, which is being deinitialised (a standalone view; the harness's bridge owns its view).
    package func viewWillGoAway(_ view: UICollectionView) {
        if self.view === view { self.view = nil }
    }

    /// The bounds of the last `prepare()`: a pass at other bounds follows a bounds change.
    @exclusivity(unchecked) private var lastPreparedBounds: Rect?

    /// The layout's class name as a C string, for the trap line, made once per layout object.
    @exclusivity(unchecked) private var layoutName: UnsafeMutablePointer<CChar>?
    @exclusivity(unchecked) private var namedLayout: ObjectIdentifier?

    /// `body`, a call into `layout`'s code, with the call and its caller noted for the line a trap prints.
    @inline(__always)
    private func noting<T>(_ layout: UICollectionViewLayout, _ call: TrapNote.Call, _ caller: TrapNote.Caller,
                           _ body: () throws -> T) rethrows -> T {
        let identity = ObjectIdentifier(layout)
        if namedLayout != identity {
            free(layoutName)
            layoutName = strdup(String(describing: type(of: layout)))
            namedLayout = identity
        }
        return try TrapNote.noting(layoutName, call, caller, body)
    }

    var layout: UICollectionViewLayout? { view?.collectionViewLayout }

    /// Makes the collection view show the host's bounds and counts.
    private func sync(_ state: CollectionViewState) {
        guard let view else { return }
        view.syncFromHost(bounds: state.bounds.cgRect, counts: state.counts)
    }

    /// ``sync(_:)``, and the view and its layout, read once (each read of the weak `view` is a call).
    @inline(__always)
    private func synced(_ state: CollectionViewState) -> (view: UICollectionView, layout: UICollectionViewLayout)? {
        guard let view else { return nil }
        view.syncFromHost(bounds: state.bounds.cgRect, counts: state.counts)
        return (view, view.collectionViewLayout)
    }

    // MARK: CollectionLayout

    package func prepare(in state: CollectionViewState) -> PreparationWork {
        guard case let (view, layout)? = synced(state) else { return .none }
        let createdBefore = UICollectionViewLayoutAttributes.objectsCreated
        let sizesBefore = view.sizeQueries
        selfInvalidation = nil
        prepareUntilSettled(layout)
        if let sizes = pendingReplay {
            pendingReplay = nil
            replayPreferredSizes(sizes, into: layout)
        }
        view.contentSizeAfterPass = noting(layout, .contentSize, .layoutPass) { layout.collectionViewContentSize }
        var work = PreparationWork(recomputedElements: UICollectionViewLayoutAttributes.objectsCreated - createdBefore,
                                   sizeQueries: view.sizeQueries - sizesBefore)
        if let engineBacked = layout.engineBacked {
            let engineWork = engineBacked.engineWorkForHost
            // A scroll's re-pinned elements as UIKit counts them (by CoreGraphics' rule), not by the engine's closed
            // edges; only after a bounds change, the one kind of frame whose count is the pinned elements in view
            // (not at the first pass, a rebuild, which would pay a query of the bounds for nothing).
            let scrolled = lastPreparedBounds.map { $0 != state.bounds } ?? false
            work.recomputedElements += scrolled
                ? engineBacked.recomputedByCoreGraphicsRule(engineWork.recomputedElements, bounds: state.bounds)
                : engineWork.recomputedElements
            work.sizeQueries = max(work.sizeQueries, engineWork.sizeQueries)
        }
        lastPreparedBounds = state.bounds
        return work
    }

    package var contentSize: Size {
        guard let layout else { return .zero }
        return Size(noting(layout, .contentSize, .layoutPass) { layout.collectionViewContentSize })
    }

    /// The layout's `prepare()`, again while it invalidates itself from inside it (a property it sets there, whose
    /// setter invalidates the layout, as a carousel setting `sectionInset` after `super.prepare()`), as UIKit lays
    /// out again after such an invalidation, up to ``maximumPreparesPerPass`` calls; beyond that the pass ends
    /// and a one-line warning (once a process) says the layout never settles.
    private func prepareUntilSettled(_ layout: UICollectionViewLayout) {
        isPreparing = true
        defer { isPreparing = false }
        for _ in 0..<Self.maximumPreparesPerPass {
            invalidatedWhilePreparing = false
            noting(layout, .prepare, .layoutPass) { layout.prepare() }
            if !invalidatedWhilePreparing { return }
        }
        unsettledPasses += 1
        if !Self.unsettledWarningPrinted {
            Self.unsettledWarningPrinted = true
            let line = "layoutbench: warning: \(type(of: layout)) invalidates itself in every prepare(); UIKit would "
                + "lay it out again on every pass, for ever; the harness stops after "
                + "\(Self.maximumPreparesPerPass) prepare() calls a pass\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Notes that the layout invalidated itself (not through the host): while it is being prepared, the bridge
    /// prepares it again; otherwise the next bounds change prepares it (``selfInvalidation``).
    package func layoutInvalidatedItself(with context: UICollectionViewLayoutInvalidationContext) {
        if isPreparing {
            invalidatedWhilePreparing = true
        } else {
            selfInvalidation = context
        }
    }

    // MARK: The app's part

    /// The family's `dataWillChange`, with the view showing the counts it showed last.
    package func appWillChangeData(_ change: AppDataChange) {
        guard let appEvents, let view, let layout else { return }
        noting(layout, .appHook, .app) { appEvents.dataWillChange(change, layout, view) }
    }

    /// The family's `dataDidChange`, with the view showing the new counts.
    package func appDidChangeData(_ change: AppDataChange) {
        guard let appEvents, let view, let layout else { return }
        noting(layout, .appHook, .app) { appEvents.dataDidChange(change, layout, view) }
    }

    /// The family's `viewWillTransition(to:…)`, with the view showing the old bounds.
    package func appWillResize(to size: Size) {
        guard let appEvents, let view, let layout else { return }
        noting(layout, .appHook, .app) { appEvents.viewWillTransition(size.cgSize, layout, view) }
    }

    /// The reference of a self-sizing layout that is not a flow layout: `extents` (fitted heights by item, the
    /// harness's cells keeping the width proposed) given to the prepared layout through its own
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`,
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` and `invalidateLayout(with:)`, as
    /// UIKit gives a cell's preferred attributes, item by item in path order, the original a copy of the layout's own
    /// `layoutAttributesForItem(at:)` and the preferred one its copy with the fitted height; then the supplementary
    /// views' (``pendingSupplementaryReplay``) alike, from `layoutAttributesForSupplementaryView(ofKind:at:)`, by kind
    /// name and path; then prepared, in rounds
    /// until a round invalidates nothing. No offset adjustment moves this view: it stands at the bounds the driven
    /// view reached. A layout still asking to be invalidated after three rounds does not keep the sizes it is told
    /// (its answer depends on more than the sizes): ``referenceProblem`` says so, and the check refuses.
    ///
    /// - Complexity: O(extents) calls a round, plus a `prepare()` a round.
    private func replayPreferredSizes(_ extents: [ElementPath: Double], into layout: UICollectionViewLayout) {
        let paths = extents.keys.sorted()
        for round in 0..<3 {
            var invalidated: IndexPath?
            for path in paths {
                guard let extent = extents[path], let view, path.section < view.numberOfSections,
                      path.item < view.numberOfItems(inSection: path.section)
                else { continue }
                let indexPath = IndexPath(item: path.item, section: path.section)
                let answer = noting(layout, .itemAttributes, .replay) { layout.layoutAttributesForItem(at: indexPath) }
                if replay(extent, of: answer, into: layout) { invalidated = invalidated ?? indexPath }
            }
            if let first = replaySupplementarySizes(into: layout) { invalidated = invalidated ?? first }
            guard let first = invalidated else { return }
            if round == 2 {
                referenceProblem = "\(type(of: layout)) still asks to be invalidated for item \(first) after three "
                    + "rounds of the fitted sizes: it does not keep the preferred size it is given, so no fresh layout "
                    + "can be told the sizes the driven one fitted"
                return
            }
            prepareUntilSettled(layout)
        }
    }

    /// One round of ``pendingSupplementaryReplay`` through the layout's pair (``replayPreferredSizes(_:into:)``);
    /// answers the first element it invalidated for.
    private func replaySupplementarySizes(into layout: UICollectionViewLayout) -> IndexPath? {
        var invalidated: IndexPath?
        let kinds = pendingSupplementaryReplay.keys.sorted()
        for kind in kinds {
            guard let name = ElementKindNames.string(for: kind), let extents = pendingSupplementaryReplay[kind]
            else { continue }
            for path in extents.keys.sorted() {
                guard let extent = extents[path], let view, path.section < view.numberOfSections else { continue }
                let indexPath = IndexPath(item: path.item, section: path.section)
                let answer = noting(layout, .supplementaryAttributes, .replay) {
                    layout.layoutAttributesForSupplementaryView(ofKind: name, at: indexPath)
                }
                if replay(extent, of: answer, into: layout) { invalidated = invalidated ?? indexPath }
            }
        }
        return invalidated
    }

    /// One element's step of the replay: `answer` (the layout's own attributes) copied as the original, its copy with
    /// height `extent` as the preferred attributes, through the layout's pair and `invalidateLayout(with:)`, as UIKit
    /// gives a view's preferred attributes; answers whether the layout invalidated.
    private func replay(_ extent: Double, of answer: UICollectionViewLayoutAttributes?,
                        into layout: UICollectionViewLayout) -> Bool {
        guard let original = answer?.copy() as? UICollectionViewLayoutAttributes,
              let preferred = original.copy() as? UICollectionViewLayoutAttributes
        else { return false }
        preferred.frame.size.height = CGFloat(extent)
        guard noting(layout, .shouldInvalidateForPreferred, .replay, {
            layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        }) else { return false }
        let context = noting(layout, .contextForPreferred, .replay) {
            layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        }
        noting(layout, .invalidate, .replay) { layout.invalidateLayout(with: context) }
        return true
    }

    package func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        _ = query(rect, into: &buffer, using: activeVariant, caller: .layoutPass) { _ in }
    }

    package func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard let layout else { return nil }
        return noting(layout, .itemAttributes, .perItem) {
            layout.layoutAttributesForItem(at: IndexPath(item: path.item, section: path.section))
        }.map(value)
    }

    package func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath)
        -> LayoutAttributes?
    {
        guard let layout, let name = ElementKindNames.string(for: kind) else { return nil }
        let indexPath = IndexPath(item: path.item, section: path.section)
        let answer = kind.category == .decoration
            ? noting(layout, .decorationAttributes, .perItem) {
                layout.layoutAttributesForDecorationView(ofKind: name, at: indexPath)
            }
            : noting(layout, .supplementaryAttributes, .perItem) {
                layout.layoutAttributesForSupplementaryView(ofKind: name, at: indexPath)
            }
        return answer.map(value)
    }

    /// `layoutAttributesForDecorationView(ofKind:at:)`, through the supplementary entry (which asks it for a
    /// decoration kind).
    package func attributesForDecorationView(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        attributesForSupplementaryElement(ofKind: kind, at: path)
    }

    package func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        guard case let (view, layout)? = synced(state) else { return false }
        let answer = noting(layout, .shouldInvalidateForBounds, .boundsChange) {
            layout.shouldInvalidateLayout(forBoundsChange: newBounds.cgRect)
        }
        if !answer && selfInvalidation != nil {
            // The layout invalidated itself (the app's invalidateLayout() on rotation): UIKit's next pass prepares
            // it, so the host must; its invalidation has been taken already.
            boundsChangeCarriesSelfInvalidation = true
            return true
        }
        // Declined, the change still happens: the bounds are the new ones from here on.
        if !answer { view.syncFromHost(bounds: newBounds.cgRect, counts: state.counts) }
        return answer
    }

    package func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        guard case let (_, layout)? = synced(state) else { return .everything }
        if boundsChangeCarriesSelfInvalidation, let taken = selfInvalidation {
            return Self.translate(taken)
        }
        let context = noting(layout, .contextForBounds, .boundsChange) {
            layout.invalidationContext(forBoundsChange: newBounds.cgRect)
        }
        pendingContext = context
        return Self.translate(context)
    }

    /// Shows the state the host has when it invalidates: UIKit has set the new bounds (rule U1) and reloaded the
    /// counts by the time the layout's `invalidateLayout(with:)` runs, so a layout reading `collectionView.bounds`
    /// there sees the new width.
    package func willInvalidate(in state: CollectionViewState) { sync(state) }

    package func invalidate(with context: InvalidationContext) {
        guard let view else { return }
        let layout = view.collectionViewLayout
        if view.isForwardingSelfInvalidation { return }
        if boundsChangeCarriesSelfInvalidation {
            // The layout took this invalidation when it made it (full mode never gets here: it asks no layout).
            boundsChangeCarriesSelfInvalidation = false
            return
        }
        let uikitContext: UICollectionViewLayoutInvalidationContext
        if let pending = pendingContext {
            // Full mode (`FullInvalidationLayout`) asks for everything on top of what the layout's context named.
            if context.invalidateEverything { pending.everything = true }
            uikitContext = pending
        } else {
            uikitContext = layout.makeInvalidationContext()
            uikitContext.everything = context.invalidateEverything
            uikitContext.dataSourceCounts = context.invalidateDataSourceCounts
            if let flow = uikitContext as? UICollectionViewFlowLayoutInvalidationContext {
                let all = context.invalidateEverything || context.invalidateDataSourceCounts
                flow.invalidateFlowLayoutDelegateMetrics = all || context.invalidateDelegateMetrics
                flow.invalidateFlowLayoutAttributes = all || context.invalidateDelegateMetrics
                flow.invalidatesPinnedElements = context.invalidatePinnedElements
            }
            if !context.invalidatedItemPaths.isEmpty {
                uikitContext.invalidateItems(at: indexPaths(context.invalidatedItemPaths))
            }
            for (kind, paths) in context.invalidatedSupplementaryPaths {
                guard let name = ElementKindNames.string(for: kind) else { continue }
                if kind.category == .decoration {
                    uikitContext.invalidateDecorationElements(ofKind: name, at: indexPaths(paths))
                } else {
                    uikitContext.invalidateSupplementaryElements(ofKind: name, at: indexPaths(paths))
                }
            }
            uikitContext.contentOffsetAdjustment = context.contentOffsetAdjustment.cgPoint
            uikitContext.contentSizeAdjustment = context.contentSizeAdjustment.cgSize
        }
        pendingContext = nil
        isInvalidating = true
        view.adjustmentsApplied = false
        noting(layout, .invalidate, context.invalidateDataSourceCounts ? .dataSourceChange : .boundsChange) {
            layout.invalidateLayout(with: uikitContext)
        }
        // A layout that never calls `super` still has its adjustments applied, after its own code.
        if !view.adjustmentsApplied { view.applyAdjustments(of: uikitContext) }
        isInvalidating = false
    }

    /// `paths` as index paths, in an array the bridge reuses: the context's `invalidateItems(at:)` (and the
    /// supplementary and decoration calls) copies what it is handed, so the array is the bridge's alone again after
    /// the call and the next frame fills it without allocating (a context of an app's class that keeps the array it
    /// was handed keeps it intact: the next fill copies).
    ///
    /// - Complexity: O(paths).
    private func indexPaths(_ paths: [ElementPath]) -> [IndexPath] {
        pathScratch.removeAll(keepingCapacity: true)
        for path in paths { pathScratch.append(path.indexPath) }
        return pathScratch
    }

    @exclusivity(unchecked) private var pathScratch: [IndexPath] = []

    // MARK: Self-sizing

    /// The objects of the last `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`, which
    /// UIKit passes again to `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`.
    private var lastPreferredPair: (preferred: UICollectionViewLayoutAttributes,
                                    original: UICollectionViewLayoutAttributes)?

    /// The layout's `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`, with
    /// `collectionView` showing `state` (the bounds as earlier adjustments of the pass left them) and the two attributes as objects
    /// (``preferredPair(_:_:)``).
    ///
    /// - Complexity: the layout's own, plus one `layoutAttributesForItem(at:)` and two objects.
    package func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                        withOriginalAttributes original: LayoutAttributes,
                                        in state: CollectionViewState) -> Bool {
        sync(state)
        guard let layout else { return false }
        let pair = preferredPair(preferred, original)
        lastPreferredPair = pair
        return noting(layout, .shouldInvalidateForPreferred, .selfSizing) {
            layout.shouldInvalidateLayout(forPreferredLayoutAttributes: pair.preferred,
                                          withOriginalAttributes: pair.original)
        }
    }

    /// The layout's `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` with the objects
    /// the `shouldInvalidate` call was given (new ones for another element), translated for the host
    /// (``translate(_:)``: the named elements, `contentOffsetAdjustment` and `contentSizeAdjustment`); the host's
    /// `invalidate(with:)` then passes the very context the layout returned to its `invalidateLayout(with:)`.
    ///
    /// - Complexity: the layout's own, plus O(named elements).
    package func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                     withOriginalAttributes original: LayoutAttributes,
                                     in state: CollectionViewState) -> InvalidationContext {
        sync(state)
        guard let layout else { return InvalidationContext(invalidatedItemPaths: [original.path]) }
        let pair: (preferred: UICollectionViewLayoutAttributes, original: UICollectionViewLayoutAttributes)
        if let last = lastPreferredPair, value(last.original) == original, value(last.preferred) == preferred {
            pair = last
        } else {
            pair = preferredPair(preferred, original)
        }
        lastPreferredPair = nil
        let context = noting(layout, .contextForPreferred, .selfSizing) {
            layout.invalidationContext(forPreferredLayoutAttributes: pair.preferred,
                                       withOriginalAttributes: pair.original)
        }
        pendingContext = context
        return Self.translate(context)
    }

    /// The two attributes as UIKit hands them to the layout (rule U18): the original is a copy of the layout's own
    /// `layoutAttributesForItem(at:)` (`layoutAttributesForSupplementaryView(ofKind:at:)`,
    /// `layoutAttributesForDecorationView(ofKind:at:)`) for the element, so that a subclass's own attributes class
    /// and properties come with it, with the frame the cell was given; a new object of `layoutAttributesClass`
    /// when the layout answers `nil`. The preferred attributes are a `copy()` of the original with the cell's
    /// preferred frame.
    private func preferredPair(_ preferred: LayoutAttributes, _ original: LayoutAttributes)
        -> (preferred: UICollectionViewLayoutAttributes, original: UICollectionViewLayoutAttributes)
    {
        let indexPath = IndexPath(item: original.path.item, section: original.path.section)
        let name = ElementKindNames.string(for: original.kind)
        var answer: UICollectionViewLayoutAttributes?
        if let layout {
            switch original.kind.category {
            case .cell:
                answer = noting(layout, .itemAttributes, .selfSizing) { layout.layoutAttributesForItem(at: indexPath) }
            case .supplementary:
                answer = name.flatMap { name in
                    noting(layout, .supplementaryAttributes, .selfSizing) {
                        layout.layoutAttributesForSupplementaryView(ofKind: name, at: indexPath)
                    }
                }
            case .decoration:
                answer = name.flatMap { name in
                    noting(layout, .decorationAttributes, .selfSizing) {
                        layout.layoutAttributesForDecorationView(ofKind: name, at: indexPath)
                    }
                }
            }
        }
        let originalObject: UICollectionViewLayoutAttributes
        if let answer, let copy = answer.copy() as? UICollectionViewLayoutAttributes {
            originalObject = copy
        } else {
            let declared: AnyClass? = layout.map { type(of: $0).layoutAttributesClass }
            let objectType = declared as? UICollectionViewLayoutAttributes.Type ?? UICollectionViewLayoutAttributes.self
            let category: UICollectionView.ElementCategory = switch original.kind.category {
            case .cell: .cell
            case .supplementary: .supplementaryView
            case .decoration: .decorationView
            }
            originalObject = UICollectionViewLayoutAttributes.make(objectType, category: category, kind: name,
                                                                   indexPath: indexPath)
        }
        originalObject.frame = original.frame.cgRect
        originalObject.zIndex = original.zIndex
        let preferredObject = originalObject.copy() as? UICollectionViewLayoutAttributes ?? originalObject
        preferredObject.frame = preferred.frame.cgRect
        return (preferredObject, originalObject)
    }

    // MARK: Batch updates

    /// UIKit's update calls, after the host has invalidated the layout with the batch's context
    /// (`invalidateDataSourceCounts`) and prepared it:
    /// 1. `prepare(forCollectionViewUpdates:)` with the plan's items as `UICollectionViewUpdateItem`s (a section's
    ///    path with item `NSNotFound`), in the plan's order;
    /// 2. as UIKit sets up the animation, `initialLayoutAttributesForAppearingItem(at:)` for each item the batch
    ///    puts in place (an insert, the new path of a reload or a move) and
    ///    `finalLayoutAttributesForDisappearingItem(at:)` for each item it takes away (a delete, the old path of a
    ///    reload or a move), in the items' order. Items of whole inserted or deleted sections are not asked (UIKit
    ///    asks for those on screen; nothing is animated here), nor supplementary or decoration elements.
    ///
    /// The answers are dropped: nothing is animated.
    ///
    /// - Complexity: O(u) calls and objects for u update items, plus the layout's own.
    package func prepare(forCollectionViewUpdates plan: BatchUpdatePlan) {
        guard let layout else { return }
        let items = plan.items.map(UICollectionViewUpdateItem.init)
        noting(layout, .prepareForUpdates, .batchUpdate) { layout.prepare(forCollectionViewUpdates: items) }
        var noticed = false
        for item in items where item.updateAction != .delete {
            if let path = item.indexPathAfterUpdate, path.item != NSNotFound {
                if !noticed { noticed = Self.printBatchProbeNoticeOnce() }
                _ = noting(layout, .initialAttributes, .batchUpdate) {
                    layout.initialLayoutAttributesForAppearingItem(at: path)
                }
            }
        }
        for item in items where item.updateAction != .insert {
            if let path = item.indexPathBeforeUpdate, path.item != NSNotFound {
                if !noticed { noticed = Self.printBatchProbeNoticeOnce() }
                _ = noting(layout, .finalAttributes, .batchUpdate) {
                    layout.finalLayoutAttributesForDisappearingItem(at: path)
                }
            }
        }
    }

    /// Prints, once a process, before the first appearing or disappearing item of a batch is asked: UIKit asks
    /// these for items on screen, the harness for every item the batch inserts or removes, so a layout that assumes
    /// the item is visible may trap here; the line names the list of those calls. Answers `true`.
    private static func printBatchProbeNoticeOnce() -> Bool {
        guard !batchProbeNoticePrinted else { return true }
        batchProbeNoticePrinted = true
        let line = "layoutbench: a batch update asks initialLayoutAttributesForAppearingItem(at:) and "
            + "finalLayoutAttributesForDisappearingItem(at:) of every item it inserts or removes (UIKit asks those on "
            + "screen); if the layout traps there, see Guides/UIKitLayouts.md, \"Batch updates\"\n"
        FileHandle.standardError.write(Data(line.utf8))
        return true
    }

    /// The layout's `finalizeCollectionViewUpdates()`.
    package func finalizeCollectionViewUpdates() {
        guard let layout else { return }
        noting(layout, .finalizeUpdates, .batchUpdate) { layout.finalizeCollectionViewUpdates() }
    }

    /// The layout's `targetContentOffset(forProposedContentOffset:)`, with `collectionView` showing the host's state
    /// (the new counts, the bounds at the proposed offset).
    package func targetContentOffset(forProposedContentOffset proposed: Point, in state: CollectionViewState) -> Point {
        sync(state)
        guard let layout else { return proposed }
        return Point(noting(layout, .targetContentOffset, .batchUpdate) {
            layout.targetContentOffset(forProposedContentOffset: proposed.cgPoint)
        })
    }

    /// What a UIKit context asks of the host: its flags, named items, supplementary and decoration elements (the
    /// decorations under their decoration kinds) and adjustments. UIKit prepares the layout after every
    /// invalidation; the host prepares only when a context invalidates anything, so a context that names nothing
    /// (a layout's own flags, a sticky layout's bounds change) is carried as `invalidatePinnedElements`.
    package static func translate(_ context: UICollectionViewLayoutInvalidationContext) -> InvalidationContext {
        var result = InvalidationContext(invalidateEverything: context.invalidateEverything,
                                         invalidateDataSourceCounts: context.invalidateDataSourceCounts)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            result.invalidateDelegateMetrics = flow.invalidateFlowLayoutDelegateMetrics
                || flow.invalidateFlowLayoutAttributes
            result.invalidatePinnedElements = flow.invalidatesPinnedElements
        }
        // A context of UIKit's own classes (whose getters no subclass overrides) that names nothing skips the
        // paths (most bounds changes' contexts).
        let kind = type(of: context)
        let namesNothing = (kind == UICollectionViewLayoutInvalidationContext.self
            || kind == UICollectionViewFlowLayoutInvalidationContext.self) && context.namesNothing
        if !namesNothing {
            if let items = context.invalidatedItemIndexPaths {
                result.invalidatedItemPaths = items.map(ElementPath.init)
            }
            for (name, paths) in context.invalidatedSupplementaryIndexPaths ?? [:] {
                result.invalidatedSupplementaryPaths[.supplementary(name), default: []]
                    .append(contentsOf: paths.map(ElementPath.init))
            }
            for (name, paths) in context.invalidatedDecorationIndexPaths ?? [:] {
                result.invalidatedSupplementaryPaths[.decoration(name), default: []]
                    .append(contentsOf: paths.map(ElementPath.init))
            }
        }
        result.contentOffsetAdjustment = Point(context.contentOffsetAdjustment)
        result.contentSizeAdjustment = Size(context.contentSizeAdjustment)
        if !result.invalidatesAnything { result.invalidatePinnedElements = true }
        return result
    }

    // MARK: MeasuredLayout

    /// The layout's own `layoutAttributesForElements(in:)`: the objects it returns, as values.
    package static let uikit = QueryVariant(
        name: "uikit", summary: "the layout's own layoutAttributesForElements(in:), one object per element", tag: 0)

    /// The reference: every element's attributes through its own call, filtered by `CGRect.intersects`.
    package static let bruteForce = QueryVariant(
        name: "brute-force", summary: "every item through layoutAttributesForItem(at:), every supplementary and "
            + "decoration element through its own call, filtered (the reference)",
        testsEveryElement: true, tag: 1)

    package var queryVariants: [QueryVariant] { [Self.bruteForce, Self.uikit] }

    package var referenceVariant: QueryVariant { Self.bruteForce }

    /// Elements of the layout's own answers dropped because they only touched the rect (see
    /// ``attributesForElements(in:into:using:)``): the Linux-Foundation difference the layout hit.
    @exclusivity(unchecked) package private(set) var touchingOnlyDropped = 0

    /// ``Layouts/RectContract/uikit``: only rects UIKit sends, checked by CoreGraphics' rule.
    package var rectContract: RectContract { .uikit }

    @exclusivity(unchecked) package var activeVariant: QueryVariant = UIKitLayoutBridge.uikit {
        didSet {
            precondition(queryVariants.contains(activeVariant), "a UIKit layout has no variant '\(activeVariant)'")
        }
    }

    /// - Complexity: `uikit`, the layout's own; `brute-force`, O(n) calls and objects for n elements.
    @discardableResult
    package func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                       using variant: QueryVariant) -> Int {
        query(rect, into: &buffer, using: variant, caller: .rectQuery) { _ in }
    }

    /// The query of either variant, `answered` called with each object whose value goes into `buffer`, in order.
    @inline(__always)
    private func query(_ rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant,
                       caller: TrapNote.Caller, _ answered: (UICollectionViewLayoutAttributes) -> Void) -> Int {
        buffer.removeAll(keepingCapacity: true)
        guard let layout else { return 0 }
        if variant.tag == Self.uikit.tag {
            // A rect UIKit would not send (NaN, infinite, null, absurdly far) never reaches the layout; a negative
            // size is standardised, as UIKit's visible rects are.
            guard let admitted = RectContract.uikit.admit(rect) else { return 0 }
            // A host query starts a generation of the kept attributes objects (`EngineAttributesCache`): the answer
            // is read here and dropped, so the objects of elements it no longer has serve the next to enter.
            layout.engineBacked?.attributesCache.beginGeneration()
            guard let answer = noting(layout, .elementsInRect, caller, {
                      layout.layoutAttributesForElements(in: admitted.cgRect)
                  })
            else { return 0 }
            // The admitted rect is finite, not null, and standardised: its edges once, for every element.
            let edges = admitted.standardizedEdges
            for attributes in answer {
                let element = value(attributes)
                // An element that only touches the rect (or has a zero size on its edge) is what Linux Foundation's
                // `CGRect.intersects` lets through and CoreGraphics' does not: the answer as iOS gives it drops it.
                // Anything farther off stays, for the verifiers to report.
                if Self.onlyTouches(element.frame, edges) {
                    touchingOnlyDropped += 1
                    continue
                }
                buffer.append(element)
                answered(attributes)
            }
            return answer.count
        }
        var tested = 0
        for attributes in everyElement(of: layout) {
            tested += 1
            let element = value(attributes)
            if element.frame.meetsByCoreGraphicsRule(rect) {
                buffer.append(element)
                answered(attributes)
            }
        }
        return tested
    }

    /// Whether `frame` meets the rect of `edges` (finite, standardised) by `Rect.intersects`' closed edges and not by
    /// CoreGraphics' rule (`Rect.overlapsByCoreGraphicsRule`): it only touches the rect, or has a zero width or height
    /// on it. The two tests in one pass over each rect's edges (each computed them again, out of line: about 150
    /// instructions an element of the answer; issue 38o). A null frame or a NaN edge meets nothing by either rule:
    /// the closed test fails on a NaN, so the overlap test after it sees finite or infinite edges only.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func onlyTouches(_ frame: Rect, _ edges: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> Bool {
        if frame.isNull { return false }
        let own = frame.standardizedEdges
        guard own.minX <= edges.maxX && edges.minX <= own.maxX && own.minY <= edges.maxY && edges.minY <= own.maxY
        else { return false }
        return !(Swift.max(own.minX, edges.minX) < Swift.min(own.maxX, edges.maxX)
            && Swift.max(own.minY, edges.minY) < Swift.min(own.maxY, edges.maxY))
    }

    /// Every element through its own call: each item, then each supplementary and decoration element the layout
    /// itself reports in its own answers to rects that cover the content and the bounds, asked again through
    /// `layoutAttributesForSupplementaryView(ofKind:at:)` or `layoutAttributesForDecorationView(ofKind:at:)` with the
    /// kind and index path it reported. The covering rects are rects UIKit sends (``coveringRects(contentSize:)``):
    /// the bounds extended along the axes the view scrolls, tiled over the content. No other kind is probed: a
    /// layout may trap on a kind it does not know, and UIKit asks only for what the layout reported.
    private func everyElement(of layout: UICollectionViewLayout) -> [UICollectionViewLayoutAttributes] {
        guard let view else { return [] }
        var result: [UICollectionViewLayoutAttributes] = []
        for section in 0..<view.numberOfSections {
            for item in 0..<view.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                if let attributes = noting(layout, .itemAttributes, .reference, {
                    layout.layoutAttributesForItem(at: indexPath)
                }) {
                    result.append(attributes)
                }
            }
        }
        var others: Set<OtherElement> = []
        let contentSize = noting(layout, .contentSize, .reference) { layout.collectionViewContentSize }
        for tile in coveringRects(contentSize: Size(contentSize)) {
            // Each tile's answer is read at once: a generation of the kept objects of its own.
            layout.engineBacked?.attributesCache.beginGeneration()
            let answer = noting(layout, .elementsInRect, .reference) { layout.layoutAttributesForElements(in: tile) }
            for attributes in answer ?? [] where attributes.representedElementCategory != .cell {
                let path = attributes.indexPath
                others.insert(OtherElement(category: attributes.representedElementCategory,
                                           kind: attributes.representedElementKind ?? "",
                                           section: path.count >= 1 ? path[0] : 0, item: path.count >= 2 ? path[1] : 0))
            }
        }
        for element in others.sorted(by: { ($0.section, $0.item, $0.kind) < ($1.section, $1.item, $1.kind) }) {
            let path = IndexPath(item: element.item, section: element.section)
            let answer = element.category == .decorationView
                ? noting(layout, .decorationAttributes, .reference) {
                    layout.layoutAttributesForDecorationView(ofKind: element.kind, at: path)
                }
                : noting(layout, .supplementaryAttributes, .reference) {
                    layout.layoutAttributesForSupplementaryView(ofKind: element.kind, at: path)
                }
            if let answer { result.append(answer) }
        }
        return result
    }

    /// Rects that together cover the content and the bounds, each one UIKit could send: the union of the content
    /// rect and the bounds, cut along each axis the view scrolls (`ScrollAxes`' rule: the content is longer than
    /// the bounds; vertical when neither) into pieces of three bounds' lengths (the visible rect and a prefetch
    /// region on each side), and spanning the union across the others.
    private func coveringRects(contentSize: Size) -> [CGRect] {
        guard let view else { return [] }
        let bounds = Rect(view.bounds)
        let whole = CGRect(origin: .zero, size: contentSize.cgSize).union(view.bounds)
        guard let union = RectContract.uikit.admit(Rect(whole)) else { return [] }
        let horizontal = contentSize.width > bounds.size.width
        let vertical = contentSize.height > bounds.size.height || !horizontal
        func cuts(_ start: Double, _ length: Double, _ step: Double, _ scrolls: Bool) -> [(Double, Double)] {
            guard scrolls, step > 0, length > step else { return [(start, length)] }
            let count = Int((length / step).rounded(.up))
            return (0..<count).map { i in
                let low = start + Double(i) * step
                return (low, Swift.min(step, start + length - low))
            }
        }
        let xs = cuts(union.origin.x, union.size.width, 3 * bounds.size.width, horizontal)
        let ys = cuts(union.origin.y, union.size.height, 3 * bounds.size.height, vertical)
        return ys.flatMap { y in xs.map { x in CGRect(x: x.0, y: y.0, width: x.1, height: y.1) } }
    }

    /// The harness kind of a supplementary or decoration element. The last one converted is remembered (a query's
    /// answers share a handful of kinds), so most elements skip the interning table's lock.
    private func kind(_ category: UICollectionView.ElementCategory, _ name: String?) -> ElementKind {
        let name = name ?? ""
        if let last = lastKind, last.category == category, last.name == name { return last.kind }
        let kind = ElementKindNames.kind(category: category, name: name)
        lastKind = (category, name, kind)
        return kind
    }

    @exclusivity(unchecked)
    private var lastKind: (category: UICollectionView.ElementCategory, name: String, kind: ElementKind)?

    private struct OtherElement: Hashable {
        var category: UICollectionView.ElementCategory
        var kind: String
        var section: Int
        var item: Int
    }

    /// The objects alive in the last answer are not retained; the layout's own caches are not seen. Counts what
    /// the flow engine holds for a flow layout, 0 otherwise (a UIKit layout's caches are opaque; allocations and
    /// resident memory measure them).
    package var attributeBytes: Int {
        layout?.engineBacked?.engineBytes ?? 0
    }

    /// Whether the element moves with the bounds: a kind named pinned, or an element its engine-backed layout pins.
    package func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category != .cell, let name = ElementKindNames.string(for: attributes.kind) else {
            return false
        }
        if pinnedKinds.contains(name) { return true }
        return layout?.engineBacked?.pinsSupplementary(ofKind: name, inSection: attributes.path.section) ?? false
    }

    // MARK: Appearance

    /// ``attributesForElements(in:into:using:)``, with each element's `alpha`, `isHidden` and `transform3D`.
    @discardableResult
    package func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                       appearances: inout [ElementAppearance], using variant: QueryVariant) -> Int {
        appearances.removeAll(keepingCapacity: true)
        return query(rect, into: &buffer, using: variant, caller: .rectQuery) {
            appearances.append(Self.appearance(of: $0))
        }
    }

    /// The appearance of the layout's own answer for the element: `layoutAttributesForItem(at:)` for a cell, the
    /// supplementary or decoration call for another kind.
    package func appearance(of element: LayoutAttributes) -> ElementAppearance? {
        guard let layout else { return nil }
        let indexPath = IndexPath(item: element.path.item, section: element.path.section)
        let answer: UICollectionViewLayoutAttributes?
        switch element.kind.category {
        case .cell:
            answer = noting(layout, .itemAttributes, .perItem) { layout.layoutAttributesForItem(at: indexPath) }
        case .supplementary:
            answer = ElementKindNames.string(for: element.kind).flatMap { name in
                noting(layout, .supplementaryAttributes, .perItem) {
                    layout.layoutAttributesForSupplementaryView(ofKind: name, at: indexPath)
                }
            }
        case .decoration:
            answer = ElementKindNames.string(for: element.kind).flatMap { name in
                noting(layout, .decorationAttributes, .perItem) {
                    layout.layoutAttributesForDecorationView(ofKind: name, at: indexPath)
                }
            }
        }
        return answer.map(Self.appearance(of:))
    }

    /// An object's `alpha`, `isHidden` and `transform3D`.
    static func appearance(of attributes: UICollectionViewLayoutAttributes) -> ElementAppearance {
        if type(of: attributes) == UICollectionViewLayoutAttributes.self {
            // The base class overrides nothing: its state is read in one access.
            return attributes.readingState { state in
                appearance(alpha: state.pointee.alpha, isHidden: state.pointee.isHidden,
                           transform: state.pointee.transform3D)
            }
        }
        return appearance(alpha: attributes.alpha, isHidden: attributes.isHidden, transform: attributes.transform3D)
    }

    @inline(__always)
    private static func appearance(alpha: CGFloat, isHidden: Bool, transform t: CATransform3D) -> ElementAppearance {
        ElementAppearance(
            alpha: Double(alpha), isHidden: isHidden,
            transform: ElementTransform(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22,
                                        m23: t.m23, m24: t.m24, m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34,
                                        m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44))
    }

    /// The value of an attributes object.
    @inline(__always)
    func value(_ attributes: UICollectionViewLayoutAttributes) -> LayoutAttributes {
        if type(of: attributes) == UICollectionViewLayoutAttributes.self {
            // The base class overrides nothing: its state is read in one access rather than one a property.
            return attributes.readingState { state in
                let category = state.pointee.category
                let elementKind = category == .cell ? ElementKind.cell : self.kind(category, state.pointee.kind)
                let count = state.pointee.indexPath.count
                let element = count >= 2 ? ElementPath(section: state.pointee.indexPath[0], item: state.pointee.indexPath[1])
                    : ElementPath(section: count == 1 ? state.pointee.indexPath[0] : 0, item: 0)
                return LayoutAttributes(frame: Rect(state.pointee.frame), path: element, kind: elementKind,
                                        zIndex: state.pointee.zIndex)
            }
        }
        let category = attributes.representedElementCategory
        let kind = category == .cell ? ElementKind.cell : kind(category, attributes.representedElementKind)
        let path = attributes.indexPath
        // A path of fewer than two indexes (attributes made with a bare `init()`) reads as item 0 of its section.
        let element = path.count >= 2 ? ElementPath(section: path[0], item: path[1])
            : ElementPath(section: path.first ?? 0, item: 0)
        return LayoutAttributes(frame: Rect(attributes.frame), path: element, kind: kind, zIndex: attributes.zIndex)
    }
}
