import Diffing
import LayoutModel

/// A collection view's data source driven by snapshots, as UIKit's `UICollectionViewDiffableDataSource`: the app
/// describes its content as an ``NSDiffableDataSourceSnapshot`` and calls ``apply(_:animatingDifferences:completion:)``;
/// the data source diffs it against the snapshot it shows (LayoutBench's `Diffing` engine), stages the difference
/// into batches the collection view accepts, and runs them through the view's `performBatchUpdates`, so the layout
/// is told exactly as UIKit tells it (`prepare(forCollectionViewUpdates:)` with the update items).
///
/// Creating it makes it the collection view's data source; as in UIKit the view holds its data source weakly, so the
/// app keeps a reference. The counts the view reads are the current snapshot's; cells and supplementary views come
/// from the cell provider and ``supplementaryViewProvider`` as the view displays them (a standalone view, as items
/// come on screen; the harness makes no cells and never asks). UIKit's rules, with their sources, are in
/// Guides/Updates.md, "UIKit's diffable data source".
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UICollectionViewDataSource
{
    /// Makes the cell for an item: dequeue one from the view, configure it for the identifier, return it.
    public typealias CellProvider = (_ collectionView: UICollectionView, _ indexPath: IndexPath,
                                     _ itemIdentifier: ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (a header, a footer, a badge) of a kind.
    public typealias SupplementaryViewProvider = (_ collectionView: UICollectionView, _ elementKind: String,
                                                  _ indexPath: IndexPath) -> UICollectionReusableView?
    /// The snapshot type.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The collection view, `nil` once it is deallocated (held weakly in UIKit, as it holds its data source weakly).
    /// Not `weak` here: a weak reference gives the view a side table, and then every retain and release of the view,
    /// in every apply and layout pass, takes the runtime's slow path (issue 38v: 2,146 instructions an apply, 1,363 a
    /// layout pass, of `verify diff --layout uikit-chat`). The view clears it when it is deinitialised
    /// (`UIView.unownedReferences`), and this data source takes its entry out in its own `deinit`.
    package private(set) unowned(unsafe) var collectionView: UICollectionView?
    /// The cell provider given at creation.
    let cellProvider: CellProvider
    /// Makes supplementary views; with none set, the view gets a plain `UICollectionReusableView`.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// The snapshot the view shows, without reload or reconfigure marks.
    package internal(set) var current = Snapshot()
    /// The same content as the diff engine's snapshot, sharing each section's item storage with ``current`` (so an
    /// untouched section of the next snapshot is skipped without a visit); every content is 0.
    var shown = Diffing.Snapshot<SectionIdentifierType, ItemIdentifierType, Int>()
    /// While an apply runs a stage whose counts are not the new snapshot's: each section's items at that stage
    /// (arrays shared with the snapshots').
    var presented: [[ItemIdentifierType]]?
    /// The section snapshots applied to sections, for ``snapshot(for:)``.
    var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]
    /// What the last apply did: its stages' batches, in order, and whether it reloaded the data. Test hook.
    package internal(set) var lastApply: ApplyRecord = ApplyRecord()

    /// The app's part around each `performBatchUpdates` an apply runs (before it, and after it), or around the
    /// `reloadData()` of a first apply: LayoutBench's harness calls a UIKit family's `dataWillChange` and
    /// `dataDidChange` here, as its host path calls them around each staged batch. Not UIKit API: UIKit runs an apply
    /// as one update, where this model stages it into batches the view accepts, so a layout that caches until its
    /// app resets it is reset before each. `nil` by default.
    package var _aroundDataChange: (willChange: (_ reload: Bool) -> Void, didChange: (_ reload: Bool) -> Void)?

    /// What an apply did. Test hook.
    package struct ApplyRecord: Hashable, Sendable {
        /// The batches handed to `performBatchUpdates`, in order (the section reloads' batch last).
        package var batches: [BatchUpdate] = []
        /// Whether the view reloaded its data instead.
        package var reloadedData = false
        /// The items reconfigured on screen (their new paths).
        package var reconfigured: [ElementPath] = []
    }

    /// A data source for `collectionView`, which becomes the view's data source; the view reads the (empty)
    /// counts at once, as UIKit's does.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.unownedReferences[ObjectIdentifier(self)] = { [unowned(unsafe) self] in
            self.collectionView = nil
        }
        collectionView.dataSource = self
    }

    deinit {
        collectionView?.unownedReferences[ObjectIdentifier(self)] = nil
    }

    // MARK: Snapshots

    /// A copy of the snapshot the view shows, without reload or reconfigure marks: change it and apply it.
    /// - Complexity: O(1) (the copy shares storage until changed).
    open func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: the difference from the snapshot shown, through the collection view's batch updates.
    ///
    /// As UIKit does from iOS 15, with or without `animatingDifferences` (there is no animation here), the data
    /// source diffs the two snapshots (sections, then items, with moves across sections; LayoutBench's `Diffing`
    /// engine) and hands the staged batches to the view's `performBatchUpdates`, which tells the layout
    /// (`invalidateLayout(with:)` with `invalidateDataSourceCounts`, `prepare(forCollectionViewUpdates:)` with the
    /// update items) and lays it out. Items marked with `reloadItems` get new cells (a reload in the batch); items
    /// marked with `reconfigureItems` that are on screen have the cell provider run again with their own cell;
    /// sections marked with `reloadSections` are reloaded in a last batch. The first apply to an empty data source
    /// reloads the data instead. An apply that changes nothing and marks nothing tells the view nothing.
    /// `completion` is called once it is done (synchronously: nothing animates).
    ///
    /// - Complexity: the diff's (O(S) when no section changed, otherwise O(S + the changed items)), plus the
    ///   collection view's update.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        _apply(snapshot, completion: completion)
    }

    /// Shows `snapshot` without a diff (iOS 15): the collection view reloads its data (`reloadData()`), so every
    /// cell is dequeued again at the next layout pass and the layout is invalidated whole.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        _reload(snapshot, completion: completion)
    }

    /// Shows `snapshot`'s visible items as the items of `section` (iOS 14): the section (appended at the end when
    /// the data source does not have it) takes the section snapshot's ``NSDiffableDataSourceSectionSnapshot/visibleItems``,
    /// and the whole snapshot is applied as ``apply(_:animatingDifferences:completion:)`` applies one. An item that
    /// another section holds is UIKit's exception.
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var whole = current
        if whole.indexOfSection(section) == nil {
            whole.appendSections([section])
        } else {
            whole.deleteItems(whole.itemIdentifiers(inSection: section))
        }
        whole.appendItems(snapshot.visibleItems, toSection: section)
        sectionSnapshots[section] = snapshot
        _apply(whole, completion: completion)
    }

    /// The section snapshot last applied to `section` while the section still shows its visible items, otherwise a
    /// flat one of the section's items (iOS 14); empty for a section the data source does not have.
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        guard current.indexOfSection(section) != nil else { return NSDiffableDataSourceSectionSnapshot() }
        let items = current.itemIdentifiers(inSection: section)
        if let applied = sectionSnapshots[section], applied.visibleItems == items { return applied }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        flat.append(items)
        return flat
    }

    /// The section identifier at `index`, or `nil` (iOS 15).
    /// - Complexity: O(1).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        guard index >= 0 && index < current.numberOfSections else { return nil }
        return current._sectionIdentifier(atPosition: index)
    }

    /// The index of the section, or `nil` (iOS 15).
    /// - Complexity: O(1).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    /// The item identifier at `indexPath`, or `nil`.
    /// - Complexity: O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2 else { return nil }
        if let presented {
            let (section, item) = (indexPath.section, indexPath.item)
            guard section >= 0 && section < presented.count, item >= 0 && item < presented[section].count else {
                return nil
            }
            return presented[section][item]
        }
        return current._item(section: indexPath.section, item: indexPath.item)
    }

    /// The index path of the item, or `nil`.
    /// - Complexity: O(1).
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current._path(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    // MARK: UICollectionViewDataSource

    /// The number of sections of the snapshot shown.
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
        presented?.count ?? current.numberOfSections
    }

    /// The number of items in the section of the snapshot shown.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        if let presented { return section >= 0 && section < presented.count ? presented[section].count : 0 }
        guard section >= 0 && section < current.numberOfSections else { return 0 }
        return current._numberOfItems(atPosition: section)
    }

    /// The cell provider's cell for the item at `indexPath`. A provider that answers `nil` is UIKit's exception.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        guard let identifier = itemIdentifier(for: indexPath) else {
            UIKitCompatibility.raise(DiffableDataSourceError("UICollectionViewDiffableDataSource was asked for a cell "
                + "at index path \(ElementPath(indexPath)), which is not in the snapshot"))
        }
        guard let cell = cellProvider(collectionView, indexPath, identifier) else {
            UIKitCompatibility.raise(DiffableDataSourceError("UICollectionView dataSource returned a nil cell for "
                + "item at index path \(ElementPath(indexPath)) (item identifier "
                + "\(DiffableDataSourceError.one(identifier)))"))
        }
        return cell
    }

    /// The supplementary view provider's view, or a plain `UICollectionReusableView` when there is no provider or
    /// it answers `nil`.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView
    {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
    }
}
