import Diffing
import LayoutModel
import Scenarios
import UIKit

extension UIKitLayoutFamily {
    /// Applies `new` over `old` through `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` on a
    /// standalone `UICollectionView` of the family's layout, as an app does, and compares the layout with one freshly
    /// built that shows `new` (``Scenarios/SnapshotApplyingFamily``, what `verify diff --layout NAME` checks).
    ///
    /// The view is `viewport` large, its delegate is ``makeDataSource(for:)``'s over uniform content (sizes that do
    /// not depend on an item's place), and the data source's cells are registered `UICollectionViewCell`s. `old` is
    /// the first apply (which UIKit turns into `reloadData()`); after a layout pass the view scrolls to
    /// `offsetFraction` of its scrollable extent and lays out; `new` is then applied (items whose content changed
    /// marked with `reloadItems`) and laid out. A second view shows `new` from its first apply, at the first view's
    /// content offset. The two layouts must answer the same content size and, for every element of the whole
    /// content, the same frame, `zIndex`, `alpha` and `isHidden`. A batch the collection view refuses is reported as
    /// the difference, in one line.
    ///
    /// - Complexity: two layout passes of each view, over the snapshots' items.
    public func differenceAfterApplying(_ new: Diffing.Snapshot<Int, Int, Int>, over old: Diffing.Snapshot<Int, Int, Int>,
                                        viewport: Size, offsetFraction: Double) -> String? {
        let driven = SnapshotScreen(family: self, viewport: viewport)
        driven.apply(Self.diffable(old, marking: nil))
        if let refusal = driven.refusal { return "the collection view refused the first apply: \(refusal)" }
        let size = driven.view.collectionViewLayout.collectionViewContentSize
        let fraction = CGFloat(Swift.min(1, Swift.max(0, offsetFraction)))
        let offset = CGPoint(x: (Swift.max(0, size.width - CGFloat(viewport.width)) * fraction).rounded(),
                             y: (Swift.max(0, size.height - CGFloat(viewport.height)) * fraction).rounded())
        driven.view.setContentOffset(offset, animated: false)
        driven.view.layoutIfNeeded()
        driven.apply(Self.diffable(new, marking: old))
        if let refusal = driven.refusal { return "the collection view refused a batch of the apply: \(refusal)" }
        let fresh = SnapshotScreen(family: self, viewport: viewport)
        fresh.apply(Self.diffable(new, marking: nil))
        fresh.view.setContentOffset(driven.view.contentOffset, animated: false)
        fresh.view.layoutIfNeeded()
        if let refusal = fresh.refusal { return "the collection view refused the fresh apply: \(refusal)" }
        return Self.difference(driven.view, fresh.view)
    }

    /// `snapshot` as UIKit's snapshot type; with `old`, the items of both whose content changed are marked reloaded.
    static func diffable(_ snapshot: Diffing.Snapshot<Int, Int, Int>, marking old: Diffing.Snapshot<Int, Int, Int>?)
        -> NSDiffableDataSourceSnapshot<Int, Int>
    {
        var diffable = NSDiffableDataSourceSnapshot<Int, Int>()
        for section in snapshot.sections {
            diffable.appendSections([section.identifier])
            diffable.appendItems(section.items, toSection: section.identifier)
        }
        guard let old else { return diffable }
        var contents: [Int: Int] = [:]
        for section in old.sections {
            for (item, content) in zip(section.items, section.contents) { contents[item] = content }
        }
        var reloaded: [Int] = []
        for section in snapshot.sections {
            for (item, content) in zip(section.items, section.contents) where contents[item].map({ $0 != content }) ?? false {
                reloaded.append(item)
            }
        }
        if !reloaded.isEmpty { diffable.reloadItems(reloaded) }
        return diffable
    }

    /// The first difference between two views' layouts, in one line, or `nil`.
    static func difference(_ driven: UICollectionView, _ fresh: UICollectionView) -> String? {
        let a = driven.collectionViewLayout, b = fresh.collectionViewLayout
        guard a.collectionViewContentSize == b.collectionViewContentSize else {
            return "content size \(a.collectionViewContentSize) after the apply, \(b.collectionViewContentSize) freshly "
                + "built"
        }
        let size = a.collectionViewContentSize
        let everything = CGRect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        func described(_ layout: UICollectionViewLayout) -> [String: String] {
            var elements: [String: String] = [:]
            for attributes in layout.layoutAttributesForElements(in: everything) ?? [] {
                let key = "\(attributes.representedElementCategory) \(attributes.representedElementKind ?? "cell") "
                    + "\(ElementPath(attributes.indexPath))"
                elements[key] = "at \(Rect(attributes.frame)) z=\(attributes.zIndex) alpha=\(attributes.alpha)"
                    + (attributes.isHidden ? " hidden" : "")
            }
            return elements
        }
        let applied = described(a), built = described(b)
        for key in applied.keys.sorted() {
            guard let other = built[key] else {
                return "\(key) is \(applied[key] ?? "") after the apply and absent from a fresh layout"
            }
            if other != applied[key] { return "\(key) is \(applied[key] ?? "") after the apply, \(other) freshly built" }
        }
        if let missing = built.keys.sorted().first(where: { applied[$0] == nil }) {
            return "\(missing) is \(built[missing] ?? "") freshly built and absent after the apply"
        }
        return nil
    }
}

/// A standalone collection view of a UIKit family's layout, driven by a diffable data source, that records the
/// batches it refuses rather than ending the process.
final class SnapshotScreen {
    let view: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<Int, Int>
    /// The delegate (sizes), held: the view holds its delegate weakly.
    private let delegate: UIKitContentDataSource
    /// The first batch the view refused, in one line.
    private(set) var refusal: String?

    init<Family: UIKitLayoutFamily>(family: Family, viewport: Size) {
        if UIKitCompatibility.displayScale != CGFloat(family.displayScale) {
            UIKitCompatibility.displayScale = CGFloat(family.displayScale)
        }
        view = UICollectionView(frame: CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                                collectionViewLayout: family.makeCollectionViewLayout())
        view.displayScale = CGFloat(family.displayScale)
        family.applyEnvironment(to: view)
        delegate = family.makeDataSource(for: ContentSpec(sections: 1, itemsPerSection: 1, sizes: .uniform, seed: 1))
        view.delegate = delegate
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
            cell.tag = item
            return cell
        }
        // The app's part: the family's hooks around each batch the apply runs, as the host path calls them around
        // each staged batch (a layout that caches until its app resets it is reset before each), and around the
        // first apply's reloadData().
        dataSource._aroundDataChange = (
            willChange: { [unowned view] reload in
                family.dataWillChange(reload ? .reload : .batchUpdate, layout: view.collectionViewLayout,
                                      collectionView: view)
            },
            didChange: { [unowned view] reload in
                family.dataDidChange(reload ? .reload : .batchUpdate, layout: view.collectionViewLayout,
                                     collectionView: view)
            })
        view.batchUpdateErrorHandler = { [unowned self] error in
            if refusal == nil { refusal = error.description.split(whereSeparator: \.isNewline).joined(separator: " ") }
        }
    }

    /// Applies `snapshot` and lays out.
    func apply(_ snapshot: NSDiffableDataSourceSnapshot<Int, Int>) {
        dataSource.apply(snapshot, animatingDifferences: true)
        view.layoutIfNeeded()
    }
}
