/// What a layout must recompute, as UIKit's `UICollectionViewLayoutInvalidationContext`. Layouts subclass it to add
/// their own flags (return the subclass from `invalidationContextClass`), and name items, supplementary and
/// decoration elements, and offset and size adjustments. Everything in it reaches the harness's host, which applies
/// the content offset adjustment (see Guides/UIKitLayouts.md).
///
/// A layout hands out a new context at every call, as UIKit does; a context of this class or of
/// ``UICollectionViewFlowLayoutInvalidationContext`` that nothing references any more once its invalidation is over
/// may serve the layout's next call, emptied (Guides/UIKitCompositional.md, "Invalidation contexts kept across
/// frames").
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Everything is invalid, as after `invalidateLayout()` or a data-source change. Set by the collection view.
    open var invalidateEverything: Bool { everything }
    /// The data source's counts changed. Set by the collection view.
    open var invalidateDataSourceCounts: Bool { dataSourceCounts }
    /// The items named through ``invalidateItems(at:)``; `nil` when none has been named.
    open var invalidatedItemIndexPaths: [IndexPath]? { namesItems ? items : nil }
    /// The supplementary elements named through ``invalidateSupplementaryElements(ofKind:at:)``, by kind; `nil`
    /// when none has been named.
    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? {
        supplementary.isEmpty ? nil : supplementary.named
    }
    /// The decoration elements named through ``invalidateDecorationElements(ofKind:at:)``, by kind; `nil` when none
    /// has been named.
    open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? {
        decoration.isEmpty ? nil : decoration.named
    }
    /// How far the content offset moves after the invalidation.
    @exclusivity(unchecked) open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size changes.
    @exclusivity(unchecked) open var contentSizeAdjustment: CGSize = .zero

    // Read and written on one thread, never across a call (unchecked: no dynamic exclusivity check at every access).
    @exclusivity(unchecked) var everything = false
    @exclusivity(unchecked) var dataSourceCounts = false
    /// The items named, in the order they were named; read as ``invalidatedItemIndexPaths`` once `namesItems`.
    @exclusivity(unchecked) private var items: [IndexPath] = []
    @exclusivity(unchecked) private var namesItems = false
    @exclusivity(unchecked) private var supplementary = NamedPaths()
    @exclusivity(unchecked) private var decoration = NamedPaths()

    /// An empty context: nothing named, nothing adjusted.
    public required override init() { super.init() }

    /// Names items whose attributes must be recomputed.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        items.append(contentsOf: indexPaths)
        namesItems = true
    }

    /// Names supplementary elements of `elementKind` whose attributes must be recomputed.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        supplementary.append(indexPaths, ofKind: elementKind)
    }

    /// Names decoration elements of `elementKind` whose attributes must be recomputed.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        decoration.append(indexPaths, ofKind: elementKind)
    }

    /// Whether no item, supplementary or decoration element has been named (this class's own storage, whatever a
    /// subclass's getters answer).
    var namesNothing: Bool { !namesItems && supplementary.isEmpty && decoration.isEmpty }

    /// Reorder targets are not modelled: the paths are recorded nowhere.
    open func invalidateInteractivelyMovingItems(at indexPaths: [IndexPath]) {}

    /// Makes the context what ``init()`` makes, keeping the storage of its named paths for the next use: only for
    /// a context of this class or the flow layout's, which declare every stored property (a subclass's own could not
    /// be reset), and only once nothing but the layout's pool references it.
    ///
    /// - Complexity: O(kinds named).
    func resetForReuse() {
        everything = false
        dataSourceCounts = false
        contentOffsetAdjustment = .zero
        contentSizeAdjustment = .zero
        items.removeAll(keepingCapacity: true)
        namesItems = false
        supplementary.removeAll()
        decoration.removeAll()
    }
}

/// The paths a context names by element kind, as UIKit's dictionary of them, with the arrays of kinds no longer
/// named kept for the next kind (a context reused from frame to frame names the same kinds again without allocating).
struct NamedPaths {
    /// The paths named by kind, each array non-empty or named with no path.
    private(set) var named: [String: [IndexPath]] = [:]
    /// Emptied arrays, their storage kept.
    private var spare: [[IndexPath]] = []

    var isEmpty: Bool { named.isEmpty }

    /// Appends `paths` to those named for `kind`.
    ///
    /// - Complexity: O(paths), amortized.
    mutating func append(_ paths: [IndexPath], ofKind kind: String) {
        if named[kind] == nil, let storage = spare.popLast() {
            named[kind] = storage
        }
        named[kind, default: []].append(contentsOf: paths)
    }

    /// Names nothing; the arrays' storage is kept as spare, the dictionary's capacity too.
    ///
    /// - Complexity: O(kinds named).
    mutating func removeAll() {
        guard !named.isEmpty else { return }
        for index in named.indices {
            var paths: [IndexPath] = []
            swap(&paths, &named.values[index])
            paths.removeAll(keepingCapacity: true)
            spare.append(paths)
        }
        named.removeAll(keepingCapacity: true)
    }
}
