import Layouts
import LayoutModel
import UIKit
import Scenarios

/// A layout family whose layouts are UIKit code: a `UICollectionViewLayout` subclass, compiled against this
/// package's UIKit module, measured by every command (`run`, `verify`, `gate`, `--instructions`) unchanged.
///
/// Conform a struct and give ``Scenarios/LayoutFamily/name``, ``Scenarios/LayoutFamily/summary`` and
/// ``makeCollectionViewLayout()``; everything else has a default:
///
/// ```swift
/// struct ShelfFamily: UIKitLayoutFamily {
///     static let name = "shelf"
///     static let summary = "the app's shelf layout (UIKit)"
///     func makeCollectionViewLayout() -> UICollectionViewLayout { ShelfLayout() }
/// }
/// LayoutBench.main(catalog: .builtIn.adding(ShelfFamily.self))
/// ```
///
/// Each layout is installed in a `UICollectionView` whose data source and delegate are
/// ``makeDataSource(for:)``'s (the content's counts, and its sizes through `sizeForItemAt`), and is driven by the
/// harness's host in UIKit's order. Two query variants: `uikit`, the layout's own
/// `layoutAttributesForElements(in:)` (what the collection view calls on every frame, objects and all), and
/// `brute-force`, the reference: every item through `layoutAttributesForItem(at:)`, every supplementary and
/// decoration element the layout reports through its own call, filtered by CoreGraphics' rule (touching rects do
/// not intersect). The layout is asked only rects UIKit sends (`RectContract.uikit`: finite, standardised; and by
/// default only the visible rect, extended for prefetching along the scroll axis: `VisibleRectQueryFamily`) and only
/// the kinds it reports (Guides/UIKitLayouts.md, "What the harness calls"). Invalidation goes through the layout's
/// own `shouldInvalidateLayout(forBoundsChange:)`, `invalidationContext(forBoundsChange:)` and
/// `invalidateLayout(with:)`; full mode invalidates everything on every frame, as `invalidateLayout()` does.
///
/// Batch updates (an update trace's frames, through `CollectionViewHost.performBatchUpdates(_:newCounts:)`) reach
/// the layout as UIKit sends them: `invalidateLayout(with:)` with `invalidateDataSourceCounts`, `prepare()`,
/// `prepare(forCollectionViewUpdates:)` with the batch's `UICollectionViewUpdateItem`s, the initial and final
/// attributes of the items it inserts and removes, `targetContentOffset(forProposedContentOffset:)` and
/// `finalizeCollectionViewUpdates()` (Guides/UIKitLayouts.md, "Batch updates"). The family offers the `full` update
/// strategy, `updateStrategies(for:)`'s default: a UIKit layout rebuilds what it caches when the counts change.
///
/// Snapshots reach the layout through `UICollectionViewDiffableDataSource` too (``Scenarios/SnapshotApplyingFamily``,
/// `differenceAfterApplying(_:over:viewport:offsetFraction:)`): `verify diff --layout NAME` applies seeded snapshot
/// pairs through it and compares the layout with a freshly built one.
public protocol UIKitLayoutFamily: VisibleRectQueryFamily, AppEventFamily, SelfSizingLayoutFamily,
    OrthogonalSectionFamily, SnapshotApplyingFamily
{
    /// A new layout, configured as the app configures it.
    func makeCollectionViewLayout() -> UICollectionViewLayout

    /// The collection view's data source and delegate for `content`; ``UIKitContentDataSource`` by default.
    func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource

    /// Kinds of supplementary or decoration elements that move with the bounds (sticky headers the layout pins
    /// itself), so that they may lie outside the content size. A flow layout's own pinned headers and footers need
    /// no naming. None by default.
    var pinnedElementKinds: [String] { get }

    /// The screen scale the layout sees: its collection view's `traitCollection.displayScale`, and
    /// `UIScreen.main.scale` (process-wide: the last family built sets it). 3 by default.
    var displayScale: Double { get }

    /// The collection view's safe-area insets (its `safeAreaInsets`): what a `UIContentInsetsReference.safeArea`
    /// measures from, the compositional configuration's default. Zero by default (a device without a notch or
    /// bars across the scroll axis); an iPhone in landscape has 44 to 59 points left and right.
    var safeAreaInsets: UIEdgeInsets { get }

    /// The collection view's layout margins (its `layoutMargins`), measured from its safe area as UIKit's
    /// `insetsLayoutMarginsFromSafeArea` does by default: what `.layoutMargins` measures from. Zero by default;
    /// UIKit's system margins are 16 or 20 points on an iPhone.
    var layoutMargins: UIEdgeInsets { get }

    /// The widest the collection view's readable content guide is, centred between its margins: what
    /// `.readableContent` measures from. 672 points by default, the width iPadOS gives at the default text size.
    var readableContentWidth: Double { get }

    // MARK: The app's part

    /// What the app does to the layout before a data change: before `reloadData()` (a trace's data-source change)
    /// or `performBatchUpdates(_:completion:)` (an update trace's batch, and each batch a diffable data source's
    /// `apply` runs in `verify diff --layout`; its first apply's `reloadData()` is `.reload`); `collectionView`
    /// still shows the old counts. A layout whose contract is "call my `reset()` on reload" is
    /// reset here. Nothing by default.
    func dataWillChange(_ change: UIKitDataChange, layout: UICollectionViewLayout, collectionView: UICollectionView)

    /// What the app does after a data change: `collectionView` shows the new counts, and the layout has been
    /// invalidated (`invalidateDataSourceCounts`) but not yet prepared (after a batch of a diffable data source's
    /// `apply`, which runs the update in the call, it has been prepared). Nothing by default.
    func dataDidChange(_ change: UIKitDataChange, layout: UICollectionViewLayout, collectionView: UICollectionView)

    /// What the app's view controller does in `viewWillTransition(to:with:)`, before the collection view's size
    /// changes to `size` (a rotation, a split-view resize): `collectionView` still shows the old bounds. A layout
    /// whose contract is "invalidate me on rotation" is invalidated here; UIKit then prepares it in the next layout
    /// pass, whatever its `shouldInvalidateLayout(forBoundsChange:)` answers. Nothing by default.
    func viewWillTransition(to size: CGSize, layout: UICollectionViewLayout, collectionView: UICollectionView)
}

