//
//  GlobalHeaderFlowLayout.swift
//
//  The global-header layout as apps write it: a flow layout whose first section's header is a global header,
//  always at the top of the bounds and stretched by the overscroll, with every other section's header pinned below
//  it and pushed off by the end of its section. Its query asks super for the rect, drops super's headers, collects
//  the sections of the elements super returns for the rect and for the visible bounds into an index set, and adds
//  each of those sections' headers, pinned. Written as iOS code is written; LayoutBench compiles this file
//  unchanged on Linux.
//

import UIKit

final class GlobalHeaderFlowLayout: UICollectionViewFlowLayout {
    /// The global header's height at rest.
    var globalHeaderHeight: CGFloat = 120

    override init() {
        super.init()
        minimumLineSpacing = 10
        minimumInteritemSpacing = 10
        sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        headerReferenceSize = CGSize(width: 0, height: 40)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // Every scroll moves the pinned headers: invalidate, but keep the flow's metrics (its context names nothing).
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
              let original = super.layoutAttributesForElements(in: rect) else { return nil }
        var answer = original.filter { $0.representedElementKind != UICollectionView.elementKindSectionHeader }
        let sections = NSMutableIndexSet()
        for attributes in super.layoutAttributesForElements(in: rect) ?? [] {
            sections.add(attributes.indexPath.section)
        }
        for attributes in super.layoutAttributesForElements(in: collectionView.bounds) ?? [] {
            sections.add(attributes.indexPath.section)
        }
        if collectionView.numberOfSections > 0 {
            sections.add(0)  // the global header is always on top
        }
        for section in sections {
            if let header = pinnedHeader(inSection: section), header.frame.intersects(rect) {
                answer.append(header)
            }
        }
        return answer
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        if elementKind == UICollectionView.elementKindSectionHeader {
            return pinnedHeader(inSection: indexPath.section)
        }
        return super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
    }

    /// The section's header where it is pinned: the global header at the top of the bounds, stretched by the
    /// overscroll; any other below the global header, pushed off by the end of its section's body.
    private func pinnedHeader(inSection section: Int) -> UICollectionViewLayoutAttributes? {
        guard let collectionView = collectionView,
              let natural = super.layoutAttributesForSupplementaryView(
                  ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section)),
              let header = natural.copy() as? UICollectionViewLayoutAttributes
        else { return nil }
        let bounds = collectionView.bounds
        var frame = header.frame
        if section == 0 {
            frame.origin.y = bounds.minY
            frame.size.height = globalHeaderHeight + max(0, -bounds.minY)
            header.zIndex = 1025
        } else {
            let items = collectionView.numberOfItems(inSection: section)
            var bodyEnd = frame.maxY + sectionInset.top + sectionInset.bottom
            if items > 0,
               let last = super.layoutAttributesForItem(at: IndexPath(item: items - 1, section: section)) {
                bodyEnd = last.frame.maxY + sectionInset.bottom
            }
            let pinTop = max(bounds.minY, 0) + globalHeaderHeight
            frame.origin.y = min(max(pinTop, natural.frame.minY), bodyEnd - frame.height)
            header.zIndex = 1024
        }
        header.frame = frame
        return header
    }
}
