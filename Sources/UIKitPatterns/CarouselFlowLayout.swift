//
//  CarouselFlowLayout.swift
//
//  A horizontal carousel of cards. The first and last cards stop in the middle of the screen: prepare() sets the
//  section inset from the view's width after super.prepare() (setting it invalidates the layout, so UIKit lays out
//  again with it). Cards shrink and fade with their distance from the centre, so every scroll re-lays out.
//

import UIKit

final class CarouselFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 260, height: 480)
        minimumLineSpacing = 16
        minimumInteritemSpacing = 16
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let inset = max(0, (collectionView.bounds.width - itemSize.width) / 2)
        let vertical = max(0, (collectionView.bounds.height - itemSize.height) / 2)
        sectionInset = UIEdgeInsets(top: vertical, left: inset, bottom: vertical, right: inset)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { attributes in
            let card = attributes.copy() as! UICollectionViewLayoutAttributes
            shape(card)
            return card
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let card = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes else {
            return nil
        }
        shape(card)
        return card
    }

    /// Smaller and fainter away from the centre of the screen, down to 80 % at a screen's width.
    private func shape(_ card: UICollectionViewLayoutAttributes) {
        guard let collectionView = collectionView, card.representedElementCategory == .cell else { return }
        let distance = abs(card.center.x - collectionView.bounds.midX)
        let ratio = min(1, distance / max(collectionView.bounds.width, 1))
        let scale = 1 - 0.2 * ratio
        card.transform = CGAffineTransform(scaleX: scale, y: scale)
        card.alpha = 1 - 0.4 * ratio
    }

    /// Stops on a card.
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        let pitch = itemSize.width + minimumLineSpacing
        let page = (proposedContentOffset.x / pitch).rounded()
        return CGPoint(x: page * pitch, y: proposedContentOffset.y)
    }
}
