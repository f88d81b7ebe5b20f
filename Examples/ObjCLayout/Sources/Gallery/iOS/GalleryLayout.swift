//
//  GalleryLayout.swift
//
//  A waterfall gallery: items in columns of equal width, each item under the shortest column, a header above each
//  section. Written as the app writes it, Objective-C attributes and all.
//

import UIKit

/// A gallery item's attributes: the column it stands in.
@objcMembers
final class GalleryLayoutAttributes: UICollectionViewLayoutAttributes {
    dynamic var column = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! GalleryLayoutAttributes
        copy.column = column
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? GalleryLayoutAttributes, other.column == column else { return false }
        return super.isEqual(object)
    }
}

@objc(LBGalleryLayout)
final class GalleryLayout: UICollectionViewLayout {
    @objc dynamic var columnCount = 2 {
        didSet { invalidateLayout() }
    }
    @objc dynamic var spacing: CGFloat = 8
    @objc var headerHeight: CGFloat = 30

    var itemAttributes: [[GalleryLayoutAttributes]] = []
    var headerAttributes: [GalleryLayoutAttributes?] = []
    var contentHeight: CGFloat = 0

    @nonobjc var delegate: GalleryLayoutDelegate? {
        return collectionView?.delegate as? GalleryLayoutDelegate
    }

    override class var layoutAttributesClass: AnyClass {
        return GalleryLayoutAttributes.self
    }

    override var collectionViewContentSize: CGSize {
        return CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    @objc func columnWidth(for width: CGFloat, columns: Int) -> CGFloat {
        return max(0, (width - spacing * CGFloat(columns + 1)) / CGFloat(columns))
    }
}

// MARK: - Invalidation

extension GalleryLayout {
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return newBounds.width != collectionView?.bounds.width
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            contentHeight = 0
        }
    }
}
