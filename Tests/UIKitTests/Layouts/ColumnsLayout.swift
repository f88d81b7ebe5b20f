import UIKit

/// A decoration view behind each section, registered with the layout, as apps write one.
final class SectionBackgroundView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A custom `UICollectionViewLayout` with a `prepare()` cache, written as iOS code is: equal-width columns, item
/// heights from the delegate's `sizeForItemAt` (an optional call) scaled to the column width and rounded to the
/// screen's pixels, sections stacked, a background decoration per section, and attributes of its own subclass.
final class ColumnsLayout: UICollectionViewLayout {
    static let backgroundKind = "SectionBackground"

    var numberOfColumns = 3
    var spacing: CGFloat = 8

    private var cache: [[BadgeAttributes]] = []
    private var backgrounds: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0
    private var preparedWidth: CGFloat = 0

    override init() {
        super.init()
        register(SectionBackgroundView.self, forDecorationViewOfKind: ColumnsLayout.backgroundKind)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var layoutAttributesClass: AnyClass { BadgeAttributes.self }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            cache.removeAll()
        }
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let width = collectionView.bounds.width
        guard cache.isEmpty || width != preparedWidth else { return }
        cache.removeAll()
        backgrounds.removeAll()
        preparedWidth = width
        let scale = collectionView.traitCollection.displayScale
        let columnWidth = ((width - spacing * CGFloat(numberOfColumns + 1)) / CGFloat(numberOfColumns) * scale)
            .rounded(.down) / scale
        var top: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            var columnBottoms = [CGFloat](repeating: top + spacing, count: numberOfColumns)
            var sectionAttributes: [BadgeAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
                let size = delegate?.collectionView?(collectionView, layout: self, sizeForItemAt: indexPath)
                    ?? CGSize(width: columnWidth, height: columnWidth)
                let height = (size.height * columnWidth / max(size.width, 1) * scale).rounded(.up) / scale
                let column = columnBottoms.firstIndex(of: columnBottoms.min()!)!
                let x = spacing + CGFloat(column) * (columnWidth + spacing)
                let attributes = BadgeAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: x, y: columnBottoms[column], width: columnWidth, height: height)
                attributes.columnIndex = column
                attributes.badgeCount = item % 5
                sectionAttributes.append(attributes)
                columnBottoms[column] = attributes.frame.maxY + spacing
            }
            cache.append(sectionAttributes)
            let bottom = sectionAttributes.isEmpty ? top : columnBottoms.max()!
            if !sectionAttributes.isEmpty {
                let background = UICollectionViewLayoutAttributes(
                    forDecorationViewOfKind: ColumnsLayout.backgroundKind, with: IndexPath(item: 0, section: section))
                background.frame = CGRect(x: 0, y: top, width: width, height: bottom - top)
                background.zIndex = -1
                backgrounds.append(background)
            }
            top = bottom
        }
        contentHeight = top
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for section in cache {
            for attributes in section where attributes.frame.intersects(rect) {
                result.append(attributes)
            }
        }
        result += backgrounds.filter { $0.frame.intersects(rect) }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < cache.count, indexPath.item < cache[indexPath.section].count else { return nil }
        return cache[indexPath.section][indexPath.item]
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == ColumnsLayout.backgroundKind else { return nil }
        return backgrounds.first { $0.indexPath.section == indexPath.section }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
