//
//  ShelfFlowLayout.swift
//
//  A bookshelf of cards: a flow layout whose headers stick to the top, whose cards know which shelf (line) they
//  stand on, and whose headers dim as the next section pushes them off. Written as iOS code is written; LayoutBench
//  compiles this file unchanged on Linux.
//

import UIKit

/// The context of a shelf invalidation: whether the shelves (lines) must be found again.
final class ShelfInvalidationContext: UICollectionViewFlowLayoutInvalidationContext {
    var invalidateShelves = false
}

/// A card's attributes: the shelf it stands on, counted from the top of its section.
final class ShelfLayoutAttributes: UICollectionViewLayoutAttributes {
    var shelf = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! ShelfLayoutAttributes
        copy.shelf = shelf
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ShelfLayoutAttributes, other.shelf == shelf else { return false }
        return super.isEqual(object)
    }
}

final class ShelfFlowLayout: UICollectionViewFlowLayout {
    /// The top of each shelf, per section, found in `prepare()` from the flow's own frames.
    private var shelfTops: [[CGFloat]] = []
    private var needsShelves = true

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

    override class var layoutAttributesClass: AnyClass {
        return ShelfLayoutAttributes.self
    }

    override class var invalidationContextClass: AnyClass {
        return ShelfInvalidationContext.self
    }

    override func prepare() {
        super.prepare()
        guard needsShelves, let collectionView = collectionView else { return }
        needsShelves = false
        shelfTops = (0..<collectionView.numberOfSections).map { section in
            var tops: [CGFloat] = []
            var lineBottom = -CGFloat.greatestFiniteMagnitude
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                guard let frame = super.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                else { continue }
                if frame.minY >= lineBottom {
                    tops.append(frame.minY)
                }
                lineBottom = max(lineBottom, frame.maxY)
            }
            return tops
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        return original.map { attributes in
            let copy = attributes.copy() as! ShelfLayoutAttributes
            decorate(copy)
            return copy
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() as? ShelfLayoutAttributes else {
            return nil
        }
        decorate(attributes)
        return attributes
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)?
            .copy() as? ShelfLayoutAttributes else { return nil }
        decorate(attributes)
        return attributes
    }

    /// Sets the shelf of a card, and dims a header as the next section pushes it off.
    private func decorate(_ attributes: ShelfLayoutAttributes) {
        guard let collectionView = collectionView else { return }
        switch attributes.representedElementCategory {
        case .cell:
            let section = attributes.indexPath.section
            let tops = section < shelfTops.count ? shelfTops[section] : []
            var shelf = 0
            while shelf + 1 < tops.count && tops[shelf + 1] <= attributes.frame.minY {
                shelf += 1
            }
            attributes.shelf = shelf
        case .supplementaryView where attributes.representedElementKind == UICollectionView.elementKindSectionHeader:
            let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
            let inset = delegate?.collectionView?(collectionView, layout: self,
                                                  insetForSectionAt: attributes.indexPath.section) ?? sectionInset
            let pushed = collectionView.contentOffset.y - attributes.frame.minY
            attributes.alpha = pushed > 0 ? max(0.4, 1 - pushed / max(attributes.frame.height + inset.top, 1)) : 1
        default:
            break
        }
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! ShelfInvalidationContext
        context.invalidateShelves = newBounds.width != collectionView?.bounds.width
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts
            || (context as? ShelfInvalidationContext)?.invalidateShelves == true {
            needsShelves = true
        }
        super.invalidateLayout(with: context)
    }
}
