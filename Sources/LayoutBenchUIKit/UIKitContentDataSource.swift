import LayoutModel
import Layouts
import UIKit
import Scenarios

/// The collection view's data source and flow delegate in the harness: the workload's counts (the host's, after a
/// data-source change or a batch update) and its sizes through `sizeForItemAt`. When the trace's data model has set
/// the content's `ItemIdentities` (``Scenarios/ContentSpec/identities``) before the layout is made, a size is that of
/// the item's key, so an item keeps its size wherever a batch moves it, as the app's model keeps it. Every `UICollectionViewDelegateFlowLayout` method and
/// both counts are open methods of this class, so a subclass overrides any of them (header and footer sizes, insets
/// and spacings per section) as the app's view controller answers them:
///
/// ```swift
/// final class AppDataSource: UIKitContentDataSource {
///     override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
///                                  referenceSizeForHeaderInSection section: Int) -> CGSize {
///         CGSize(width: 0, height: section == 0 ? 60 : 30)
///     }
/// }
/// ```
///
/// The defaults are UIKit's fall-backs for a delegate that does not implement the method: the flow layout's own
/// property (`sectionInset`, `minimumLineSpacing`, `minimumInteritemSpacing`, `headerReferenceSize`,
/// `footerReferenceSize`), or UIKit's default when the layout is not a flow layout. A subclass that answers sizes
/// itself counts its calls in `collectionView.sizeQueries`, as ``collectionView(_:layout:sizeForItemAt:)`` does.
open class UIKitContentDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    /// The workload's content.
    public let content: ContentSpec
    /// The content's sizes (seeded), through its identities when a trace's data model set them.
    public let sizes: any GridSizeProvider

    /// A data source over `content`.
    public init(_ content: ContentSpec) {
        self.content = content
        self.sizes = content.makeSizeProvider()
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

    /// The flow layout's `sectionInset` (none for another layout).
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }

    /// The flow layout's `minimumLineSpacing` (UIKit's 10 for another layout).
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }

    /// The flow layout's `minimumInteritemSpacing` (UIKit's 10 for another layout).
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }

    /// The flow layout's `headerReferenceSize` (none for another layout).
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }

    /// The flow layout's `footerReferenceSize` (none for another layout).
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}