/// A change of the app's data, as ``UIKitLayoutFamily/dataWillChange(_:layout:collectionView:)`` sees it.
public enum UIKitDataChange: Sendable, Hashable {
    /// `reloadData()`.
    case reload
    /// `performBatchUpdates(_:completion:)`.
    case batchUpdate
}

extension UIKitLayoutFamily {
    /// The content's counts and sizes.
    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { UIKitContentDataSource(content) }

    /// None.
    public var pinnedElementKinds: [String] { [] }

    /// 3, an iPhone's.
    public var displayScale: Double { 3 }

    /// Zero.
    public var safeAreaInsets: UIEdgeInsets { .zero }

    /// Zero.
    public var layoutMargins: UIEdgeInsets { .zero }

    /// 672.
    public var readableContentWidth: Double { 672 }

    /// Nothing.
    public func dataWillChange(_ change: UIKitDataChange, layout: UICollectionViewLayout,
                               collectionView: UICollectionView) {}

    /// Nothing.
    public func dataDidChange(_ change: UIKitDataChange, layout: UICollectionViewLayout,
                              collectionView: UICollectionView) {}

    /// Nothing.
    public func viewWillTransition(to size: CGSize, layout: UICollectionViewLayout,
                                   collectionView: UICollectionView) {}

    /// `brute-force` (the reference) and `uikit`.
    public static var queryVariants: [QueryVariant] { UIKitLayoutVariants.all }

    /// `brute-force`.
    public static var referenceVariant: QueryVariant { UIKitLayoutVariants.bruteForce }

    /// Objects: a UIKit layout's attributes are objects, whatever it caches.
    public static var storages: [AttributeStorageKind] { [.objects] }

    /// The family's name.
    public var idComponent: String { Self.name }

