import LayoutModel
import UIKit
import Workloads

/// The collection view's data source and flow delegate in the harness: the workload's counts (the host's, after a
/// data-source change) and its sizes through `sizeForItemAt`. Subclass it to answer more of the delegate (header
/// sizes, per-section insets) as the app's view controller does; the flow delegate's other methods fall back to
/// the layout's own properties.
open class UIKitContentDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    /// The workload's content.
    public let content: ContentSpec
    /// The content's sizes (seeded).
    public let sizes: GridSizes

    /// A data source over `content`.
    public init(_ content: ContentSpec) {
        self.content = content
        self.sizes = content.makeSizes()
        super.init()
    }

    /// The host's section count.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { collectionView.counts.numberOfSections }

    /// The host's item count of `section`.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section < collectionView.counts.numberOfSections ? collectionView.counts.numberOfItems(inSection: section) : 0
    }

    /// A plain cell; never asked by the harness.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }

    /// The content's size of the item (row = section, column = item), counted as a size query.
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             sizeForItemAt indexPath: IndexPath) -> CGSize {
        collectionView.sizeQueries += 1
        let size = sizes.size(row: indexPath.section, column: indexPath.item)
        return CGSize(width: size.width, height: size.height)
    }
}
