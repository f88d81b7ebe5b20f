import UIKit

/// A flow layout configured as the native `flow` family's defaults (pinned 40-point headers, 20-point footers,
/// spacing 10, insets 8, 120 x 44 items) that writes down every call of a batch update, in order, with what
/// `collectionView` showed: the batch-update tests read the log.
final class UpdateRecordingFlowLayout: UICollectionViewFlowLayout {
    /// One line a call: `invalidate counts=true everything=false sections=3`, `prepare`, `updates [...]`,
    /// `initial (1-0)`, `final (0-1)`, `target (0.0, 0.0)`, `finalize`.
    var log: [String] = []
    /// The items of every `prepare(forCollectionViewUpdates:)`, one array a batch.
    var updateBatches: [[UICollectionViewUpdateItem]] = []

    override init() {
        super.init()
        itemSize = CGSize(width: 120, height: 44)
        minimumLineSpacing = 10
        minimumInteritemSpacing = 10
        sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        headerReferenceSize = CGSize(width: 0, height: 40)
        footerReferenceSize = CGSize(width: 0, height: 20)
        sectionHeadersPinToVisibleBounds = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateDataSourceCounts || context.invalidateEverything {
            log.append("invalidate counts=\(context.invalidateDataSourceCounts) "
                + "everything=\(context.invalidateEverything) sections=\(collectionView?.numberOfSections ?? -1)")
        }
        super.invalidateLayout(with: context)
    }

    override func prepare() {
        log.append("prepare")
        super.prepare()
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        updateBatches.append(updateItems)
        log.append("updates [" + updateItems.map(\.description).joined(separator: ", ") + "]")
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        log.append("initial (\(itemIndexPath.section)-\(itemIndexPath.item))")
        return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        log.append("final (\(itemIndexPath.section)-\(itemIndexPath.item))")
        return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        log.append("target (\(proposedContentOffset.x), \(proposedContentOffset.y))")
        return super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
    }

    override func finalizeCollectionViewUpdates() {
        log.append("finalize")
        super.finalizeCollectionViewUpdates()
    }
}
