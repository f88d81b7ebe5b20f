/// The data source, as UIKit's `UICollectionViewDataSource`: the counts, and the cells and supplementary views a
/// standalone collection view shows (it asks for them as items come on screen; the harness never asks). Both have
/// defaults that return a plain view.
///
/// `numberOfSections(in:)` is optional in UIKit (one section when absent): it has a default of 1 here, and
/// `dataSource?.numberOfSections?(in: cv)` compiles through ``numberOfSections-swift.property``.
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// The number of items in `section`.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for `indexPath`: asked by a standalone collection view when the item comes on screen; never asked
    /// by the harness.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The supplementary view of `kind` at `indexPath` (optional in UIKit): asked as ``collectionView(_:cellForItemAt:)``.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// The number of sections (optional in UIKit: 1 by default).
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// The optional method as a callable value, so that `dataSource?.numberOfSections?(in: cv)` compiles.
    var numberOfSections: UICollectionViewDataSourceSectionCount? { get }
}

extension UICollectionViewDataSource {
    /// One section, UIKit's behaviour when the data source does not implement it.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// A plain cell; the harness never displays cells.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }

    /// A plain view, UIKit's answer when the data source does not implement it.
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView
    {
        UICollectionReusableView(frame: .zero)
    }

    /// The callable that reaches ``numberOfSections(in:)``.
    public var numberOfSections: UICollectionViewDataSourceSectionCount? {
        UICollectionViewDataSourceSectionCount(dataSource: self)
    }
}

/// `numberOfSections(in:)` as a value, for optional-call syntax (`dataSource?.numberOfSections?(in: cv)`): calling it
/// calls the data source's method (or its default).
public struct UICollectionViewDataSourceSectionCount {
    let dataSource: any UICollectionViewDataSource

    /// Calls the data source's `numberOfSections(in:)`.
    public func callAsFunction(in collectionView: UICollectionView) -> Int {
        dataSource.numberOfSections(in: collectionView)
    }
}
