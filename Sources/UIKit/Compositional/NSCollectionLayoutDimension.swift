import LayoutModel
import Layouts

/// One dimension of a compositional element, as UIKit's `NSCollectionLayoutDimension`: a fraction of the
/// container's width or height, an absolute extent, or an estimate (taken as the extent: there are no self-sizing
/// cells here). Backed by ``Layouts/CompositionalDimension``.
open class NSCollectionLayoutDimension: NSObject {
    /// The engine's dimension.
    package let engineDimension: CompositionalDimension

    /// Whether the dimension is `uniformAcrossSiblings(estimate:)`: declared so that a file using it compiles, and
    /// refused in one line when a layout meets it (Guides/UIKitCompositional.md, "Known limits").
    open private(set) var isUniformAcrossSiblings = false

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

    /// Each item as tall (or wide) as the largest of its siblings in its group, from an estimate (iOS 17). Refused
    /// in one line when laid out: the self-sizing engine gives each item of a row its own height (E1).
    open class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        let dimension = NSCollectionLayoutDimension(.estimated(Double(estimatedDimension)))
        dimension.isUniformAcrossSiblings = true
        return dimension
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
        return other.engineDimension == engineDimension && other.isUniformAcrossSiblings == isUniformAcrossSiblings
    }

    open override var hash: Int { engineDimension.hashValue }

    open override var description: String { "NSCollectionLayoutDimension(\(engineDimension))" }
}
