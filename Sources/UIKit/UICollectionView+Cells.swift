import LayoutModel

/// What a standalone collection view shows: the cell (and supplementary view) its data source gave for each element
/// on screen, and the views that left the screen, waiting to be dequeued again. In the harness nothing is shown and
/// nothing here is used. Not UIKit API.
package final class CellStore {
    /// A supplementary view's key: its kind and path.
    package struct ViewKey: Hashable {
        package var kind: String
        package var path: ElementPath
    }

    /// The cells on screen, by path.
    package var cells: [ElementPath: UICollectionViewCell] = [:]
    /// The supplementary views on screen.
    package var views: [ViewKey: UICollectionReusableView] = [:]
    /// Views off screen, by the reuse identifier they were dequeued with.
    var queue: [String: [UICollectionReusableView]] = [:]
    /// The reuse identifier each dequeued view was dequeued with.
    var identifiers: [ObjectIdentifier: String] = [:]
    /// The class registered for each reuse identifier (a supplementary view's under ``supplementaryKey(_:_:)``).
    var registered: [String: UICollectionReusableView.Type] = [:]
    /// Views whose elements a batch took away (deleted, reloaded, in a deleted section): they leave the screen
    /// once the new views are displayed, so a reloaded item gets another cell, as in UIKit, where the old one is
    /// still animating out.
    var leaving: [UICollectionReusableView] = []
    /// Set while a diffable data source runs the stages before its last: cells follow the batches, and are asked
    /// for only once the last stage is laid out (UIKit shows one update).
    package var defersDisplay = false
    /// The cell whose item is being reconfigured: dequeuing at its path returns it.
    var reconfiguring: (path: ElementPath, cell: UICollectionViewCell)?
    /// How many times the data source was asked for a cell (`collectionView(_:cellForItemAt:)`). Test hook.
    package private(set) var cellRequests = 0
    /// How many cells were made new (dequeued with an empty queue). Test hook.
    package private(set) var cellsMade = 0

    package init() {}

    /// Puts a view that left the screen in its queue.
    package func recycle(_ view: UICollectionReusableView) {
        guard let identifier = identifiers[ObjectIdentifier(view)] else { return }
        queue[identifier, default: []].append(view)
    }

    /// Every view leaves the screen (`reloadData()`).
    func recycleAll() {
        for cell in cells.values { recycle(cell) }
        for view in views.values { recycle(view) }
        cells = [:]
        views = [:]
    }

    /// The key of a supplementary view's reuse identifier: its kind and identifier.
    package static func supplementaryKey(_ kind: String, _ identifier: String) -> String { kind + "\u{0}" + identifier }

    /// Registers `viewClass` for `key` (`nil` unregisters); a class that is not a cell (`cell`) or a reusable view
    /// ends the process in one line, exit 1 (``registrationRefusal(_:key:cell:)``).
    func register(_ viewClass: AnyClass?, for key: String, cell: Bool) {
        guard let viewClass else {
            registered[key] = nil
            return
        }
        let type: UICollectionReusableView.Type? = cell ? viewClass as? UICollectionViewCell.Type
            : viewClass as? UICollectionReusableView.Type
        guard let type else { UIKitCompatibility.exit(withError: Self.registrationRefusal(viewClass, key: key, cell: cell)) }
        registered[key] = type
    }

    /// UIKit's uncaught-exception line for a registered class of the wrong kind (Apple documents only that the
    /// class must be a `UICollectionViewCell`, or a `UICollectionReusableView`, subclass; the reason is ours).
    package static func registrationRefusal(_ viewClass: AnyClass, key: String, cell: Bool) -> String {
        "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'the class "
            + "\(viewClass) registered for reuse identifier \(identifierDescription(key)) is not a "
            + "\(cell ? "UICollectionViewCell" : "UICollectionReusableView") subclass'"
    }

    /// A view from `key`'s queue (after `prepareForReuse()`), or a new instance of the class registered for `key`;
    /// an identifier with nothing registered ends the process in one line, exit 1, as UIKit raises
    /// (``_dequeue(_:kind:)``'s error).
    func dequeue(_ key: String, kind: String) -> UICollectionReusableView {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _dequeue(key, kind: kind) }
    }

    /// ``dequeue(_:kind:)``, throwing UIKit's reason for an identifier with nothing registered. Test hook.
    package func _dequeue(_ key: String, kind: String) throws(DiffableDataSourceError) -> UICollectionReusableView {
        if let view = queue[key]?.popLast() {
            view.prepareForReuse()
            return view
        }
        guard let type = registered[key] else {
            throw DiffableDataSourceError("could not dequeue a view of kind: \(kind) with identifier "
                + "\(Self.identifierDescription(key)) - must register a nib or a class for the identifier or connect "
                + "a prototype cell in a storyboard")
        }
        let view = type.init(_dequeuedForReuse: ())
        if view is UICollectionViewCell { cellsMade += 1 }
        identifiers[ObjectIdentifier(view)] = key
        return view
    }

    /// The identifier part of a key.
    static func identifierDescription(_ key: String) -> String {
        key.split(separator: "\u{0}", omittingEmptySubsequences: false).last.map(String.init) ?? key
    }

    /// Counts a request for a cell.
    func countRequest() { cellRequests += 1 }
}

