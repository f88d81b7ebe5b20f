//
//  GroupedCardsLayout.swift
//
//  An inset-grouped list: each section a card of rows, the card's outer corners rounded. The layout computes each
//  row's mask (the top corners of a section's first row, the bottom corners of its last, all four of a lone row) and
//  carries it in its own attributes class; the cell masks its layer with it and answers touches only inside it. The
//  leading margin is wider than the trailing one (room for a badge) and follows the app's layout direction. Scrolling
//  ends on a row: targetContentOffset asks the collection view which row is under the proposed offset.
//

import UIKit

final class GroupedCardAttributes: UICollectionViewLayoutAttributes {
    /// The row's outline, in its own coordinates; nil for a row with square corners.
    var maskPath: UIBezierPath?

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! GroupedCardAttributes
        copy.maskPath = maskPath?.copy() as? UIBezierPath
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? GroupedCardAttributes else { return false }
        return super.isEqual(object) && other.maskPath == maskPath
    }
}

final class GroupedCardCell: UICollectionViewCell {
    private let shape = CAShapeLayer()
    private var outline: UIBezierPath?

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        outline = (layoutAttributes as? GroupedCardAttributes)?.maskPath
        shape.path = outline?.cgPath
        shape.fillColor = UIColor.black.cgColor
        layer.mask = outline == nil ? nil : shape
    }

    /// Touches in a rounded corner's cut-out belong to whatever is behind the card.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let outline = outline else { return super.point(inside: point, with: event) }
        return outline.contains(point)
    }
}

final class GroupedCardsLayout: UICollectionViewLayout {
    static let rowHeight: CGFloat = 52
    static let cornerRadius: CGFloat = 12
    static let sectionSpacing: CGFloat = 24

    private var rows: [[GroupedCardAttributes]] = []
    private var contentHeight: CGFloat = 0

    override class var layoutAttributesClass: AnyClass { GroupedCardAttributes.self }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        rows.removeAll()
        let rightToLeft = UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft
        let leading: CGFloat = 20, trailing: CGFloat = 16
        let x = rightToLeft ? trailing : leading
        let width = max(0, collectionView.bounds.width - leading - trailing)
        let radii = CGSize(width: GroupedCardsLayout.cornerRadius, height: GroupedCardsLayout.cornerRadius)
        var y = GroupedCardsLayout.sectionSpacing
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            var card: [GroupedCardAttributes] = []
            for item in 0..<count {
                let attributes = GroupedCardAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: x, y: y, width: width, height: GroupedCardsLayout.rowHeight)
                var corners: UIRectCorner = []
                if item == 0 { corners.formUnion([.topLeft, .topRight]) }
                if item == count - 1 { corners.formUnion([.bottomLeft, .bottomRight]) }
                if !corners.isEmpty {
                    attributes.maskPath = UIBezierPath(roundedRect: attributes.bounds, byRoundingCorners: corners,
                                                       cornerRadii: radii)
                }
                card.append(attributes)
                y += GroupedCardsLayout.rowHeight
            }
            rows.append(card)
            if count > 0 { y += GroupedCardsLayout.sectionSpacing }
        }
        contentHeight = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for card in rows {
            guard let first = card.first, let last = card.last, first.frame.minY < rect.maxY,
                  last.frame.maxY > rect.minY
            else { continue }
            result.append(contentsOf: card.filter { $0.frame.intersects(rect) })
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < rows.count, indexPath.item < rows[indexPath.section].count else { return nil }
        return rows[indexPath.section][indexPath.item]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        fatalError("GroupedCardsLayout has no supplementary views; asked for \(elementKind)")
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    /// Ends a scroll with the row under the proposed offset at the top.
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let collectionView = collectionView,
              let indexPath = collectionView.indexPathForItem(at: CGPoint(x: collectionView.bounds.midX,
                                                                          y: proposedContentOffset.y + 1)),
              let row = layoutAttributesForItem(at: indexPath)
        else { return proposedContentOffset }
        return CGPoint(x: proposedContentOffset.x, y: row.frame.minY)
    }
}
