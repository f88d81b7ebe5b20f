//
//  TagCloudLayout.swift
//
//  Tags wrapped in lines to the view's width, each tag as wide as its text (the delegate's size) and 32 points
//  high. The lines are computed in prepare(); the layout never asks to be invalidated on a bounds change, because
//  the app tells it when the width changes: its view controller calls invalidateLayout() in
//  viewWillTransition(to:with:), as the layout's documentation asks.
//

import UIKit

final class TagCloudLayout: UICollectionViewLayout {
    static let tagHeight: CGFloat = 32
    static let spacing: CGFloat = 8

    private var tags: [[UICollectionViewLayoutAttributes]] = []
    private var contentHeight: CGFloat = 0
    private var width: CGFloat = 0

    override var collectionViewContentSize: CGSize { CGSize(width: width, height: contentHeight) }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView,
              let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        else { return }
        width = collectionView.bounds.width
        tags.removeAll()
        let spacing = TagCloudLayout.spacing
        var x = spacing, y = spacing
        for section in 0..<collectionView.numberOfSections {
            var line: [UICollectionViewLayoutAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = delegate.collectionView?(collectionView, layout: self, sizeForItemAt: indexPath)
                    ?? CGSize(width: 60, height: TagCloudLayout.tagHeight)
                let tagWidth = min(size.width, max(0, width - 2 * spacing))
                if x + tagWidth > width - spacing && x > spacing {
                    x = spacing
                    y += TagCloudLayout.tagHeight + spacing
                }
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: x, y: y, width: tagWidth, height: TagCloudLayout.tagHeight)
                line.append(attributes)
                x += tagWidth + spacing
            }
            tags.append(line)
        }
        contentHeight = y + TagCloudLayout.tagHeight + spacing
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        tags.joined().filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < tags.count, indexPath.item < tags[indexPath.section].count else { return nil }
        return tags[indexPath.section][indexPath.item]
    }

    /// The app invalidates the layout when the size changes (viewWillTransition), so scrolls and rotations alike
    /// leave it alone here.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
}
