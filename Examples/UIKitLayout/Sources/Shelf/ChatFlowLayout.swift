//
//  ChatFlowLayout.swift
//
//  A conversation's flow layout: new messages rise in from the bottom of the screen and fade in, and while the
//  user is at the end of the conversation the list stays at its end as messages arrive (the classic "insert from
//  bottom" recipe: remember what a batch inserts in prepare(forCollectionViewUpdates:), animate it in
//  initialLayoutAttributesForAppearingItem(at:), forget it in finalizeCollectionViewUpdates()). Written as iOS code
//  is written; LayoutBench compiles this file unchanged on Linux.
//

import UIKit

class ChatFlowLayout: UICollectionViewFlowLayout {
    /// What the running batch inserts, to animate in.
    private var insertingIndexPaths: [IndexPath] = []
    private var insertingSections = IndexSet()
    /// The content height before the last prepare(), and whether the user was at the end when the batch began.
    private var contentHeightBeforeUpdate: CGFloat = 0
    private var wasAtBottom = false

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

    override func prepare() {
        contentHeightBeforeUpdate = collectionViewContentSize.height
        super.prepare()
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for updateItem in updateItems where updateItem.updateAction == .insert {
            guard let indexPath = updateItem.indexPathAfterUpdate else { continue }
            if indexPath.item == NSNotFound {
                insertingSections.insert(indexPath.section)
            } else {
                insertingIndexPaths.append(indexPath)
            }
        }
        if let collectionView = collectionView {
            let bottom = contentHeightBeforeUpdate + collectionView.adjustedContentInset.bottom
            wasAtBottom = collectionView.bounds.maxY >= bottom - 1
        }
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        guard let collectionView = collectionView,
              insertingIndexPaths.contains(itemIndexPath) || insertingSections.contains(itemIndexPath.section)
        else { return attributes }
        // A new message starts faded out, at the bottom edge of the screen.
        attributes?.alpha = 0
        attributes?.center = CGPoint(x: collectionView.bounds.midX, y: collectionView.bounds.maxY)
        return attributes
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertingIndexPaths.removeAll()
        insertingSections.removeAll()
        wasAtBottom = false
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        guard wasAtBottom, let collectionView = collectionView else {
            return super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
        }
        // Stay at the end of the conversation.
        let insets = collectionView.adjustedContentInset
        let bottom = collectionViewContentSize.height + insets.bottom - collectionView.bounds.height
        return CGPoint(x: proposedContentOffset.x, y: max(-insets.top, bottom))
    }
}