    /// Whether the family's layouts resolve self-sizing content (`SelfSizingLayoutFamily.supportsSelfSizing(for:)`, whatever
    /// the content: the estimate is the layout's own) and so take the harness's self-sizing traces: a fresh
    /// ``makeCollectionViewLayout()`` that is a `UICollectionViewFlowLayout` with a non-zero `estimatedItemSize`
    /// (`automaticSize` included), or a `UICollectionViewCompositionalLayout` with a section whose group height is
    /// `.estimated(_)` among the content's sections, or, scrolling vertically, a section whose header or footer is
    /// `.estimated` high or a layout-wide boundary item of `.estimated` height (Guides/UIKitCompositional.md, S1).
    /// A family whose layout is not a flow layout but takes its cells' preferred sizes through its own
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` and
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` says so by answering `true` here.
    /// The host's `ItemFitting` then plays the cells' `preferredLayoutAttributesFitting(_:)`, and the layout's own
    /// pair takes the sizes (Guides/UIKitLayouts.md, rules U15 to U18).
    /// Its layout is the family's `full` strategy, whatever the strategy asked: a UIKit layout resolves sizes with
    /// its own code, and its own `contentOffsetAdjustment`s keep what the user sees in place (it is not a
    /// `SelfSizingLayout`, so the workload's anchoring does not set its policy; the host's `scrollAnchoring` then
    /// corrects only what its adjustments left).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool {
        let layout = makeCollectionViewLayout()
        if let compositional = layout as? UICollectionViewCompositionalLayout {
            return content.problem == nil
                && compositional.selfSizes(sections: content.sections, containerSize: UIKitCompatibility.screenSize)
        }
        return layout.estimatesItemSizes
    }

    /// The family's layout for `content` that has already fitted `resolved` (`SelfSizingLayoutFamily.makeLayout(for:resolved:)`,
    /// the harness's reference for self-sizing content), `nil` when the family does not self-size:
    /// - a flow layout is told the extents before its first `prepare()`, and takes them once its own `prepare()` has
    ///   set its estimate (the width of the harness's cells is the estimate's, or under `automaticSize` the item's
    ///   delegate size);
    /// - any other layout is given them at its first `prepare()` through its own preferred-attributes pair, as UIKit
    ///   gives a cell's preferred attributes (the bridge's replay: item by item, then prepared, in rounds until it
    ///   settles); a layout that does not settle makes the check refuse in one line
    ///   (`ReferenceCheckingLayout.referenceProblem`).
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard supportsSelfSizing(for: content),
              let bridge = makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge,
              let layout = bridge.view?.collectionViewLayout
        else { return nil }
        if let flow = layout as? UICollectionViewFlowLayout, flow.estimatesItemSizes {
            flow.seedFittedExtents(resolved.extents)
        } else {
            bridge.pendingReplay = resolved.extents
            bridge.pendingSupplementaryReplay = resolved.supplementaryExtents
        }
        return bridge
    }

    /// A non-positive or non-finite scale, or what the compatibility layer cannot lay out in the family's layout
    /// (a compositional layout's orthogonal scrolling, supplementary items on items, …; a flow layout's size or
    /// spacing that is not finite and non-negative: ``UIKit``'s `UIKitUnsupportedFeature`), found before anything
    /// is laid out, a compositional layout's by translating its configuration and every section of `content` (asked
    /// of a section provider as a full layout pass asks them, at the screen's size). A family that gives its own
    /// `problem(for:)` should call ``uikitProblem(for:)`` from it.
    public func problem(for content: ContentSpec) -> String? { uikitProblem(for: content) }

    /// The checks of the default ``problem(for:)``: the display scale, then the layout's unsupported features, then a
    /// compositional layout's decoration kind registered with neither a class nor a nib (UIKit's message).
    ///
    /// - Complexity: O(sections) section translations for a compositional layout; O(1) for a flow layout, plus
    ///   building the collection view over the content's counts (O(sections)).
    public func uikitProblem(for content: ContentSpec) -> String? {
        guard displayScale.isFinite && displayScale > 0 else {
            return "\(Self.name): displayScale must be positive, got \(displayScale)"
        }
        for (name, insets) in [("safeAreaInsets", safeAreaInsets), ("layoutMargins", layoutMargins)] {
            let values = [insets.top, insets.left, insets.bottom, insets.right]
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1e15 }) else {
                return "\(Self.name): \(name) must be finite, non-negative and at most 1e15, got \(insets)"
            }
        }
        guard readableContentWidth.isFinite && readableContentWidth >= 0 else {
            return "\(Self.name): readableContentWidth must be finite and non-negative, got \(readableContentWidth)"
        }
        guard content.problem == nil,
              let bridge = makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge,
              let layout = bridge.view?.collectionViewLayout
        else { return nil }
        let compositional = layout as? UICollectionViewCompositionalLayout
        let refusal = (layout as? UICollectionViewFlowLayout)?.unsupportedFeature
            ?? compositional?.unsupportedFeature(sections: content.sections,
                                                 containerSize: UIKitCompatibility.screenSize)
        if let refusal { return "\(Self.name): \(refusal)" }
        // A decoration kind registered with neither a class nor a nib: UIKit raises when it makes the view.
        return compositional?.unregisteredDecorationMessage(sections: content.sections,
                                                            containerSize: UIKitCompatibility.screenSize)
            .map { "\(Self.name): \($0)" }
    }

    /// Whether the family's layout is a compositional layout with a section whose `orthogonalScrollingBehavior` is not
    /// `.none` for `content` (its sections asked as ``uikitProblem(for:)`` asks them): the `orthogonal` trace's need.
    ///
    /// - Complexity: O(sections) section translations, plus building the collection view over the content's counts.
    public func hasOrthogonalSections(for content: ContentSpec) -> Bool {
        guard content.problem == nil,
              let bridge = makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge,
              let layout = bridge.view?.collectionViewLayout as? UICollectionViewCompositionalLayout
        else { return false }
        return layout.hasOrthogonalSection(sections: content.sections, containerSize: UIKitCompatibility.screenSize)
    }

    /// 512 bytes an item (an attributes object, its cache slot, the flow engine's frame if any, and the answers'
    /// copies) and 256 a section: a conservative guess, since a UIKit layout's caches are its own. `Int.max` on
    /// overflow.
    public func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int {
        let (items, o1) = content.sections.multipliedReportingOverflow(
            by: content.counts.largestCount(mean: content.itemsPerSection))
        let (itemBytes, o2) = items.multipliedReportingOverflow(by: 512)
        let (sectionBytes, o3) = content.sections.multipliedReportingOverflow(by: 256)
        let (total, o4) = itemBytes.addingReportingOverflow(sectionBytes)
        return o1 || o2 || o3 || o4 ? .max : total
    }

    /// Per-item sizes (what a delegate's `sizeForItemAt` gives), object storage: `gate` 100 x 100 (120 frames),
    /// `quick` 100 x 100, `standard` 100 x 100 and 1000 x 100, `full` up to 1000 x 1000; `scaling` square from
    /// 10 x 10 up. A UIKit layout's attributes are objects, so sizes stop well below the native families'.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        let layout = AnyLayoutFamily(Self())
        func workload(_ rows: Int, _ columns: Int, traceFrames: Int = 240) -> WorkloadSpec {
            WorkloadSpec(rows: rows, columns: columns, sizes: .perCell, layout: layout, storage: .objects,
                         traceFrames: traceFrames)
        }
        switch suite {
        case .gate: return [workload(100, 100, traceFrames: 120)]
        case .quick: return [workload(100, 100)]
        case .standard: return [workload(100, 100), workload(1000, 100)]
        case .full: return [workload(100, 100), workload(1000, 100), workload(1000, 1000)]
        case .scaling: return Suite.scalingWorkloads(of: layout).map { var w = $0; w.storage = .objects; return w }
        }
    }

    /// The layout, installed in a collection view over ``makeDataSource(for:)``, as a measured layout (whatever the
    /// storage and update strategy asked: a UIKit layout's attributes are objects, and it rebuilds what it caches
    /// when the counts change).
    public func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        let content = request.content
        if UIKitCompatibility.displayScale != CGFloat(displayScale) {
            UIKitCompatibility.displayScale = CGFloat(displayScale)
        }
        let view = UICollectionView(frame: .zero, collectionViewLayout: makeCollectionViewLayout())
        view.displayScale = CGFloat(displayScale)
        applyEnvironment(to: view)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        bridge.pinnedKinds = Set(pinnedElementKinds)
        bridge.appEvents = UIKitAppEvents(
            dataWillChange: { change, layout, view in
                self.dataWillChange(change == .reload ? .reload : .batchUpdate, layout: layout, collectionView: view)
            },
            dataDidChange: { change, layout, view in
                self.dataDidChange(change == .reload ? .reload : .batchUpdate, layout: layout, collectionView: view)
            },
            viewWillTransition: { size, layout, view in
                self.viewWillTransition(to: size, layout: layout, collectionView: view)
            })
        let dataSource = makeDataSource(for: content)
        bridge.retained.append(dataSource)
        view.syncFromHost(bounds: .zero, counts: content.itemCounts)
        view.dataSource = dataSource
        view.delegate = dataSource
        return bridge
    }
}

extension UIKitLayoutFamily {
    /// Gives `view` the family's safe area, layout margins and readable width, as a window would give them.
    func applyEnvironment(to view: UICollectionView) {
        view.givenSafeAreaInsets = safeAreaInsets
        view.layoutMargins = layoutMargins
        view.readableContentWidth = CGFloat(readableContentWidth)
    }
}

/// The query variants of every ``UIKitLayoutFamily``.
public enum UIKitLayoutVariants {
    /// The layout's own `layoutAttributesForElements(in:)`.
    public static var uikit: QueryVariant { UIKitLayoutBridge.uikit }
    /// The brute-force reference.
    public static var bruteForce: QueryVariant { UIKitLayoutBridge.bruteForce }
    /// Both, the reference first.
    public static var all: [QueryVariant] { [bruteForce, uikit] }
}
