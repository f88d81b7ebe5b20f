import UIKit

/// A layout-attributes subclass as iOS code writes one: an extra property, copied in `copy(with:)` and compared in
/// `isEqual(_:)`.
final class BadgeAttributes: UICollectionViewLayoutAttributes {
    var badgeCount = 0
    var columnIndex = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! BadgeAttributes
        copy.badgeCount = badgeCount
        copy.columnIndex = columnIndex
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? BadgeAttributes else { return false }
        return other.badgeCount == badgeCount && other.columnIndex == columnIndex && super.isEqual(object)
    }
}
