import Testing
import UIKit

/// The diffable data source's reference to its collection view reads `nil` once the view is deallocated, as UIKit's
/// weak one does, though it is not `weak` here (no side table on the view, issue 38v).
struct DiffableViewReferenceTests {
    typealias DataSource = UICollectionViewDiffableDataSource<Int, Int>

    static func makeView() -> UICollectionView {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100),
                                    collectionViewLayout: UICollectionViewFlowLayout())
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        return view
    }

    static func makeDataSource(for view: UICollectionView) -> DataSource {
        DataSource(collectionView: view) { view, indexPath, _ in
            view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    static func snapshot(items: [Int]) -> NSDiffableDataSourceSnapshot<Int, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(items, toSection: 0)
        return snapshot
    }

    @Test func theViewReadsNilAfterItIsDeallocated() {
        var view: UICollectionView? = Self.makeView()
        weak let observed = view
        let dataSource = Self.makeDataSource(for: view!)
        #expect(dataSource.collectionView === view)
        dataSource.apply(Self.snapshot(items: [1, 2]), animatingDifferences: false)
        view = nil
        #expect(observed == nil)
        #expect(dataSource.collectionView == nil)
        // An apply with no view updates the snapshot only, as UIKit's with its view gone.
        dataSource.apply(Self.snapshot(items: [1, 2, 3]), animatingDifferences: true)
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
        #expect(dataSource.collectionView == nil)
    }

    @Test func aDataSourceDeallocatedFirstLeavesNothingForTheViewToClear() {
        let view = Self.makeView()
        weak var observed: DataSource?
        do {
            let dataSource = Self.makeDataSource(for: view)
            observed = dataSource
            #expect(view.unownedReferences.count == 1)
        }
        #expect(observed == nil)
        #expect(view.unownedReferences.isEmpty)
        // Two data sources for one view (the second replaces the first as its data source): each entry is cleared.
        let first = Self.makeDataSource(for: view)
        var second: DataSource? = Self.makeDataSource(for: view)
        #expect(view.unownedReferences.count == 2)
        second = nil
        #expect(second == nil && view.unownedReferences.count == 1)
        #expect(first.collectionView === view)
    }

    @Test func everyDataSourceOfAViewReadsNilAfterIt() {
        var view: UICollectionView? = Self.makeView()
        let first = Self.makeDataSource(for: view!)
        let second = Self.makeDataSource(for: view!)
        view = nil
        #expect(first.collectionView == nil)
        #expect(second.collectionView == nil)
    }
}
