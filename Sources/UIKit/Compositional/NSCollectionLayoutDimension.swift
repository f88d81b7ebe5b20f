import LayoutModel
import Layouts

/// One dimension of a compositional element, as UIKit's `NSCollectionLayoutDimension`: a fraction of the
/// container's width or height, an absolute extent, or an estimate (taken as the extent: there are no self-sizing
/// cells here). Backed by ``Layouts/CompositionalDimension``.
open class NSCollectionLayoutDimension: NSObject {
    /// The engine's dimension.
    package let engineDimension: CompositionalDimension

    /// Whether the dimension is `uniformAcrossSiblings(estimate:)` (an item's height: rule E7; refused elsewhere,
    /// Guides/UIKitCompositional.md, "Known limits").
    open var isUniformAcrossSiblings: Bool {
        if case .uniformAcrossSiblings = engineDimension { return true }
        return false
    }

    package init(_ dimension: CompositionalDimension) {
        engineDimension = dimension
        super.init()
    }

    /// A fraction of the container's effective width.
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth(Double(fractionalWidth)))
    }

    /// A fraction of the container's effective height.
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight(Double(fractionalHeight)))
    }

    /// An extent in points.
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute(Double(absoluteDimension)))
    }

    /// An estimated extent in points; without self-sizing cells it is the extent.
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated(Double(estimatedDimension)))
    }

    /// Each item as tall as the largest of its self-sizing siblings in its group, from an estimate (iOS 17): an
    /// item's height in a group of `.estimated` height (E7 of Guides/CompositionalLayout.md). Refused in one line on
    /// a group (its largest size shared across the section), as a width, and on a boundary item.
    open class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.uniformAcrossSiblings(Double(estimatedDimension)))
    }

    open var isFractionalWidth: Bool {
        if case .fractionalWidth = engineDimension { return true }
        return false
    }

    open var isFractionalHeight: Bool {
        if case .fractionalHeight = engineDimension { return true }
        return false
    }

    open var isAbsolute: Bool {
        if case .absolute = engineDimension { return true }
        return false
    }

    /// Whether the dimension is an estimate: `estimated(_:)`, and `uniformAcrossSiblings(estimate:)` (an estimate
    /// too; **our choice**, Apple is silent).
    open var isEstimated: Bool { engineDimension.isEstimated }

    /// The fraction, the points or the estimate.
    open var dimension: CGFloat { CGFloat(engineDimension.value) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSCollectionLayoutDimension else { return false }
        return other.engineDimension == engineDimension
    }

    open override var hash: Int { engineDimension.hashValue }

    open override var description: String { "NSCollectionLayoutDimension(\(engineDimension))" }
}
