//
//  LeftAlignedFlowLayout.swift
//
//  Tags in lines, left-aligned: UICollectionViewFlowLayout justifies each line, this subclass packs its items to
//  the left. The classic recipe: walk super's answer, restart at the left inset whenever an item starts below the
//  line so far. It is right whenever the rect holds every item of each line it touches, which the collection view's
//  rects do (they span its width); a narrower rect hands it part of a line, and those items are packed from the
//  left inset, where they are not.
//

import UIKit

class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        minimumInteritemSpacing = 8
        minimumLineSpacing = 8
        sectionInset = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        let attributes = original.map { $0.copy() as! UICollectionViewLayoutAttributes }
        var leftMargin = sectionInset.left
        var maxY: CGFloat = -1
        let cells = attributes.filter { $0.representedElementCategory == .cell }
            .sorted { ($0.indexPath.section, $0.indexPath.item) < ($1.indexPath.section, $1.indexPath.item) }
        for cell in cells {
            if cell.frame.origin.y >= maxY {
                leftMargin = sectionInset.left
            }
            cell.frame.origin.x = leftMargin
            leftMargin += cell.frame.width + minimumInteritemSpacing
            maxY = max(cell.frame.maxY, maxY)
        }
        return attributes
    }

    /// The item as its line packs it: the line across the whole width, packed as above.
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let item = super.layoutAttributesForItem(at: indexPath) else { return nil }
        let line = CGRect(x: 0, y: item.frame.minY, width: collectionViewContentSize.width, height: item.frame.height)
        return layoutAttributesForElements(in: line)?.first {
            $0.representedElementCategory == .cell && $0.indexPath == indexPath
        }
    }
}
