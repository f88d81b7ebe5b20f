//
//  GalleryLayoutDelegate.swift
//
//  What a gallery asks its collection view's delegate. Only the item height is required; a delegate that sizes
//  headers also spaces them.
//

import UIKit

@objc protocol GalleryLayoutDelegate: UICollectionViewDelegate {
    /// The height of an item laid out `width` points wide.
    func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath,
                        width: CGFloat) -> CGFloat

    /// The height of a section's header; the layout's `headerHeight` when not implemented.
    @objc optional func collectionView(_ collectionView: UICollectionView,
                                       heightForHeaderInSection section: Int) -> CGFloat

    /// The space between a header and its items. Implemented by every delegate that sizes headers.
    @objc optional func collectionView(_ collectionView: UICollectionView,
                                       spacingBelowHeaderInSection section: Int) -> CGFloat

    /// The number of columns; the layout's `columnCount` when not implemented.
    @objc(numberOfColumnsInCollectionView:)
    optional func numberOfColumns(in collectionView: UICollectionView) -> Int

    /// Told after every preparation.
    @objc optional func galleryLayout(_ layout: GalleryLayout, didPrepareSections sectionCount: Int)
}
