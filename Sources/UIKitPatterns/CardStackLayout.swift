//
//  CardStackLayout.swift
//
//  Decks of cards, one deck a section, down the screen. The top three cards of a deck fan out; the others wait
//  under the third, fully transparent, so that a swipe can bring the next one up without a new layout. The rect
//  query leaves the transparent cards out (nothing of them would show); layoutAttributesForItem(at:) answers every
//  card, for the swipe animation.
//

import UIKit

final class CardStackLayout: UICollectionViewLayout {
    static let visibleDepth = 3
    static let cardHeight: CGFloat = 180
    static let fan: CGFloat = 10

    private var decks: [[UICollectionViewLayoutAttributes]] = []
    private var contentHeight: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        decks.removeAll()
        let width = collectionView.bounds.width
        var y: CGFloat = 24
        for section in 0..<collectionView.numberOfSections {
            var deck: [UICollectionViewLayoutAttributes] = []
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                let depth = CGFloat(min(item, CardStackLayout.visibleDepth - 1))
                let inset = 16 + depth * 8
                attributes.frame = CGRect(x: inset, y: y + depth * CardStackLayout.fan,
                                          width: max(0, width - 2 * inset), height: CardStackLayout.cardHeight)
                attributes.zIndex = count - item
                attributes.alpha = item < CardStackLayout.visibleDepth ? 1 - 0.15 * depth : 0
                deck.append(attributes)
            }
            decks.append(deck)
            if count > 0 {
                let fanned = CGFloat(min(count, CardStackLayout.visibleDepth) - 1) * CardStackLayout.fan
                y += CardStackLayout.cardHeight + fanned + 32
            }
        }
        contentHeight = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        decks.joined().filter { $0.alpha > 0 && $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        assert(indexPath.count == 2, "an item's index path has a section and an item")
        guard indexPath.section < decks.count, indexPath.item < decks[indexPath.section].count else { return nil }
        return decks[indexPath.section][indexPath.item]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