extension UICollectionView {
    /// A cell for the data source to configure and return from `collectionView(_:cellForItemAt:)`: the cell the
    /// item already has while it is being reconfigured (iOS 15's `reconfigureItems`), otherwise one that left the
    /// screen, after `prepareForReuse()`, or a new instance of the class registered for `identifier`
    /// (`register(_:forCellWithReuseIdentifier:)`), made with its `init(frame: .zero)` as UIKit makes it, so that
    /// `as! MyCell` holds. An identifier with nothing registered ends the process in one line with UIKit's reason,
    /// exit 1 (UIKit raises `NSInternalInconsistencyException`). Guides/Updates.md, "Cells, and what is left".
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if let (path, cell) = cellStore.reconfiguring, path == ElementPath(indexPath) { return cell }
        let view = cellStore.dequeue(identifier, kind: "UICollectionElementKindCell")
        // A cell identifier's queue and registration hold cells only (register refuses other classes).
        return view as? UICollectionViewCell ?? UICollectionViewCell(frame: .zero)
    }

    /// A supplementary view for the data source to configure: one that left the screen, after `prepareForReuse()`,
    /// or a new instance of the class registered for `elementKind` and `identifier`
    /// (`register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`); nothing registered ends the process in one
    /// line, exit 1, as ``dequeueReusableCell(withReuseIdentifier:for:)``.
    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView
    {
        cellStore.dequeue(CellStore.supplementaryKey(elementKind, identifier), kind: elementKind)
    }

    /// Shows the last layout pass's elements: asks the data source for a cell (and a supplementary view) for every
    /// element that came on screen, and queues the views of the elements that left it. UIKit asks as cells become
    /// visible; elements that stay keep their views. Standalone only.
    func displayVisibleCells() {
        guard standaloneHost != nil, !cellStore.defersDisplay else { return }
        guard let host = standaloneHost, let dataSource else {
            for view in cellStore.leaving { cellStore.recycle(view) }
            cellStore.leaving = []
            return
        }
        var visibleCells = Set<ElementPath>(), visibleViews = Set<CellStore.ViewKey>()
        for attributes in host.visibleAttributes {
            switch attributes.kind.category {
            case .cell: visibleCells.insert(attributes.path)
            case .supplementary:
                guard let kind = ElementKindNames.string(for: attributes.kind) else { continue }
                visibleViews.insert(CellStore.ViewKey(kind: kind, path: attributes.path))
            default: continue
            }
        }
        for (path, cell) in cellStore.cells where !visibleCells.contains(path) {
            cellStore.recycle(cell)
            cellStore.cells[path] = nil
        }
        for (key, view) in cellStore.views where !visibleViews.contains(key) {
            cellStore.recycle(view)
            cellStore.views[key] = nil
        }
        for path in visibleCells.sorted() where cellStore.cells[path] == nil {
            cellStore.countRequest()
            cellStore.cells[path] = dataSource.collectionView(self, cellForItemAt: path.indexPath)
        }
        for key in visibleViews.sorted(by: { ($0.path, $0.kind) < ($1.path, $1.kind) }) where cellStore.views[key] == nil {
            cellStore.views[key] = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind,
                                                             at: key.path.indexPath)
        }
        for view in cellStore.leaving { cellStore.recycle(view) }
        cellStore.leaving = []
    }

    /// Follows the cells on screen through a batch: a cell whose item moves goes with it, a deleted or reloaded
    /// item's cell leaves the screen (a reloaded item is dequeued again at the next display). Supplementary views of
    /// a section the batch changes leave and are asked again.
    func carryCells(through plan: BatchUpdatePlan) {
        guard let shownCells, !shownCells.cells.isEmpty || !shownCells.views.isEmpty else { return }
        var carried: [ElementPath: UICollectionViewCell] = [:]
        for (path, cell) in cellStore.cells {
            if let new = plan.newPath(forOld: path) { carried[new] = cell } else { cellStore.leaving.append(cell) }
        }
        cellStore.cells = carried
        var views: [CellStore.ViewKey: UICollectionReusableView] = [:]
        for (key, view) in cellStore.views {
            if let new = plan.newPath(forOld: ElementPath(section: key.path.section, item: ElementPath.sectionItem)) {
                views[CellStore.ViewKey(kind: key.kind, path: ElementPath(section: new.section, item: key.path.item))] =
                    view
            } else {
                cellStore.leaving.append(view)
            }
        }
        cellStore.views = views
    }

    /// Runs the data source again for the items at `paths` that are on screen, with dequeuing returning the cell
    /// each already has (iOS 15's `reconfigureItems`); the answer becomes the item's cell.
    package func reconfigureVisibleItems(at paths: [ElementPath]) {
        guard let dataSource, shownCells != nil else { return }
        for path in paths {
            guard let cell = cellStore.cells[path] else { continue }
            cellStore.reconfiguring = (path, cell)
            cellStore.countRequest()
            cellStore.cells[path] = dataSource.collectionView(self, cellForItemAt: path.indexPath)
            cellStore.reconfiguring = nil
        }
    }
}
