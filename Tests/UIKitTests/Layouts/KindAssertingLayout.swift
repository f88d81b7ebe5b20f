import UIKit

/// A list with a badge (a custom supplementary kind) on each section's first item and a background decoration
/// behind each section, whose per-element methods trap on a kind they do not know, as many production layouts do
/// (`fatalError("Invalid View Kind")`). It has no headers or footers: a probe of the flow kinds kills it.
final class KindAssertingLayout: UICollectionViewLayout {
    static let badgeKind = "Badge"
    static let backgroundKind = "SectionBackground"

    private var items: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var badges: [Int: UICollectionViewLayoutAttributes] = [:]
    private var backgrounds: [Int: UICollectionViewLayoutAttributes] = [:]
    private var height: CGFloat = 0

    override init() {
        super.init()
        register(CardBackgroundView.self, forDecorationViewOfKind: Self.backgroundKind)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: height)
    }

    override func prepare() {
        guard let collectionView = collectionView else { return }
        let width = collectionView.bounds.width
        items.removeAll()
        badges.removeAll()
        backgrounds.removeAll()
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let top = y
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                attributes.frame = CGRect(x: 16, y: y + 8, width: max(0, width - 32), height: 44)
                items[path] = attributes
                y += 52
            }
            if count > 0 {
                let badge = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: Self.badgeKind,
                                                             with: IndexPath(item: 0, section: section))
                badge.frame = CGRect(x: max(0, width - 40), y: top + 4, width: 28, height: 28)
                badge.zIndex = 1
                badges[section] = badge
                let background = UICollectionViewLayoutAttributes(forDecorationViewOfKind: Self.backgroundKind,
                                                                  with: IndexPath(item: 0, section: section))
                background.frame = CGRect(x: 8, y: top, width: max(0, width - 16), height: y + 8 - top)
                background.zIndex = -1
                backgrounds[section] = background
                y += 16
            }
        }
        height = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let all = Array(items.values) + Array(badges.values) + Array(backgrounds.values)
        return all.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        items[indexPath]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        switch elementKind {
        case Self.badgeKind: return badges[indexPath.section]
        default: fatalError("Invalid View Kind \(elementKind)")
        }
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == Self.backgroundKind else { fatalError("Invalid View Kind \(elementKind)") }
        return backgrounds[indexPath.section]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}

/// The section background's view: it takes the attributes' z-order and transform on its layer, as such views do.
final class CardBackgroundView: UICollectionReusableView {
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        layer.zPosition = CGFloat(layoutAttributes.zIndex)
        layer.transform = layoutAttributes.transform3D
        layer.cornerRadius = 12
    }
}
