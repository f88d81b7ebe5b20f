//
//  SelfSizingListLayout.swift
//
//  A list of self-sizing cells, as apps write it: a flow layout whose estimatedItemSize is the list's width by a
//  44 pt guess (reset whenever the width changes, so that a rotation re-estimates every cell), and the common
//  "scroll jump fix": when a cell above the top of the screen turns out taller or shorter than its estimate, the
//  content offset moves by the difference, so that what the user is looking at stays where it is while scrolling
//  up. Written as iOS code is written; LayoutBench compiles this file unchanged on Linux, and the harness's fitted
//  sizes play the cells' preferredLayoutAttributesFitting(_:).
//

import UIKit

class SelfSizingListLayout: UICollectionViewFlowLayout {
    /// The height a cell is assumed to have until it has been sized.
    static let estimatedHeight: CGFloat = 44

    /// The offset adjustments returned since the last prepare(): the cells sized in one pass were all laid out
    /// before any of them moved the offset.
    private var adjustmentSincePrepare: CGFloat = 0

    override init() {
        super.init()
        minimumLineSpacing = 0
        minimumInteritemSpacing = 0
        sectionInset = .zero
        // A width is needed before the collection view is known; prepare() sets the real one.
        estimatedItemSize = CGSize(width: 320, height: SelfSizingListLayout.estimatedHeight)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The cells span the list: the estimate follows the width.
    override func prepare() {
        adjustmentSincePrepare = 0
        if let collectionView = collectionView {
            let width = collectionView.bounds.width - sectionInset.left - sectionInset.right
            if width > 0 && estimatedItemSize.width != width {
                estimatedItemSize = CGSize(width: width, height: SelfSizingListLayout.estimatedHeight)
            }
        }
        super.prepare()
    }

    /// A new width re-lays out the list (the flow layout does this too; apps say it anyway).
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        return newBounds.width != collectionView.bounds.width || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    /// Only the height is the cell's to choose: the width is the list's.
    override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                         withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        return preferredAttributes.frame.height != originalAttributes.frame.height
    }

    /// The scroll jump fix: a cell that starts above the top of the screen pushes everything below it when it
    /// resizes, so the content offset moves with it. The original frame is compared with the offset it was laid
    /// out under (the adjustments already returned for cells of the same pass have moved the offset since).
    override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        guard let collectionView = collectionView else { return context }
        if originalAttributes.frame.minY < collectionView.contentOffset.y - adjustmentSincePrepare {
            let change = preferredAttributes.frame.height - originalAttributes.frame.height
            context.contentOffsetAdjustment = CGPoint(x: 0, y: change)
            adjustmentSincePrepare += change
        }
        return context
    }
}
